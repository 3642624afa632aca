/**
 * Issue 9 point 5, the transport parts (decision 020), sent as raw HTTP: the 32 MiB body limit
 * on every door (declared: 413 before the body is read; streamed without a length: 413 once
 * it passes the limit), a cap on tRPC batches, page actions that take forms only and the
 * methods they know, TRACE, VIN lookups that cannot stall other requests, and a full disk
 * answered 507 with nothing lost.
 */
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { companies } from '#db/schema/index.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { APP_ORIGIN, databaseDigest, raw } from '#tests/helpers/http-app.ts'
import { managerApp } from '#tests/helpers/manager-app.ts'
import { TMP_DIR } from '#tests/helpers/paths.ts'

const MiB = 1024 * 1024
const ctx = managerApp({ company: 'Bounded Co', types: ['Owner'], env: { VIN_DB_DIR: join(TMP_DIR, 'corgi-shared') } })

const same = { origin: APP_ORIGIN }
/** One write per door, as its own client sends it. */
const DOORS = (): Array<{ door: string; path: string; headers: Record<string, string> }> => [
  { door: 'page', path: '/login', headers: { ...same, 'content-type': 'application/x-www-form-urlencoded' } },
  { door: 'page ?_data=', path: '/profile?_data=routes%2F_app%2B%2Fprofile', headers: { ...same, cookie: ctx.cookie, 'content-type': 'application/x-www-form-urlencoded' } },
  { door: 'tRPC', path: '/trpc/company.create', headers: { ...same, cookie: ctx.cookie, 'content-type': 'application/json' } },
  { door: 'REST', path: '/api/Company/create', headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' } },
]

async function* chunks(total: number, size = MiB): AsyncGenerator<Buffer> {
  const chunk = Buffer.alloc(size, 0x61)
  for (let sent = 0; sent < total; sent += size) yield chunk
}

describe('body limits on every door', () => {
  it('a declared Content-Length over 32 MiB → 413 at once, before any body is sent', async () => {
    for (const d of DOORS()) {
      const started = Date.now()
      const res = await raw(ctx.app.base, 'POST', d.path, { headers: { ...d.headers, 'content-length': String(150 * MiB) }, body: '' })
      expect(res.status, d.door).toBe(413)
      expect(Date.now() - started, d.door).toBeLessThan(2000)
    }
  })

  it('a body streamed without Content-Length is cut at 32 MiB → 413, nothing stored', async () => {
    const before = await databaseDigest(ctx.db)
    const rssBefore = process.memoryUsage().rss
    for (const d of DOORS()) {
      const res = await raw(ctx.app.base, 'POST', d.path, { headers: d.headers, body: chunks(40 * MiB) }).catch((e: unknown) => ({ status: String(e) }))
      expect(res.status, d.door).toBe(413)
    }
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * MiB)
    expect(await databaseDigest(ctx.db)).toBe(before)
  }, 60_000)

  it('a body under the limit still reaches the door (a 1 MiB JSON body is read, then refused as a bad company name)', async () => {
    const res = await raw(ctx.app.base, 'POST', '/api/Company/create', {
      headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x'.repeat(MiB), types: ['Owner'] }),
    })
    expect(res.status).toBe(400)
  })
})

