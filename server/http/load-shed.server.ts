/**
 * Load shedding (decision 061): at most `maxConcurrent` requests are handled at once, at most
 * `maxQueued` more wait for a slot, each for at most `maxQueueWaitMs`; beyond that a request is
 * answered at once with 503 and `Retry-After`, before any door reads its body, asks the database
 * or renders a page. Under a spike the requests let in keep their latency, and the others learn
 * quickly that they should come back, instead of every request growing slower together (the
 * issue 22 run: p99 1.3 s, max 8.8 s, and never a 503).
 *
 * Mounted in `app.server.ts` after the cheap guards, /healthz and the static files, in front of
 * the doors (REST, tRPC) and Remix (pages). A slot is given back exactly once, when the answer is
 * finished (`finish`) or its connection closed before that (`close`: a client that left).
 */
import type { Request, RequestHandler, Response } from 'express'
import { doorOf, type Door } from './guards.server.ts'
import { msg } from '#catalog/i18n.ts'
import { currentLocale, translateForRequest as t } from '../i18n/messages.server.ts'

export interface LoadShedLimits {
  /** Requests handled at once. */
  maxConcurrent: number
  /** Requests waiting for a slot beyond them (0: none wait). */
  maxQueued: number
  /** The longest a request waits for a slot (ms); then it gets 503. */
  maxQueueWaitMs: number
}

/** The environment's limits (`server/env.server.ts` checks and defaults them). */
export function loadShedLimits(e: { MAX_CONCURRENT_REQUESTS: number; MAX_QUEUED_REQUESTS: number; MAX_QUEUE_WAIT_MS: number }): LoadShedLimits {
  return { maxConcurrent: e.MAX_CONCURRENT_REQUESTS, maxQueued: e.MAX_QUEUED_REQUESTS, maxQueueWaitMs: e.MAX_QUEUE_WAIT_MS }
}

/** What a shed request is told: REST in English (the contract), pages and tRPC in the reader's language. */
export const BUSY_MESSAGE = msg('The server is busy, try again in a moment')
export const BUSY_RETRY_AFTER_SECONDS = 1

/**
 * Never shed, never counted: the platform's health check and the version (cheap, and what an
 * operator looks at during a spike). Static files are served before this middleware runs.
 * Any letter case and a trailing slash, as Remix matches `/VERSION`.
 */
const NEVER_SHED = /^\/(healthz|version)\/?$/i
/**
 * PDFs (`/PrintInspection/{id}/pdf`, `/vehicles/{id}/qr.pdf`…) wait on Chromium, not on this process, and have their own bound:
 * PDF_CONCURRENCY rendering, PDF_QUEUE waiting, then 503 (decisions 033, 050). Counting them here
 * too would let a burst of PDFs take every slot from the pages.
 */
const OWN_BOUND = /[./]pdf$/i

function hasBody(req: Request): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? '0') > 0
}

function refuseBusy(req: Request, res: Response) {
  if (res.headersSent || res.destroyed) return
  res.status(503)
  res.set({ 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' })
  // An unread body would otherwise be read to its end to keep the connection.
  if (hasBody(req)) res.set('Connection', 'close')
  const door = (res.locals.door as Door | undefined) ?? doorOf(req.path)
  if (door === 'rest') {
    res.json({ message: BUSY_MESSAGE })
  } else if (door === 'trpc') {
    res.json({ message: t(BUSY_MESSAGE) })
  } else if ((req.headers.accept ?? '').includes('text/html')) {
    res
      .type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="${currentLocale()}"><meta charset="utf-8"><title>${t(msg('Busy'))} · Operon</title><p>${t(BUSY_MESSAGE)}.</p></html>`)
  } else {
    res.type('text/plain; charset=utf-8').send(t(BUSY_MESSAGE))
  }
}

interface Waiter {
  /** Takes a slot and lets the request through. */
  admit(): void
}

export function shedLoad(limits: LoadShedLimits): RequestHandler {
  let active = 0
  /** First come, first served; a waiter leaves it when admitted, timed out or its client left. */
  const queue: Waiter[] = []

  const admitWaiting = () => {
    while (active < limits.maxConcurrent && queue.length > 0) queue.shift()!.admit()
  }

  /** Takes a slot for this response, given back once on `finish` or `close`, whichever is first. */
  const hold = (res: Response) => {
    active++
    let held = true
    const release = () => {
      if (!held) return
      held = false
      res.off('finish', release)
      res.off('close', release)
      active--
      admitWaiting()
    }
    res.once('finish', release)
    res.once('close', release)
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (NEVER_SHED.test(req.path) || OWN_BOUND.test(req.path)) return next()
    if (active < limits.maxConcurrent && queue.length === 0) {
      hold(res)
      return next()
    }
    if (queue.length >= limits.maxQueued) return refuseBusy(req, res)
    const waiter: Waiter = {
      admit: () => {
        leave()
        hold(res)
        next()
      },
    }
    const timer = setTimeout(() => {
      leave()
      refuseBusy(req, res)
    }, limits.maxQueueWaitMs)
    // A client that leaves while waiting frees its place in the queue (it never held a slot).
    const gone = () => leave()
    const leave = () => {
      clearTimeout(timer)
      res.off('close', gone)
      const at = queue.indexOf(waiter)
      if (at >= 0) queue.splice(at, 1)
    }
    res.once('close', gone)
    queue.push(waiter)
  }

  return middleware
}
