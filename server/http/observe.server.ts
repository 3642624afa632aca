/**
 * The first middleware of every request (decision 042): opens its scope with a request id (the
 * caller's `X-Request-Id` if it is sane, else a new UUID), answers that id in `X-Request-Id`,
 * adds `Server-Timing` when the headers go out, and writes one access log line when the
 * response is done — the path only (never the query string: reset and sign-in links carry
 * tokens there), the status and the time. Every log line written meanwhile carries the id
 * (the logger's mixin reads the scope).
 */
import type { Request, RequestHandler, Response } from 'express'
import { logger, withoutQuery } from '../log.server.ts'
import { localeOfHeaders } from '#catalog/i18n.ts'
import { newRequestScope, requestIdFrom, runWithRequestScope, type RequestScope } from '../context/request-scope.server.ts'

export interface ObserveOptions {
  /** True once the server is shutting down: answers then close their connection. */
  closing?: () => boolean
  /** Called when a response is done (the shutdown closes idle connections then). */
  onDone?: () => void
}

const ms = (n: number) => Math.round(n * 10) / 10

/** `app` (the door's time) and `db` (time in the database) when a door answered, and `total`. */
function serverTiming(scope: RequestScope): string {
  const total = performance.now() - scope.startedAt
  return scope.appMs === undefined
    ? `total;dur=${ms(total)}`
    : `app;dur=${ms(scope.appMs)}, db;dur=${ms(scope.dbMs)}, total;dur=${ms(total)}`
}

function accessLog(req: Request, res: Response, scope: RequestScope) {
  const fields = {
    reqId: scope.id,
    method: req.method,
    path: withoutQuery(req.originalUrl),
    status: res.statusCode,
    ms: ms(performance.now() - scope.startedAt),
    ...(res.writableFinished ? {} : { aborted: true }),
  }
  const log = logger()
  if (fields.path === '/healthz') log.debug(fields, 'request')
  else log.info(fields, 'request')
}

export function observeRequests(opts: ObserveOptions = {}): RequestHandler {
  return (req, res, next) => {
    const scope = newRequestScope(requestIdFrom(req.headers['x-request-id']))
    scope.locale = localeOfHeaders(req.headers.cookie, req.headers['accept-language'])
    res.setHeader('X-Request-Id', scope.id)
    if (opts.closing?.()) res.setHeader('Connection', 'close')
    // Server-Timing is computed when the headers are written, whoever writes them.
    const writeHead = res.writeHead
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (!this.headersSent) {
        this.setHeader('Server-Timing', serverTiming(scope))
        if (opts.closing?.()) this.setHeader('Connection', 'close')
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args)
    } as typeof res.writeHead
    res.once('close', () => {
      accessLog(req, res, scope)
      opts.onDone?.()
    })
    runWithRequestScope(scope, next)
  }
}
