/**
 * The processes descended from a process (the server's or a test worker's Chromium), from
 * /proc, and what each holds in memory: RSS (VmRSS; shared pages counted in every process) and
 * PSS (smaps_rollup; shared pages divided among the processes sharing them, so the sum is what
 * the tree really holds), and the part of PSS the kernel cannot drop under pressure (anonymous
 * and shared memory, `Pss_Anon` + `Pss_Shmem`; the rest is clean pages of files, such as the
 * executables' code, reread from disk when needed). Linux only, like the machines Operon runs on.
 */
import { readdirSync, readFileSync } from 'node:fs'

export interface Descendant {
  pid: number
  /** The command line's words (Chromium rewrites its children's into one space-separated string). */
  args: string[]
}

export function descendantsOf(root: number): Descendant[] {
  const parent = new Map<number, number>()
  for (const name of readdirSync('/proc')) {
    const pid = Number(name)
    if (!Number.isInteger(pid)) continue
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      parent.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // Gone meanwhile.
    }
  }
  const out: Descendant[] = []
  for (const pid of parent.keys()) {
    if (pid === root) continue
    let descendant = false
    for (let p = parent.get(pid); p !== undefined && p > 0; p = parent.get(p)) {
      if (p === root) {
        descendant = true
        break
      }
    }
    if (!descendant) continue
    try {
      out.push({ pid, args: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/).filter(Boolean) })
    } catch {
      // Gone meanwhile.
    }
  }
  return out
}

/** Chromium's processes among them (the browser, its renderers, zygotes, utilities). */
export const isChromium = (d: Descendant) => Boolean(d.args[0]?.includes('chrom'))

/** RSS, PSS and PSS that cannot be dropped (anonymous + shared memory) of one process in KiB, or null when it is gone. */
export function usageOf(pid: number): { rss: number; pss: number; pssAnon: number } | null {
  try {
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
    let pss = rss
    let pssAnon = rss
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
      const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? NaN)
      pss = field('Pss') || rss
      const anon = field('Pss_Anon') + field('Pss_Shmem')
      pssAnon = Number.isFinite(anon) ? anon : pss
    } catch {
      // No smaps_rollup (old kernel, other user): PSS falls back to RSS.
    }
    return { rss, pss, pssAnon }
  } catch {
    return null
  }
}

/** Processes, RSS, PSS and PSS that cannot be dropped (KiB) summed over `pids`. */
export function usageOfAll(pids: number[]) {
  const total = { processes: 0, rssKiB: 0, pssKiB: 0, pssAnonKiB: 0 }
  for (const pid of pids) {
    const u = usageOf(pid)
    if (!u) continue
    total.processes++
    total.rssKiB += u.rss
    total.pssKiB += u.pss
    total.pssAnonKiB += u.pssAnon
  }
  return total
}
