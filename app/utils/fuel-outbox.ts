import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval'
import { msg } from '#catalog/i18n.ts'
import type { AppRouter } from '#server/trpc/router.ts'
import type { inferRouterInputs } from '@trpc/server'
import { nextAttemptDelay, retryAfterMs } from './offline-queue.ts'
import { trpcCall, trpcFailureOf } from './trpc-call.ts'

type RecordInput = inferRouterInputs<AppRouter>['fuel']['record']

/**
 * The driver's fill-ups and charges survive a yard without signal (issue 36, decision 085), as the
 * pre-trip does (decision 030): each record goes into an IndexedDB outbox
 * ('operon-fuel-outbox') before its first attempt, and is sent through tRPC `fuel.record` with
 * its idempotency key when the connection returns: a retry, a second tab or a double tap records
 * it once. Refused records (4xx) stay in the outbox with the server's message until the driver
 * removes them; sent ones are shown for a day.
 */

let store: UseStore | undefined
const outbox = () => (store ??= createStore('operon-fuel-outbox', 'outbox'))

export interface FuelOutboxEntry {
  key: string
  userId: number
  vehicleId: number
  vehicleIdentifier: string
  queuedAt: number
  attempts: number
  nextAttemptAt: number
  lastError: string | null
  state: 'queued' | 'sent' | 'refused'
  /** tRPC `fuel.record`'s input, with `idempotencyKey` = `key`. */
  payload: Record<string, unknown>
  sentAt?: number
  recordId?: number
  refusal?: { formError: string; fieldErrors: Record<string, string> }
}

const EVENT = 'operon-fuel-outbox'
let channel: BroadcastChannel | null | undefined
const broadcast = () => (channel === undefined ? (channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(EVENT)) : channel)

function notify() {
  if (typeof window === 'undefined') return
  window.dispatchEvent(new Event(EVENT))
  broadcast()?.postMessage('changed')
}

/** Calls `listener` whenever the outbox changes, in this tab or another. */
export function onFuelOutboxChange(listener: () => void): () => void {
  window.addEventListener(EVENT, listener)
  const ch = broadcast()
  ch?.addEventListener('message', listener)
  return () => {
    window.removeEventListener(EVENT, listener)
    ch?.removeEventListener('message', listener)
  }
}

export async function listFuelOutbox(userId: number): Promise<FuelOutboxEntry[]> {
  const all = await entries<string, FuelOutboxEntry>(outbox())
  return all
    .map(([, e]) => e)
    .filter((e) => e.userId === userId)
    .sort((a, b) => a.queuedAt - b.queuedAt)
}

/** Keeps a record on the phone before the first attempt: nothing is lost if the tab closes. */
export async function enqueueFuel(entry: Pick<FuelOutboxEntry, 'key' | 'userId' | 'vehicleId' | 'vehicleIdentifier' | 'payload'>): Promise<void> {
  const existing = await get<FuelOutboxEntry>(entry.key, outbox())
  if (existing) return
  await set(entry.key, { ...entry, queuedAt: Date.now(), attempts: 0, nextAttemptAt: 0, lastError: null, state: 'queued' } satisfies FuelOutboxEntry, outbox())
  notify()
}

export async function removeFuelEntry(key: string): Promise<void> {
  await del(key, outbox())
  notify()
}

const NO_CONNECTION = msg('No connection')
const SEND_TIMEOUT_MS = 60_000
const KEEP_SENT_MS = 24 * 60 * 60 * 1000

type SendResult =
  | { kind: 'sent'; id: number }
  | { kind: 'refused'; formError: string; fieldErrors: Record<string, string> }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }

async function send(payload: Record<string, unknown>): Promise<SendResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'retry', reason: NO_CONNECTION }
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), SEND_TIMEOUT_MS)
  try {
    const client = await trpcCall()
    const recorded = await client.fuel.record.mutate(payload as RecordInput, { signal: abort.signal })
    return { kind: 'sent', id: recorded.id }
  } catch (error) {
    const failure = trpcFailureOf(error)
    if (!failure) return { kind: 'retry', reason: NO_CONNECTION }
    if (failure.status === 401) return { kind: 'retry', reason: msg('Signed out: sign in again to send it') }
    if (failure.status >= 400 && failure.status < 500 && failure.status !== 408 && failure.status !== 429) {
      return { kind: 'refused', formError: failure.message, fieldErrors: failure.fieldErrors }
    }
    const wait = retryAfterMs(failure.headers?.get('retry-after') ?? null)
    return { kind: 'retry', reason: failure.message, ...(wait === undefined ? {} : { retryAfterMs: wait }) }
  } finally {
    clearTimeout(timer)
  }
}

/** One attempt for one entry, and what follows from the answer. */
export async function deliverFuel(entry: FuelOutboxEntry): Promise<void> {
  const result = await send(entry.payload)
  const fresh = (await get<FuelOutboxEntry>(entry.key, outbox())) ?? entry
  if (fresh.state === 'sent') return
  if (result.kind === 'sent') {
    await set(entry.key, { ...fresh, state: 'sent', sentAt: Date.now(), recordId: result.id, lastError: null } satisfies FuelOutboxEntry, outbox())
  } else if (result.kind === 'refused') {
    const refusal = { formError: result.formError, fieldErrors: result.fieldErrors }
    await set(entry.key, { ...fresh, state: 'refused', refusal, lastError: result.formError } satisfies FuelOutboxEntry, outbox())
  } else {
    const attempts = fresh.attempts + 1
    await set(entry.key, { ...fresh, attempts, nextAttemptAt: Date.now() + nextAttemptDelay(attempts, result.retryAfterMs), lastError: result.reason } satisfies FuelOutboxEntry, outbox())
  }
  notify()
}

let running: Promise<void> | null = null

/** Sends what is due in the outbox of `userId` (all of it when `force`, e.g. on `online`); one flush at a time. */
export function flushFuelOutbox(userId: number, { force = false } = {}): Promise<void> {
  if (running) return running
  const once = async () => {
    const now = Date.now()
    for (const entry of await listFuelOutbox(userId)) {
      if (entry.state === 'sent') {
        if (now - (entry.sentAt ?? 0) > KEEP_SENT_MS) await removeFuelEntry(entry.key)
        continue
      }
      if (entry.state !== 'queued' || (!force && entry.nextAttemptAt > now)) continue
      await deliverFuel(entry)
    }
  }
  const run = async () => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
    if (locks) await locks.request('operon-fuel-outbox', once)
    else await once()
  }
  running = run().finally(() => {
    running = null
  })
  return running
}
