/**
 * Decision 071: which errors are database faults, and what each door answers for them. The
 * error shapes are those `@libsql/client` 0.18, better-sqlite3 and Node threw in the experiments
 * against a real sqld (tests/integration/db-faults.test.ts proves the whole path on a live one).
 */
import { describe, expect, it } from 'vitest'
import { errorResponse } from '#server/rest/respond.ts'
import { healthAnswer, httpUrlOf } from '#server/http/database-health.server.ts'
import {
  DATABASE_TOO_BIG_MESSAGE,
  DATABASE_UNAVAILABLE_MESSAGE,
  databaseFaultAnswer,
  databaseFaultOf,
  isDatabaseUnavailable,
  isStorageFull,
} from '#server/context/request-scope.server.ts'

const withCode = (message: string, code: string, cause?: unknown) => Object.assign(new Error(message, { cause }), { code })
/** How Drizzle wraps what the driver threw. */
const drizzle = (cause: unknown) => new Error('Failed query: insert into companies …\nparams: ', { cause })

describe('databaseFaultOf', () => {
  it('remote mode, server down: TypeError "fetch failed" over connect ECONNREFUSED, with or without Drizzle around it', () => {
    const fetchFailed = new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED 127.0.0.1:46191', 'ECONNREFUSED') })
    expect(databaseFaultOf(drizzle(fetchFailed))).toBe('unavailable')
    expect(databaseFaultOf(fetchFailed)).toBe('unavailable') // a commit: not wrapped
  })

  it('connecting to a name with several addresses: an AggregateError of the attempts', () => {
    const each = [withCode('connect ECONNREFUSED ::1:8080', 'ECONNREFUSED'), withCode('connect ECONNREFUSED 127.0.0.1:8080', 'ECONNREFUSED')]
    expect(databaseFaultOf(new TypeError('fetch failed', { cause: new AggregateError(each) }))).toBe('unavailable')
  })

  it('undici timeouts and reset connections', () => {
    for (const code of ['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'ECONNRESET', 'ETIMEDOUT', 'EAI_AGAIN']) {
      expect(databaseFaultOf(new TypeError('fetch failed', { cause: withCode('x', code) })), code).toBe('unavailable')
    }
  })

  it('embedded replica, primary down: the native WriteDelegation error (code "")', () => {
    const e = withCode(
      'WriteDelegation(status: Unavailable, message: "error trying to connect: tcp connect error: Connection refused (os error 111)", details: [], metadata: MetadataMap { headers: {} }',
      '',
    )
    expect(databaseFaultOf(e)).toBe('unavailable')
    expect(databaseFaultOf(drizzle(e))).toBe('unavailable')
    expect(databaseFaultOf(withCode('sync error: error trying to connect: tcp connect error: Connection refused (os error 111)', ''))).toBe('unavailable')
  })

  it('libSQL client codes of an unreachable or restarted server, or of a transaction sqld ended after 5 s', () => {
    for (const code of ['SERVER_ERROR', 'HRANA_CLOSED_ERROR', 'HRANA_WEBSOCKET_ERROR', 'STREAM_EXPIRED', 'TRANSACTION_TIMEOUT']) {
      expect(databaseFaultOf(drizzle(withCode(`${code}: …`, code))), code).toBe('unavailable')
    }
  })

  it('SQLITE_BUSY past busy_timeout (better-sqlite3, libSQL base and extended codes)', () => {
    expect(databaseFaultOf(withCode('database is locked', 'SQLITE_BUSY'))).toBe('unavailable')
    expect(databaseFaultOf(drizzle(withCode('SQLITE_BUSY: database is locked', 'SQLITE_BUSY_SNAPSHOT')))).toBe('unavailable')
  })

  it('too big: SQLITE_TOOBIG, and sqld’s ARGS_INVALID that says so', () => {
    expect(databaseFaultOf(drizzle(withCode('SQLITE_TOOBIG: string or blob too big', 'SQLITE_TOOBIG')))).toBe('too-big')
    expect(databaseFaultOf(withCode('string or blob too big', 'SQLITE_TOOBIG'))).toBe('too-big')
    expect(databaseFaultOf(drizzle(withCode('ARGS_INVALID: Arguments do not match SQL parameters: string or blob too big', 'ARGS_INVALID')))).toBe('too-big')
  })

  it('not a fault: bugs, constraints, a full disk, nothing', () => {
    expect(databaseFaultOf(drizzle(withCode('UNIQUE constraint failed: companies.code', 'SQLITE_CONSTRAINT_UNIQUE')))).toBeNull()
    expect(databaseFaultOf(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBeNull()
    expect(databaseFaultOf(withCode('database or disk is full', 'SQLITE_FULL'))).toBeNull()
    expect(isStorageFull(withCode('database or disk is full', 'SQLITE_FULL'))).toBe(true)
    expect(databaseFaultOf(undefined)).toBeNull()
    expect(databaseFaultOf('a string')).toBeNull()
    expect(isDatabaseUnavailable(withCode('WriteDelegation(status: InvalidArgument, message: "bad"', ''))).toBe(false)
  })
})

describe('the answers', () => {
  it('503 + Retry-After: 5 for unavailable, 413 for too big', () => {
    expect(databaseFaultAnswer('unavailable')).toEqual({ status: 503, message: DATABASE_UNAVAILABLE_MESSAGE, headers: { 'Retry-After': '5' } })
    expect(databaseFaultAnswer('too-big')).toEqual({ status: 413, message: DATABASE_TOO_BIG_MESSAGE, headers: {} })
  })

  it('REST: { message } with the status and Retry-After; a bug stays a 500', async () => {
    const down = errorResponse(drizzle(new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })))
    expect(down.status).toBe(503)
    expect(down.headers.get('retry-after')).toBe('5')
    expect(await down.json()).toEqual({ message: DATABASE_UNAVAILABLE_MESSAGE })
    const big = errorResponse(withCode('string or blob too big', 'SQLITE_TOOBIG'))
    expect(big.status).toBe(413)
    expect(await big.json()).toEqual({ message: DATABASE_TOO_BIG_MESSAGE })
    expect(errorResponse(new TypeError('oops')).status).toBe(500)
  })

  it('/healthz: OK, reads only (200), nothing (503)', () => {
    expect(healthAnswer({ reads: true, writes: true })).toEqual({ status: 200, text: 'OK' })
    expect(healthAnswer({ reads: true, writes: false })).toEqual({ status: 200, text: 'reads: ok, writes: unavailable' })
    expect(healthAnswer({ reads: false, writes: false })).toEqual({ status: 503, text: 'reads: unavailable, writes: unavailable' })
    expect(healthAnswer({ reads: false, writes: true })).toEqual({ status: 503, text: 'reads: unavailable, writes: ok' })
  })

  it('the primary’s /health address from its URL', () => {
    expect(httpUrlOf('libsql://db-org.turso.io')).toBe('https://db-org.turso.io')
    expect(httpUrlOf('http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080')
    expect(httpUrlOf('ws://primary:8080?tls=0')).toBe('http://primary:8080')
    expect(httpUrlOf('https://primary.internal:8443')).toBe('https://primary.internal:8443')
    expect(httpUrlOf('libsql://primary:8080?tls=0')).toBe('http://primary:8080')
    expect(httpUrlOf('wss://db.example.com?authToken=x')).toBe('https://db.example.com')
  })
})
