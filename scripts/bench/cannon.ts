/**
 * One autocannon run of one path (scripts/bench.ts, scripts/bench/libsql.ts): against one server,
 * or spread over several (autocannon gives connection i to url i mod n), with its
 * throughput, p50 and p99.
 */
import { randomUUID } from 'node:crypto'
import autocannon from 'autocannon'
import type { Path } from './requests.ts'

export interface Run {
  rps: number
  p50: number
  p99: number
  requests: number
  bad: number
  bytesPerReq: number
}

export interface CannonOptions {
  /** Length of a run (ignored with `short`). */
  seconds: number
  /** A fixed number of requests (2 per connection) instead of a duration: for CI, never a timing. */
  short: boolean
  /** Connections in all (default: the path's). */
  connections?: number
  /**
   * The public URL of several servers behind one name, as a load balancer passes it on: the
   * Origin and Host headers of every request (default: the first URL's origin, the URL's own host).
   * The app lets only its own origin write, and Remix's actions want the Host to match it.
   */
  origin?: string
}

export async function cannon(target: string | string[], p: Path, opts: CannonOptions): Promise<Run> {
  const urls = Array.isArray(target) ? target : [target]
  const origin = opts.origin ?? new URL(urls[0]!).origin
  const host: Record<string, string> = opts.origin ? { host: new URL(opts.origin).host } : {}
  const connections = opts.connections ?? p.connections
  const started = performance.now()
  const result = await autocannon({
    url: urls.length === 1 ? urls[0]! : urls,
    connections,
    // A slow answer on a busy machine is slow, not an error (autocannon's default gives up after 10 s).
    timeout: 120,
    // short: a fixed number of requests (a slow path on a busy machine still answers some).
    ...(opts.short ? { amount: connections * 2 } : { duration: opts.seconds }),
    requests: [
      {
        method: p.method,
        path: p.path,
        headers: { ...p.headers, origin, ...host },
        ...(p.body ? { setupRequest: (req: Record<string, unknown>) => ({ ...req, body: p.body!(randomUUID()) }) } : {}),
      },
    ],
  })
  let requests = result.requests.total
  let elapsed = opts.short ? (performance.now() - started) / 1000 : opts.seconds
  // A path slower than the run (getAllVehicles on a busy machine) finished nothing: once more,
  // a fixed number of requests, timed from start to the last answer.
  if (requests === 0 && !opts.short) {
    const again = performance.now()
    const slow = await autocannon({
      url: urls.length === 1 ? urls[0]! : urls,
      connections,
      timeout: 120,
      amount: connections * 2,
      requests: [{ method: p.method, path: p.path, headers: { ...p.headers, origin, ...host } }],
    })
    Object.assign(result, { latency: slow.latency, throughput: slow.throughput, non2xx: result.non2xx + slow.non2xx, errors: result.errors + slow.errors, timeouts: result.timeouts + slow.timeouts })
    requests = slow.requests.total
    elapsed = (performance.now() - again) / 1000
  }
  return {
    rps: requests / elapsed,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests,
    bad: result.non2xx + result.errors + result.timeouts,
    bytesPerReq: requests ? result.throughput.total / requests : 0,
  }
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2) : NaN
}
