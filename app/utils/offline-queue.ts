import { createStore, del, delMany, entries, get, set, type UseStore } from 'idb-keyval'
import type { FiledPreTrip, PreTripDraft } from '#app/components/pre-trip/types.ts'
import { msg } from '#catalog/i18n.ts'
import type { AppRouter } from '#server/trpc/router.ts'
import type { inferRouterInputs } from '@trpc/server'
import { trpcCall, trpcFailureOf } from './trpc-call.ts'

type SubmitInput = inferRouterInputs<AppRouter>['inspections']['submitPreInspection']

/**
 * The driver's pre-trip survives a yard without signal (decision 030): a draft per user and
 * vehicle, and an outbox of complete filings, both in IndexedDB. The outbox is sent through
 * tRPC `inspections.submitPreInspection` (the browser's one client, `trpcCall`) when the
 * connection returns; each filing carries its idempotency key, so a retry, a second tab or a
 * double tap files once.
 */

let draftStore: UseStore | undefined
let outboxStore: UseStore | undefined
const drafts = () => (draftStore ??= createStore('operon-pre-trip-drafts', 'drafts'))
const outbox = () => (outboxStore ??= createStore('operon-pre-trip-outbox', 'outbox'))

export const draftKey = (userId: number, vehicleId: number) => `${userId}:${vehicleId}`

export function loadDraft(userId: number, vehicleId: number): Promise<PreTripDraft | undefined> {
  return get<PreTripDraft>(draftKey(userId, vehicleId), drafts())
}

export async function saveDraft(draft: PreTripDraft): Promise<void> {
  await set(draftKey(draft.userId, draft.vehicleId), draft, drafts())
}

export async function deleteDraft(userId: number, vehicleId: number): Promise<void> {
  await del(draftKey(userId, vehicleId), drafts())
  notify()
}

/**
 * At sign-out: the user's unfinished drafts leave the phone (a yard phone is shared; a draft
 * holds photos and a signature). Filings waiting in the outbox stay: they were submitted, and
 * go out at that user's next sign-in (each carries its user; no one else sends them).
 */
export async function forgetDrafts(userId: number): Promise<void> {
  const all = await entries<string, PreTripDraft>(drafts())
  await delMany(
    all.filter(([, d]) => d.userId === userId).map(([key]) => key),
    drafts(),
  )
  notify()
}

export async function listDrafts(userId: number): Promise<PreTripDraft[]> {
  const all = await entries<string, PreTripDraft>(drafts())
  return all.map(([, d]) => d).filter((d) => d.userId === userId)
}

export interface OutboxEntry {
  key: string
  userId: number
  vehicleId: number
  vehicleIdentifier: string
  queuedAt: number
  /** The operator company's time zone, the form's: the outbox shows `queuedAt` in it. Absent on entries queued before it was kept. */
  timeZone?: string
  attempts: number
  nextAttemptAt: number
  lastError: string | null
  state: 'queued' | 'filed' | 'refused'
  /** The API body, pictures as base64. */
  payload: Record<string, unknown>
  /** The form as it was, to bring back if the server refuses the filing. */
  draft: PreTripDraft
  filed?: FiledPreTrip
  filedAt?: number
  refusal?: { formError: string; fieldErrors: Record<string, string> }
}

export async function listOutbox(userId: number): Promise<OutboxEntry[]> {
  const all = await entries<string, OutboxEntry>(outbox())
  return all
    .map(([, e]) => e)
    .filter((e) => e.userId === userId)
    .sort((a, b) => a.queuedAt - b.queuedAt)
}

export async function getOutboxEntry(key: string): Promise<OutboxEntry | undefined> {
  return get<OutboxEntry>(key, outbox())
}

/** Puts a complete filing in the outbox (before the first attempt: nothing is lost if the tab closes). */
export async function enqueue(entry: Omit<OutboxEntry, 'attempts' | 'nextAttemptAt' | 'lastError' | 'state'>): Promise<void> {
  const existing = await get<OutboxEntry>(entry.key, outbox())
  // The same key already filed (a double tap): keep what the server answered.
  if (existing?.state === 'filed') return
  await set(entry.key, { ...entry, attempts: 0, nextAttemptAt: 0, lastError: null, state: 'queued' } satisfies OutboxEntry, outbox())
  notify()
}

export async function removeOutboxEntry(key: string): Promise<void> {
  await del(key, outbox())
  notify()
}

// ---------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------

export type SendResult =
  | { kind: 'filed'; filed: FiledPreTrip }
  | { kind: 'refused'; status: number; formError: string; fieldErrors: Record<string, string> }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }

const SEND_TIMEOUT_MS = 60_000

/**
 * The reasons a filing waits are kept in English (message ids, decision 074) and translated where
 * shown (`reasonText` in the outbox's component); the server's own messages come translated.
 */
const NO_CONNECTION = msg('No connection')

/** `Retry-After` in milliseconds: seconds, or an HTTP date; nothing for anything else. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined
  const value = header.trim()
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/**
 * One attempt through the browser's tRPC client (the widgets' own, `trpcCall`). A refusal (4xx)
 * needs the driver; anything else is tried again later: no connection, signed out (401), 408,
 * 429, and every 5xx, among them the 503 of a server whose database is unavailable (decision 071:
 * nothing was saved, so the same filing, with the same idempotency key, is sent again), and a
 * proxy's 502 or 504.
 */
