// The part of autocannon's API `npm run bench` uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Request {
      method?: string
      path?: string
      headers?: Record<string, string>
      body?: string | Buffer
      setupRequest?: (req: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>
    }
    interface Options {
      /** Several: connection i goes to url i mod n. */
      url: string | string[]
      connections?: number
      duration?: number
      amount?: number
      timeout?: number
      requests?: Request[]
    }
    interface Histogram {
      average: number
      mean: number
      total: number
      p50: number
      p90: number
      p99: number
      max: number
    }
    interface Result {
      requests: Histogram
      latency: Histogram
      throughput: Histogram
      errors: number
      timeouts: number
      non2xx: number
    }
  }
  function autocannon(opts: autocannon.Options): Promise<autocannon.Result>
  export default autocannon
}
