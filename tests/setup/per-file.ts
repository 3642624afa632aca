import { afterAll, afterEach, beforeEach, vi } from 'vitest'
import { processState } from '#db/process-state.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { descendantsOf, isChromium } from '#tests/helpers/proc-tree.ts'

// Test files share their worker process (vitest.config.ts `isolate: false`, decision 047): what
// a file changes in the process environment, the clock or the process database is put back,
// and the PDF browser it started is closed, when it ends, so the next file starts as if alone.
const envAtStart = { ...process.env }
afterAll(async () => {
  // A PDF browser a file started through the server modules it imported (startApp closes its own).
  await (await import('#server/pdf/render.server.ts')).closePdfBrowser()
  // What a closed browser left behind (its crash handler, a helper still exiting) would count
  // as this process's Chromium in the next file: end this process's own Chromium descendants.
  for (const { pid } of descendantsOf(process.pid).filter(isChromium)) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // Already gone.
    }
  }
  for (const key of Object.keys(process.env)) if (!(key in envAtStart)) delete process.env[key]
  Object.assign(process.env, envAtStart)
  resetEnvCache()
  vi.useRealTimers()
  processState<{ db?: unknown }>('db', () => ({})).db = undefined
})

// A test that logs an error it did not expect fails: errors must not pass silently.
let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  if (errors.length) {
    throw new Error(`console.error was called unexpectedly:\n${errors.map((a) => a.map(String).join(' ')).join('\n')}`)
  }
})
