import { expect, test } from 'vitest'
import { loadOnce } from '#app/utils/load-once.ts'

test('a module loads once, and a failed load (no signal) is tried again on the next call', async () => {
  let calls = 0
  let online = false
  const load = loadOnce(async () => {
    calls += 1
    if (!online) throw new TypeError('Failed to fetch dynamically imported module')
    return { ready: true }
  })
  await expect(load()).rejects.toThrow('Failed to fetch')
  await expect(load()).rejects.toThrow('Failed to fetch')
  expect(calls).toBe(2)
  online = true
  const [a, b] = await Promise.all([load(), load()])
  expect(a).toBe(b)
  await load()
  expect(calls).toBe(3)
})
