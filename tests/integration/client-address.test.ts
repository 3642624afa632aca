/**
 * Issue 9 point 4 (decision 020): client addresses cannot be forged. With no platform header
 * configured, `X-Forwarded-For` is ignored; with one (`Fly-Client-IP`), only that header, and
 * only the entry the configured proxies wrote. Sent as raw HTTP against a per-address limit
 * (captcha challenges: 120 a minute per address, RATE_LIMIT_FACTOR 1 here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { clientIp } from '#server/http/client-ip.server.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'

const LIMIT = 120
let db: Database
let plain: RunningApp
let fly: RunningApp
let xff: RunningApp
let previousFactor: string | undefined

beforeAll(async () => {
  previousFactor = process.env.RATE_LIMIT_FACTOR
  process.env.RATE_LIMIT_FACTOR = '1'
  db = createTestDb()
  plain = await startApp(db)
  fly = await startApp(db, { clientIp: { header: 'Fly-Client-IP', proxies: 1 } })
  xff = await startApp(db, { clientIp: { header: 'X-Forwarded-For', proxies: 1 } })
}, 120_000)
afterAll(async () => {
  process.env.RATE_LIMIT_FACTOR = previousFactor
  await plain?.close()
  await fly?.close()
  await xff?.close()
  await db?.close()
})

let n = 0
const rotating = () => `198.51.${Math.floor(n / 250) % 250}.${n++ % 250}`

async function challenges(app: RunningApp, count: number, headers: () => Record<string, string>): Promise<number[]> {
  const statuses: number[] = []
  for (let i = 0; i < count; i++) statuses.push((await raw(app.base, 'GET', '/captcha/challenge', { headers: headers() })).status)
  return statuses
}

describe('per-address limits over HTTP', () => {
  it('no header configured: a rotated X-Forwarded-For (and Fly-Client-IP) does not reset the limit', async () => {
    const statuses = await challenges(plain, LIMIT + 5, () => ({ 'x-forwarded-for': rotating(), 'fly-client-ip': rotating(), 'x-real-ip': rotating() }))
    expect(statuses.slice(0, LIMIT).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429, 429, 429])
  }, 60_000)

  it('Fly-Client-IP configured: X-Forwarded-For is ignored, and the platform header names the client', async () => {
    const statuses = await challenges(fly, LIMIT + 3, () => ({ 'fly-client-ip': '203.0.113.7', 'x-forwarded-for': rotating() }))
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429])
    // Another client behind the same proxy has its own allowance.
    expect((await raw(fly.base, 'GET', '/captcha/challenge', { headers: { 'fly-client-ip': '203.0.113.8' } })).status).toBe(200)
  }, 60_000)

  it('X-Forwarded-For behind one proxy: entries the client wrote further left change nothing', async () => {
    const statuses = await challenges(xff, LIMIT + 3, () => ({ 'x-forwarded-for': `${rotating()}, ${rotating()}, 203.0.113.9` }))
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429])
  }, 60_000)
})

describe('clientIp', () => {
  it('uses the socket address unless a header is configured', () => {
    expect(clientIp({ proxies: 1 }, '::ffff:10.0.0.1', { 'x-forwarded-for': '1.2.3.4' })).toBe('10.0.0.1')
    expect(clientIp({ header: 'Fly-Client-IP', proxies: 1 }, '10.0.0.1', { 'fly-client-ip': '1.2.3.4' })).toBe('1.2.3.4')
  })
  it('takes the entry the proxies wrote, counted from the right', () => {
    const h = { 'x-forwarded-for': '6.6.6.6, 1.2.3.4, 10.0.0.2' }
    expect(clientIp({ header: 'X-Forwarded-For', proxies: 1 }, '10.0.0.3', h)).toBe('10.0.0.2')
    expect(clientIp({ header: 'X-Forwarded-For', proxies: 2 }, '10.0.0.3', h)).toBe('1.2.3.4')
  })
  it('falls back to the socket address for a missing, short or malformed header', () => {
    expect(clientIp({ header: 'Fly-Client-IP', proxies: 1 }, '10.0.0.1', {})).toBe('10.0.0.1')
    expect(clientIp({ header: 'X-Forwarded-For', proxies: 3 }, '10.0.0.1', { 'x-forwarded-for': '1.2.3.4' })).toBe('10.0.0.1')
    expect(clientIp({ header: 'Fly-Client-IP', proxies: 1 }, '10.0.0.1', { 'fly-client-ip': 'not-an-ip' })).toBe('10.0.0.1')
  })
})