describe('tRPC batches', () => {
  const batch = (n: number) => `/trpc/${Array.from({ length: n }, () => 'company.mine').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`
  it('up to 10 procedures in one request are served', async () => {
    expect((await raw(ctx.app.base, 'GET', batch(10), { headers: { cookie: ctx.cookie } })).status).toBe(200)
  })
  it('more are refused before any runs (400)', async () => {
    expect((await raw(ctx.app.base, 'GET', batch(11), { headers: { cookie: ctx.cookie } })).status).toBe(400)
    const lookups = Array.from({ length: 500 }, () => 'fleet.lookupVin').join(',')
    const res = await raw(ctx.app.base, 'POST', `/trpc/${lookups}?batch=1`, {
      headers: { ...same, cookie: ctx.cookie, 'content-type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(Array.from({ length: 500 }, (_, i) => [i, { vin: '1BAKGCPA1EF296813' }]))),
    })
    expect(res.status).toBe(400)
  })
})

describe('page actions and methods', () => {
  for (const [type, body] of [
    ['application/json', '{"intent":"password","email":"a@b.c"}'],
    ['text/plain', 'intent=password&email=a@b.c'],
    ['application/xml', '<a/>'],
  ] as const) {
    it(`a ${type} body to a page action → 415`, async () => {
      for (const path of ['/login', '/profile', `/fleet/${ctx.companyId}?_data=routes%2F_app%2B%2Ffleet.%24companyId`]) {
        const res = await raw(ctx.app.base, 'POST', path, { headers: { ...same, cookie: ctx.cookie, 'content-type': type }, body })
        expect(res.status, path).toBe(415)
      }
    })
  }

  it('PUT, PATCH, DELETE and odd methods to a page → 405 with Allow', async () => {
    // (A method Node's parser does not know at all, e.g. FOO, is a 400 from Node itself.)
    for (const method of ['PUT', 'PATCH', 'DELETE', 'PROPFIND', 'OPTIONS']) {
      for (const path of ['/login', '/profile', `/fleet/${ctx.companyId}`]) {
        const res = await raw(ctx.app.base, method, path, { headers: { ...same, cookie: ctx.cookie, 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=b' })
        expect(res.status, `${method} ${path}`).toBe(405)
        expect(res.headers.allow).toBe('GET, HEAD, POST')
      }
    }
  })

  it('TRACE anywhere → 405, never 500', async () => {
    for (const path of ['/', '/login', '/api/Company/mine', '/trpc/company.mine', '/healthz']) {
      expect((await raw(ctx.app.base, 'TRACE', path)).status, path).toBe(405)
    }
  })
})

describe('VIN lookups run off the event loop', () => {
  it('batches of lookups in flight do not stall /healthz', async () => {
    const lookup = (vin: string, modelYear: number) =>
      raw(ctx.app.base, 'POST', '/trpc/fleet.lookupVin', {
        headers: { ...same, cookie: ctx.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ vin, modelYear }),
      })
    // The first one opens (and on a new machine unpacks) the database.
    expect((await lookup('1BAKGCPA1EF296813', 2014)).status).toBe(200)

    // Batches of 10 (the cap), each lookup a model year not asked before: real queries.
    const makers = ['1BAKGCPA1EF296813', '4DRBUAAN38B642964']
    const batch = (items: Array<{ vin: string; modelYear: number }>) =>
      raw(ctx.app.base, 'POST', `/trpc/${items.map(() => 'fleet.lookupVin').join(',')}?batch=1`, {
        headers: { ...same, cookie: ctx.cookie, 'content-type': 'application/json' },
        body: JSON.stringify(Object.fromEntries(items.map((item, i) => [i, item]))),
      })
    const items: Array<{ vin: string; modelYear: number }> = []
    for (let year = 1990; year < 2025; year++) for (const vin of makers) items.push({ vin: withVinCheckDigit(vin), modelYear: year })
    const calls: Promise<unknown>[] = []
    for (let i = 0; i < items.length; i += 10) calls.push(batch(items.slice(i, i + 10)))
    const lag = monitorEventLoopDelay({ resolution: 10 })
    lag.enable()
    let worst = 0
    let probes = 0
    let done = false
    const all = Promise.all(calls).finally(() => (done = true))
    // The requests are admitted first (session, rate limit, parsing); the decoding that
    // follows (seconds of it) must leave the loop free.
    await new Promise((r) => setTimeout(r, 500))
    while (!done) {
      const t = performance.now()
      const res = await raw(ctx.app.base, 'GET', '/healthz')
      expect(res.status).toBe(200)
      worst = Math.max(worst, performance.now() - t)
      probes++
      await new Promise((r) => setTimeout(r, 20))
    }
    await all
    lag.disable()
    console.info(`${items.length} lookups in ${calls.length} batches; /healthz answered ${probes} times, slowest ${worst.toFixed(0)} ms; event loop delay max ${(lag.max / 1e6).toFixed(0)} ms`)
    expect(probes).toBeGreaterThan(1)
    expect(worst).toBeLessThan(1000)
  }, 120_000)
})

describe('a full disk', () => {
  it('answers 507 with a clear message on every door, and loses nothing', async () => {
    // A real SQLITE_FULL: the database may not grow past its current size, and its free room is used up.
    await ctx.db.transaction(async (tx) => {
      await tx.run(sql`CREATE TABLE IF NOT EXISTS zz_filler (x BLOB)`)
    })
    const [{ page_count: pages }] = (await ctx.db.read.all<{ page_count: number }>(sql`PRAGMA page_count`)) as [{ page_count: number }]
    await ctx.db.transaction(async (tx) => {
      await tx.run(sql.raw(`PRAGMA max_page_count = ${pages + 2}`))
    })
    for (const size of [4096, 512, 64]) {
      for (;;) {
        try {
          await ctx.db.transaction((tx) => tx.run(sql`INSERT INTO zz_filler (x) VALUES (randomblob(${size}))`))
        } catch {
          break
        }
      }
    }
    // And the room left in the companies table's own pages.
    for (let i = 0; ; i++) {
      try {
        await ctx.db.transaction((tx) => tx.insert(companies).values({ name: 'Filler', code: `FILL-${i}` }))
      } catch {
        break
      }
    }
    const before = await databaseDigest(ctx.db)
    try {
      const company = (n: string) => JSON.stringify({ name: `Full Disk ${n} ${'x'.repeat(70)}`, types: ['Owner', 'Operator', 'RepairShop'] })
      const rest = await raw(ctx.app.base, 'POST', '/api/Company/create', { headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' }, body: company('REST') })
      expect(rest.status, rest.body).toBe(507)
      expect(JSON.parse(rest.body)).toEqual({ message: expect.stringMatching(/out of storage space/) })
      const trpc = await raw(ctx.app.base, 'POST', '/trpc/company.create', { headers: { ...same, cookie: ctx.cookie, 'content-type': 'application/json' }, body: company('tRPC') })
      expect(trpc.status, trpc.body).toBe(507)
      expect(trpc.body).toMatch(/out of storage space/)
      const page = await raw(ctx.app.base, 'POST', '/profile', {
        headers: { ...same, cookie: ctx.cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ intent: 'createCompany', name: `Full Disk page ${'x'.repeat(80)}`, types: 'Owner' }).toString(),
      })
      expect(page.status, page.body.slice(0, 300)).toBe(507)
      expect(page.body).toMatch(/out of storage space/)
      expect(page.body).not.toMatch(/unexpected error/i)
      expect(await databaseDigest(ctx.db)).toBe(before)
    } finally {
      await ctx.db.transaction(async (tx) => {
        await tx.run(sql`DELETE FROM zz_filler`)
        await tx.run(sql.raw(`PRAGMA max_page_count = 1073741823`))
      })
    }
    // Room again: the same write goes through.
    const again = await raw(ctx.app.base, 'POST', '/api/Company/create', { headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'After Full Disk', types: ['Owner'] }) })
    expect(again.status).toBe(201)
  }, 60_000)
})
