import { createStore, del, entries, get, set, type UseStore } from 'idb-keyval'
import { msg } from '#catalog/i18n.ts'
import { nextAttemptDelay, retryAfterMs } from './offline-queue.ts'
import { trpcCall, trpcFailureOf } from './trpc-call.ts'

/**
 * A phone's outbox for what a driver records in the yard without signal (decision 030's pattern,
 * shared by the fill-ups of decision 085 and the duty changes of decision 086): each record goes
 * into its own IndexedDB store before its first attempt and is sent through tRPC with its
 * idempotency key when the connection returns — a retry, a second tab or a double tap records it
 * once. A refused record (4xx) stays with the server's message until the driver removes it; sent
 * ones are shown for a day. An `ordered` outbox sends strictly in the order recorded and stops
 * at the first record that has to wait (each duty change ends the period before it).
 */
export interface OutboxEntry<P> {
  key: string
  userId: number
  queuedAt: number
  attempts: number
  nextAttemptAt: number
  lastError: string | null
  state: 'queued' | 'sent' | 'refused'
  /** The tRPC input, with `idempotencyKey` = `key`. */
  payload: P
  sentAt?: number
  /** What the server answered for a sent record (e.g. its id). */
  recordId?: number
  refusal?: { formError: string; fieldErrors: Record<string, string> }
}

type Client = Awaited<ReturnType<typeof trpcCall>>

type SendResult =
  | { kind: 'sent'; id?: number }
  | { kind: 'refused'; formError: string; fieldErrors: Record<string, string> }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }

const NO_CONNECTION = msg('No connection')
const SEND_TIMEOUT_MS = 60_000
const KEEP_SENT_MS = 24 * 60 * 60 * 1000

export function createIdbOutbox<P, E extends OutboxEntry<P>>(o: {
  /** The IndexedDB database, the change event's and the Web Lock's name. */
  name: string
  /** Sends one record; answers the record's id when the server gives one. */
  send: (client: Client, payload: P, signal: AbortSignal) => Promise<number | undefined>
  ordered: boolean
  /** Orders entries recorded in the same millisecond. */
  tieBreak?: (a: E, b: E) => number
}) {
  let store: UseStore | undefined
  const outbox = () => (store ??= createStore(o.name, 'outbox'))
  let channel: BroadcastChannel | null | undefined
  const broadcast = () => (channel === undefined ? (channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(o.name)) : channel)

  function notify() {
    if (typeof window === 'undefined') return
    window.dispatchEvent(new Event(o.name))
    broadcast()?.postMessage('changed')
  }

  /** Calls `listener` whenever the outbox changes, in this tab or another. */
  function onChange(listener: () => void): () => void {
    window.addEventListener(o.name, listener)
    const ch = broadcast()
    ch?.addEventListener('message', listener)
    return () => {
      window.removeEventListener(o.name, listener)
      ch?.removeEventListener('message', listener)
    }
  }

  /** This user's entries, oldest first. */
  async function list(userId: number): Promise<E[]> {
    const all = await entries<string, E>(outbox())
    return all
      .map(([, e]) => e)
      .filter((e) => e.userId === userId)
      .sort((a, b) => a.queuedAt - b.queuedAt || (o.tieBreak?.(a, b) ?? 0))
  }

  /** Keeps a record on the phone before the first attempt: nothing is lost if the tab closes. */
  async function enqueue(entry: Omit<E, 'queuedAt' | 'attempts' | 'nextAttemptAt' | 'lastError' | 'state'>): Promise<void> {
    const existing = await get<E>(entry.key, outbox())
    if (existing) return
    await set(entry.key, { ...entry, queuedAt: Date.now(), attempts: 0, nextAttemptAt: 0, lastError: null, state: 'queued' }, outbox())
    notify()
  }

  async function remove(key: string): Promise<void> {
    await del(key, outbox())
    notify()
  }

  async function send(payload: P): Promise<SendResult> {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return { kind: 'retry', reason: NO_CONNECTION }
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), SEND_TIMEOUT_MS)
    try {
      const id = await o.send(await trpcCall(), payload, abort.signal)
      return { kind: 'sent', id }
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
  async function deliver(entry: E): Promise<boolean> {
    const result = await send(entry.payload)
    const fresh = (await get<E>(entry.key, outbox())) ?? entry
    if (fresh.state === 'sent') return true
    if (result.kind === 'sent') {
      await set(entry.key, { ...fresh, state: 'sent', sentAt: Date.now(), lastError: null, ...(result.id === undefined ? {} : { recordId: result.id }) }, outbox())
    } else if (result.kind === 'refused') {
      const refusal = { formError: result.formError, fieldErrors: result.fieldErrors }
      await set(entry.key, { ...fresh, state: 'refused', refusal, lastError: result.formError }, outbox())
    } else {
      const attempts = fresh.attempts + 1
      await set(entry.key, { ...fresh, attempts, nextAttemptAt: Date.now() + nextAttemptDelay(attempts, result.retryAfterMs), lastError: result.reason }, outbox())
    }
    notify()
    return result.kind !== 'retry'
  }

  let running: Promise<void> | null = null

  /** Sends what is due in the outbox of `userId` (all of it when `force`, e.g. on `online`); one flush at a time. */
  function flush(userId: number, { force = false } = {}): Promise<void> {
    if (running) return running
    const once = async () => {
      const now = Date.now()
      for (const entry of await list(userId)) {
        if (entry.state === 'sent') {
          if (now - (entry.sentAt ?? 0) > KEEP_SENT_MS) await remove(entry.key)
          continue
        }
        if (entry.state !== 'queued') continue
        if (!force && entry.nextAttemptAt > now) {
          if (o.ordered) break
          continue
        }
        if (!(await deliver(entry)) && o.ordered) break
      }
    }
    const run = async () => {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
      if (locks) await locks.request(o.name, once)
      else await once()
    }
    running = run().finally(() => {
      running = null
    })
    return running
  }

  return { onChange, list, enqueue, remove, deliver, flush }
}
