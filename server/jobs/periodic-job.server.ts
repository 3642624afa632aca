/**
 * A piece of background work run on a timer (the alert digest, the retention job): the first
 * run `firstDelayMs` after start, then every `intervalMs`. Runs never overlap; the timers are
 * unref'd (they never keep the process alive); a failed run is logged and the next tick tries
 * again; `stop` waits for a run in progress. The work takes its own lease (decision 041).
 */
import { logger } from '../log.server.ts'

export interface PeriodicJob {
  /** Runs now (or waits for the run in progress); resolves when it is done. */
  tick(): Promise<void>
  /** Stops the timers and waits for a run in progress. */
  stop(): Promise<void>
}

export function startPeriodicJob(
  name: string,
  work: (stopped: () => boolean) => Promise<unknown>,
  opts: { firstDelayMs: number; intervalMs: number },
): PeriodicJob {
  let running: Promise<void> | null = null
  let stopped = false
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve()
    running ??= (async () => {
      try {
        await work(() => stopped)
      } catch (error) {
        logger().error({ err: error }, `${name} run failed`)
      }
    })().finally(() => {
      running = null
    })
    return running
  }
  const first = setTimeout(() => void run(), opts.firstDelayMs)
  first.unref()
  const timer = setInterval(() => void run(), opts.intervalMs)
  timer.unref()
  return {
    tick: run,
    async stop() {
      stopped = true
      clearTimeout(first)
      clearInterval(timer)
      await running
    },
  }
}
