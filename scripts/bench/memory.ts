/**
 * Memory of a process and all its descendants (the server and its Chromium), RSS and PSS
 * (tests/helpers/proc-tree.ts).
 */
import { descendantsOf, usageOf, usageOfAll } from '#tests/helpers/proc-tree.ts'

export interface Usage {
  processes: number
  rssKiB: number
  pssKiB: number
  /** PSS the kernel cannot drop under pressure: anonymous and shared memory (not clean file pages). */
  pssAnonKiB: number
}
export interface TreeUsage {
  /** The root process alone (the Node server). */
  server: Usage
  /** Its descendants (Chromium's browser, renderers, zygotes, GPU/utility processes). */
  children: Usage
  total: Usage
}

const FIELDS = ['processes', 'rssKiB', 'pssKiB', 'pssAnonKiB'] as const
const zero = (): Usage => ({ processes: 0, rssKiB: 0, pssKiB: 0, pssAnonKiB: 0 })

export function treeUsage(root: number): TreeUsage {
  const own = usageOf(root)
  const server = own ? { processes: 1, rssKiB: own.rss, pssKiB: own.pss, pssAnonKiB: own.pssAnon } : zero()
  const children = usageOfAll(descendantsOf(root).map((d) => d.pid))
  return {
    server,
    children,
    total: {
      processes: server.processes + children.processes,
      rssKiB: server.rssKiB + children.rssKiB,
      pssKiB: server.pssKiB + children.pssKiB,
      pssAnonKiB: server.pssAnonKiB + children.pssAnonKiB,
    },
  }
}

/** Samples `treeUsage(root)` every `everyMs` until stopped; keeps the peak (by total PSS) and the peak of each part. */
export function sampleTree(root: number, everyMs = 50) {
  const peak = { server: zero(), children: zero(), total: zero() }
  const take = () => {
    const u = treeUsage(root)
    for (const part of ['server', 'children', 'total'] as const) {
      for (const f of FIELDS) peak[part][f] = Math.max(peak[part][f], u[part][f])
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
