/**
 * `npm run bench:memory -- --limit 450` (decision 050): runs the server, and with it every
 * Chromium process it starts, in a Linux memory cgroup capped at the budget, the way a 512 MB
 * machine caps it: under pressure the kernel first drops clean file pages (executables' code),
 * and only when the memory it cannot drop passes the cap does it kill a process. The run then
 * proves the budget by what matters to the users: every answer and every PDF arrived, and no
 * process was killed. Needs root and a writable cgroup file system (v2, or v1's memory
 * controller); elsewhere it says so and the bench runs without a cap.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export interface MemoryCap {
  /** Where the cap lives, for the report. */
  path: string
  /** Moves a process (and the children it starts afterwards) under the cap. */
  add(pid: number): void
  /** Peak memory charged to the group (bytes), how often the cap was hit, and processes killed for memory. */
  report(): { peakBytes: number | null; limitHits: number; oomKills: number }
  remove(): void
}

const V2 = '/sys/fs/cgroup'
const V1 = '/sys/fs/cgroup/memory'

function readNumber(file: string, key?: string): number {
  const text = readFileSync(file, 'utf8')
  if (!key) return Number(text.trim())
  return Number(new RegExp(`^${key} (\\d+)`, 'm').exec(text)?.[1] ?? 0)
}

export function capMemory(mib: number): MemoryCap | string {
  const name = `operon-bench-${process.pid}`
  const bytes = String(mib * 1024 * 1024)
  try {
    if (existsSync(join(V2, 'cgroup.controllers')) && readFileSync(join(V2, 'cgroup.controllers'), 'utf8').includes('memory')) {
      const dir = join(V2, name)
      mkdirSync(dir)
      writeFileSync(join(dir, 'memory.max'), bytes)
      writeFileSync(join(dir, 'memory.swap.max'), '0')
      return {
        path: dir,
        add: (pid) => writeFileSync(join(dir, 'cgroup.procs'), String(pid)),
        report: () => ({
          peakBytes: existsSync(join(dir, 'memory.peak')) ? readNumber(join(dir, 'memory.peak')) : null,
          limitHits: readNumber(join(dir, 'memory.events'), 'max'),
          oomKills: readNumber(join(dir, 'memory.events'), 'oom_kill'),
        }),
        remove: () => rmdirSync(dir),
      }
    }
    if (existsSync(join(V1, 'memory.limit_in_bytes'))) {
      const dir = join(V1, name)
      mkdirSync(dir)
      writeFileSync(join(dir, 'memory.limit_in_bytes'), bytes)
      // Without swap accounting this file is absent; the machines have no swap either way.
      if (existsSync(join(dir, 'memory.memsw.limit_in_bytes'))) writeFileSync(join(dir, 'memory.memsw.limit_in_bytes'), bytes)
      return {
        path: dir,
        add: (pid) => writeFileSync(join(dir, 'cgroup.procs'), String(pid)),
        report: () => ({
          peakBytes: readNumber(join(dir, 'memory.max_usage_in_bytes')),
          limitHits: readNumber(join(dir, 'memory.failcnt')),
          oomKills: readNumber(join(dir, 'memory.oom_control'), 'oom_kill'),
        }),
        remove: () => rmdirSync(dir),
      }
    }
    return 'no memory cgroup controller here'
  } catch (error) {
    return `cannot create a memory cgroup (${(error as Error).message}); run as root on a machine with a writable /sys/fs/cgroup`
  }
}
