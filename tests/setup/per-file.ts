import { afterEach, beforeEach, vi } from 'vitest'

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
