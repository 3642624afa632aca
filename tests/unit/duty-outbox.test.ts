/**
 * The phone's duty outbox (issue 37, decision 086): taps are sent once each, strictly in the order
 * they were tapped, with their idempotency keys; a tap that cannot go now holds back the ones after
 * it (each change ends the period before it), and they all go when the connection returns.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'

const store = new Map<string, unknown>()
vi.mock('idb-keyval', () => ({
  createStore: () => ({}),
  get: async (key: string) => store.get(key),
  set: async (key: string, value: unknown) => void store.set(key, structuredClone(value)),
  del: async (key: string) => void store.delete(key),
  entries: async () => [...store.entries()],
}))

const sent: { status: string; at: string; idempotencyKey: string }[] = []
let online = true
vi.mock('#app/utils/trpc-call.ts', () => ({
  trpcCall: async () => ({
    hours: {
      changeDutyStatus: {
        mutate: async (input: { status: string; at: string; idempotencyKey: string }) => {
          if (!online) throw new TypeError('Failed to fetch')
          sent.push(input)
          return { status: input.status }
        },
      },
    },
  }),
  trpcFailureOf: () => null,
}))

const { enqueueDuty, flushDutyOutbox, listDutyOutbox } = await import('#app/utils/duty-outbox.ts')

const tap = (key: string, status: string, at: string) => enqueueDuty({ key, userId: 7, companyId: 3, payload: { companyId: 3, status, at, idempotencyKey: key } })

beforeEach(() => {
  store.clear()
  sent.length = 0
  online = true
})

describe('the duty outbox', () => {
  it('holds every tap while offline and sends them in order, once, when the connection returns', async () => {
    online = false
    await tap('a', 'onDuty', '2026-06-15T10:00:00.000Z')
    await new Promise((r) => setTimeout(r, 2))
    await tap('b', 'driving', '2026-06-15T10:30:00.000Z')
    await new Promise((r) => setTimeout(r, 2))
    await tap('c', 'offDuty', '2026-06-15T15:00:00.000Z')
    await flushDutyOutbox(7, { force: true })
    expect(sent).toEqual([])
    // The first failed: the others were not tried (order kept).
    const waiting = await listDutyOutbox(7)
    expect(waiting.map((e) => [e.key, e.state, e.attempts])).toEqual([
      ['a', 'queued', 1],
      ['b', 'queued', 0],
      ['c', 'queued', 0],
    ])
    online = true
    await flushDutyOutbox(7, { force: true })
    expect(sent.map((s) => [s.idempotencyKey, s.status])).toEqual([
      ['a', 'onDuty'],
      ['b', 'driving'],
      ['c', 'offDuty'],
    ])
    await flushDutyOutbox(7, { force: true })
    expect(sent).toHaveLength(3)
    expect((await listDutyOutbox(7)).every((e) => e.state === 'sent')).toBe(true)
  })

  it('keeps one tap once (the same key queued twice)', async () => {
    await tap('x', 'driving', '2026-06-15T10:00:00.000Z')
    await tap('x', 'driving', '2026-06-15T10:00:00.000Z')
    await flushDutyOutbox(7, { force: true })
    expect(sent).toHaveLength(1)
  })
})
