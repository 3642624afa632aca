import { expect, test } from 'vitest'
import { loadOnce, whenLoaded } from '#app/utils/load-once.ts'

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

test('whenLoaded hands the value over once, tries again when the signal returns, and stops when cancelled', async () => {
  const signal = new EventTarget()
  const previous = (globalThis as { window?: unknown }).window
  ;(globalThis as { window?: unknown }).window = signal
  try {
    let online = false
    const used: string[] = []
    const load = async () => {
      if (!online) throw new TypeError('Failed to fetch')
      return 'pad'
    }
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    whenLoaded(load, (value) => used.push(value))
    await settle()
    expect(used).toEqual([])
    online = true
    signal.dispatchEvent(new Event('online'))
    await settle()
    signal.dispatchEvent(new Event('online'))
    await settle()
    expect(used).toEqual(['pad'])

    const cancel = whenLoaded(load, (value) => used.push(`late ${value}`))
    cancel()
    await settle()
    expect(used).toEqual(['pad'])
  } finally {
    ;(globalThis as { window?: unknown }).window = previous
  }
})
