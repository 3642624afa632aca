/**
 * Memory of a process and all its descendants (the server and its Chromium), from /proc:
 * RSS (VmRSS; shared pages counted in every process) and PSS (smaps_rollup; shared pages
 * divided among the processes sharing them, so the sum is what the tree really holds).
 */
import { readdirSync, readFileSync } from 'node:fs'

export interface Usage {
  processes: number
  rssKiB: number
  pssKiB: number
}
export interface TreeUsage {
  /** The root process alone (the Node server). */
  server: Usage
  /** Its descendants (Chromium's browser, renderers, zygotes, GPU/utility processes). */
  children: Usage
  total: Usage
}

function usageOf(pid: number): { rss: number; pss: number } | null {
  try {
    const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
    let pss = rss
    try {
      pss = Number(/Pss:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? rss)
    } catch {
      // No smaps_rollup (old kernel, other user): PSS falls back to RSS.
    }
    return { rss, pss }
  } catch {
    return null
  }
}

export function treeUsage(root: number): TreeUsage {
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
  const server = { processes: 0, rssKiB: 0, pssKiB: 0 }
  const children = { processes: 0, rssKiB: 0, pssKiB: 0 }
  const own = usageOf(root)
  if (own) Object.assign(server, { processes: 1, rssKiB: own.rss, pssKiB: own.pss })
  for (const pid of parent.keys()) {
    if (pid === root) continue
    let descendant = false
    for (let p = parent.get(pid); p; p = parent.get(p)) {
      if (p === root) {
        descendant = true
        break
      }
    }
    if (!descendant) continue
    const u = usageOf(pid)
    if (!u) continue
    children.processes++
    children.rssKiB += u.rss
    children.pssKiB += u.pss
  }
  return {
    server,
    children,
    total: { processes: server.processes + children.processes, rssKiB: server.rssKiB + children.rssKiB, pssKiB: server.pssKiB + children.pssKiB },
  }
}

/** Samples `treeUsage(root)` every `everyMs` until stopped; keeps the peak (by total PSS) and the peak of each part. */
export function sampleTree(root: number, everyMs = 50) {
  const peak = { server: { processes: 0, rssKiB: 0, pssKiB: 0 }, children: { processes: 0, rssKiB: 0, pssKiB: 0 }, total: { processes: 0, rssKiB: 0, pssKiB: 0 } }
  const take = () => {
    const u = treeUsage(root)
    for (const part of ['server', 'children', 'total'] as const) {
      peak[part].processes = Math.max(peak[part].processes, u[part].processes)
      peak[part].rssKiB = Math.max(peak[part].rssKiB, u[part].rssKiB)
      peak[part].pssKiB = Math.max(peak[part].pssKiB, u[part].pssKiB)
    }
  }
  take()
  const timer = setInterval(take, everyMs)
  return {
    stop(): TreeUsage {
      clearInterval(timer)
      take()
      return peak
    },
  }
}

export const mib = (kib: number) => Math.round(kib / 1024)
