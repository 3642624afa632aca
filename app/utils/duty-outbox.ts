import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval'
import { msg } from '#catalog/i18n.ts'
import type { AppRouter } from '#server/trpc/router.ts'
import type { inferRouterInputs } from '@trpc/server'
import { nextAttemptDelay, retryAfterMs } from './offline-queue.ts'
import { trpcCall, trpcFailureOf } from './trpc-call.ts'

type ChangeInput = inferRouterInputs<AppRouter>['hours']['changeDutyStatus']

/**
 * The driver's duty changes survive a yard without signal (issue 37, decision 086), as the
 * fill-ups do (app/utils/fuel-outbox.ts, which this follows): each tap goes into an IndexedDB
 * outbox ('operon-duty-outbox') with the instant of the tap before its first attempt, and is sent
 * through tRPC `hours.changeDutyStatus` with its idempotency key when the connection returns.
 * Unlike fill-ups, the order matters (each change ends the period before it): entries go strictly
 * in the order they were tapped, and a failed attempt stops the flush until the next one. A
 * refused change (4xx) stays with the server's message until the driver removes it.
 */

let store: UseStore | undefined
const outbox = () => (store ??= createStore('operon-duty-outbox', 'outbox'))

export interface DutyOutboxEntry {
  key: string
  userId: number
  companyId: number
  queuedAt: number
  attempts: number
  nextAttemptAt: number
  lastError: string | null
  state: 'queued' | 'sent' | 'refused'
  /** tRPC `hours.changeDutyStatus`'s input: companyId, status, at (the tap's instant), idempotencyKey = key. */
  payload: { companyId: number; status: string; at: string; idempotencyKey: string }
  sentAt?: number
  refusal?: { formError: string; fieldErrors: Record<string, string> }
}

const EVENT = 'operon-duty-outbox'
let channel: BroadcastChannel | null | undefined
const broadcast = () => (channel === undefined ? (channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(EVENT)) : channel)

function notify() {
  if (typeof window === 'undefined') return
  window.dispatchEvent(new Event(EVENT))
  broadcast()?.postMessage('changed')
}

/** Calls `listener` whenever the outbox changes, in this tab or another. */
export function onDutyOutboxChange(listener: () => void): () => void {
  window.addEventListener(EVENT, listener)
  const ch = broadcast()
  ch?.addEventListener('message', listener)
  return () => {
    window.removeEventListener(EVENT, listener)
    ch?.removeEventListener('message', listener)
  }
}

/** This user's entries, oldest tap first. */
export async function listDutyOutbox(userId: number): Promise<DutyOutboxEntry[]> {
  const all = await entries<string, DutyOutboxEntry>(outbox())
  return all
    .map(([, e]) => e)
    .filter((e) => e.userId === userId)
    .sort((a, b) => a.queuedAt - b.queuedAt || a.payload.at.localeCompare(b.payload.at))
}

/** Keeps a tap on the phone before the first attempt: nothing is lost if the tab closes. */
export async function enqueueDuty(entry: Pick<DutyOutboxEntry, 'key' | 'userId' | 'companyId' | 'payload'>): Promise<void> {
  const existing = await get<DutyOutboxEntry>(entry.key, outbox())
  if (existing) return
  await set(entry.key, { ...entry, queuedAt: Date.now(), attempts: 0, nextAttemptAt: 0, lastError: null, state: 'queued' } satisfies DutyOutboxEntry, outbox())
  notify()
}

export async function removeDutyEntry(key: string): Promise<void> {
  await del(key, outbox())
  notify()
}

const NO_CONNECTION = msg('No connection')
const SEND_TIMEOUT_MS = 60_000
const KEEP_SENT_MS = 24 * 60 * 60 * 1000

type SendResult = { kind: 'sent' } | { kind: 'refused'; formError: string; fieldErrors: Record<string, string> } | { kind: 'retry'; reason: string; retryAfterMs?: number }

async function send(payload: DutyOutboxEntry['payload']): Promise<SendResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'retry', reason: NO_CONNECTION }
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), SEND_TIMEOUT_MS)
  try {
    const client = await trpcCall()
    await client.hours.changeDutyStatus.mutate(payload as ChangeInput, { signal: abort.signal })
    return { kind: 'sent' }
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

/** One attempt for one entry, and what follows from the answer; true when it left the queue. */
async function deliverDuty(entry: DutyOutboxEntry): Promise<boolean> {
  const result = await send(entry.payload)
  const fresh = (await get<DutyOutboxEntry>(entry.key, outbox())) ?? entry
  if (fresh.state === 'sent') return true
  if (result.kind === 'sent') {
    await set(entry.key, { ...fresh, state: 'sent', sentAt: Date.now(), lastError: null } satisfies DutyOutboxEntry, outbox())
  } else if (result.kind === 'refused') {
    const refusal = { formError: result.formError, fieldErrors: result.fieldErrors }
    await set(entry.key, { ...fresh, state: 'refused', refusal, lastError: result.formError } satisfies DutyOutboxEntry, outbox())
  } else {
    const attempts = fresh.attempts + 1
    await set(entry.key, { ...fresh, attempts, nextAttemptAt: Date.now() + nextAttemptDelay(attempts, result.retryAfterMs), lastError: result.reason } satisfies DutyOutboxEntry, outbox())
  }
  notify()
  return result.kind !== 'retry'
}

let running: Promise<void> | null = null

/** Sends what waits, in the order tapped, stopping at the first that must wait (all due when `force`, e.g. on `online`). */
export function flushDutyOutbox(userId: number, { force = false } = {}): Promise<void> {
  if (running) return running
  const once = async () => {
    const now = Date.now()
    for (const entry of await listDutyOutbox(userId)) {
      if (entry.state === 'sent') {
        if (now - (entry.sentAt ?? 0) > KEEP_SENT_MS) await removeDutyEntry(entry.key)
        continue
      }
      if (entry.state !== 'queued') continue
      if (!force && entry.nextAttemptAt > now) break
      if (!(await deliverDuty(entry))) break
    }
  }
  const run = async () => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
    if (locks) await locks.request('operon-duty-outbox', once)
    else await once()
  }
  running = run().finally(() => {
    running = null
  })
  return running
}