export async function sendPreTrip(payload: Record<string, unknown>): Promise<SendResult> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'retry', reason: NO_CONNECTION }
  const abort = new AbortController()
  const timer = setTimeout(() => abort.abort(), SEND_TIMEOUT_MS)
  try {
    const client = await trpcCall()
    const filed = await client.inspections.submitPreInspection.mutate(payload as SubmitInput, { signal: abort.signal })
    return filed ? { kind: 'filed', filed: filed as FiledPreTrip } : { kind: 'retry', reason: msg('Unexpected answer') }
  } catch (error) {
    const failure = trpcFailureOf(error)
    if (!failure) return { kind: 'retry', reason: NO_CONNECTION }
    const { status, message } = failure
    if (status === 401) return { kind: 'retry', reason: msg('Signed out: sign in again to send it') }
    if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
      return { kind: 'refused', status, formError: message, fieldErrors: failure.fieldErrors }
    }
    const wait = retryAfterMs(failure.headers?.get('retry-after') ?? null)
    return { kind: 'retry', reason: failure.ok ? msg('Unexpected answer') : message, ...(wait === undefined ? {} : { retryAfterMs: wait }) }
  } finally {
    clearTimeout(timer)
  }
}

// ---------------------------------------------------------------------------------------
// Flushing
// ---------------------------------------------------------------------------------------

/** Filed entries are shown for a day ("Sent"), then forgotten. */
const KEEP_FILED_MS = 24 * 60 * 60 * 1000
const MAX_WAIT_MS = 5 * 60_000
const backoff = (attempts: number) => Math.min(MAX_WAIT_MS, 5_000 * 2 ** Math.min(attempts, 6))

/** How long a filing waits after its `attempts`-th failed try: the backoff, or longer if the server asked (Retry-After), at most 5 minutes. */
export function nextAttemptDelay(attempts: number, retryAfter?: number): number {
  return Math.min(MAX_WAIT_MS, Math.max(backoff(attempts), retryAfter ?? 0))
}

let running: Promise<void> | null = null

/**
 * Sends what is due in the outbox of `userId` (all of it when `force`, e.g. on `online`).
 * One flush at a time per tab, and across tabs when the browser has Web Locks; two tabs
 * sending the same filing anyway get the same answer (the idempotency key).
 */
export function flushOutbox(userId: number, { force = false } = {}): Promise<void> {
  if (running) return running
  const run = async () => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
    if (locks) await locks.request('operon-pre-trip-outbox', () => flushOnce(userId, force))
    else await flushOnce(userId, force)
  }
  running = run().finally(() => {
    running = null
  })
  return running
}

async function flushOnce(userId: number, force: boolean) {
  const now = Date.now()
  let forgotten = false
  for (const entry of await listOutbox(userId)) {
    if (entry.state === 'filed') {
      if (now - (entry.filedAt ?? 0) > KEEP_FILED_MS) {
        await del(entry.key, outbox())
        forgotten = true
      }
      continue
    }
    // A due entry is sent (and `deliver` tells the pages); the rest wait for their turn.
    if (entry.state !== 'queued' || (!force && entry.nextAttemptAt > now)) continue
    await deliver(entry)
  }
  if (forgotten) notify()
}

/** One attempt for one entry, and what follows from the answer. */
export async function deliver(entry: OutboxEntry): Promise<SendResult> {
  const result = await sendPreTrip(entry.payload)
  const fresh = (await get<OutboxEntry>(entry.key, outbox())) ?? entry
  if (fresh.state === 'filed') return { kind: 'filed', filed: fresh.filed! }
  if (result.kind === 'filed') {
    await set(entry.key, { ...fresh, state: 'filed', filed: result.filed, filedAt: Date.now(), lastError: null } satisfies OutboxEntry, outbox())
    const draft = await loadDraft(entry.userId, entry.vehicleId)
    if (draft?.idempotencyKey === entry.key) await del(draftKey(entry.userId, entry.vehicleId), drafts())
  } else if (result.kind === 'refused') {
    const refusal = { formError: result.formError, fieldErrors: result.fieldErrors }
    // Back to the form with its errors, unless the driver has started another form for that bus since.
    const current = await loadDraft(entry.userId, entry.vehicleId)
    if (!current || current.idempotencyKey === entry.key || current.updatedAt <= entry.queuedAt) {
      await saveDraft({ ...entry.draft, returned: refusal, updatedAt: Date.now() })
      await del(entry.key, outbox())
    } else {
      await set(entry.key, { ...fresh, state: 'refused', refusal, lastError: result.formError } satisfies OutboxEntry, outbox())
    }
  } else {
    const attempts = fresh.attempts + 1
    const nextAttemptAt = Date.now() + nextAttemptDelay(attempts, result.retryAfterMs)
    await set(entry.key, { ...fresh, attempts, nextAttemptAt, lastError: result.reason } satisfies OutboxEntry, outbox())
  }
  notify()
  return result
}

// ---------------------------------------------------------------------------------------
// Change notices (this tab and the others)
// ---------------------------------------------------------------------------------------

const EVENT = 'operon-pre-trip-outbox'
let channel: BroadcastChannel | null | undefined

function broadcast(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(EVENT)
  return channel
}

function notify() {
  if (typeof window === 'undefined') return
  window.dispatchEvent(new Event(EVENT))
  broadcast()?.postMessage('changed')
}

/** Calls `listener` whenever the outbox or a draft changes, in this tab or another. */
export function onOutboxChange(listener: () => void): () => void {
  window.addEventListener(EVENT, listener)
  const ch = broadcast()
  ch?.addEventListener('message', listener)
  return () => {
    window.removeEventListener(EVENT, listener)
    ch?.removeEventListener('message', listener)
  }
}

export { newIdempotencyKey } from './idempotency-key.ts'
