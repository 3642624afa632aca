/**
 * Issue 9 point 1 (decision 018): no cross-site writes through any door. The list of
 * state-changing routes is generated from the REST route table, the tRPC router and the Remix
 * build's routes with an action, so a new route is attacked as soon as it exists. Every one
 * gets what another site can send (foreign and same-site sibling `Origin`, `Sec-Fetch-Site`
 * without `Origin`, `?_data=`, form / text / JSON bodies, a live session cookie and token)
 * over raw HTTP: 403 each time, and the database is byte for byte unchanged.
 */
import { describe, expect, it } from 'vitest'
import { restRoutes } from '#server/rest/routes/index.ts'
import { appRouter } from '#server/trpc/router.ts'
import { APP_ORIGIN, databaseDigest, raw, routeUrl } from '#tests/helpers/http-app.ts'
import { managerApp } from '#tests/helpers/manager-app.ts'

const ctx = managerApp({ company: 'Origin Co', types: ['Owner', 'Operator', 'RepairShop'], firstName: 'Manager' })

/** What another site can put in front of a write. */
const HOSTILE: Record<string, Record<string, string>> = {
  'foreign Origin': { origin: 'https://evil.example' },
  'same-site sibling Origin': { origin: 'http://sibling.operon.test' },
  'parent-domain lookalike Origin': { origin: 'http://operon.test.evil.example' },
  'other scheme Origin': { origin: 'https://operon.test' },
  'opaque Origin null': { origin: 'null' },
  'opaque Origin null from another site (a sandboxed frame)': { origin: 'null', 'sec-fetch-site': 'cross-site' },
  'no Origin, Sec-Fetch-Site cross-site': { 'sec-fetch-site': 'cross-site' },
  'no Origin, Sec-Fetch-Site same-site': { 'sec-fetch-site': 'same-site' },
}

const BODIES: Record<string, { type: string; body: string }> = {
  form: { type: 'application/x-www-form-urlencoded', body: 'intent=deleteVehicle&id=1&name=Evil&companyId=1' },
  text: { type: 'text/plain', body: '{"name":"Evil","types":["Owner"]}' },
  json: { type: 'application/json', body: '{"name":"Evil","types":["Owner"],"companyId":1}' },
  multipart: { type: 'multipart/form-data; boundary=x', body: '--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\ndeleteAccount\r\n--x--\r\n' },
}

interface Target {
  door: string
  method: string
  path: string
}

function restTargets(): Target[] {
  return restRoutes()
    .filter((r) => r.method !== 'GET')
    .map((r) => ({ door: 'REST', method: r.method, path: r.path.replace(/\{\w+\}/g, '1') }))
}

function trpcTargets(): Target[] {
  const procedures = (appRouter._def as unknown as { procedures: Record<string, { _def: { type: string } }> }).procedures
  return Object.entries(procedures)
    .filter(([, p]) => p._def.type === 'mutation')
    .map(([name]) => ({ door: 'tRPC', method: 'POST', path: `/trpc/${name}` }))
}

function pageTargets(): Target[] {
  const out: Target[] = []
  for (const [id, route] of Object.entries(ctx.app.build.routes)) {
    if (!route.module.action || id === 'routes/api.$' || id === 'routes/trpc.$') continue
    const path = routeUrl(ctx.app.build, id, String(ctx.companyId))
    out.push({ door: 'page', method: 'POST', path })
    out.push({ door: 'page ?_data=', method: 'POST', path: `${path}?_data=${encodeURIComponent(id)}&redirectTo=%2Fdashboard` })
    out.push({ door: 'page .data', method: 'POST', path: `${path === '/' ? '/_root' : path}.data` })
  }
  return out
}

describe('the generated list of state-changing routes', () => {
  it('covers every door', () => {
    const pages = pageTargets().filter((t) => t.door === 'page').map((t) => t.path)
    expect(restTargets().length).toBeGreaterThan(20)
    expect(trpcTargets().map((t) => t.path)).toEqual(expect.arrayContaining(['/trpc/company.create', '/trpc/joinRequests.accept', '/trpc/fleet.lookupVin']))
    expect(pages).toEqual(expect.arrayContaining(['/login', '/profile', `/fleet/${ctx.companyId}`, `/joinRequests/${ctx.companyId}`, '/logout']))
  })
})

describe('cross-site writes are refused with 403 and change nothing', () => {
  for (const [label, headers] of Object.entries(HOSTILE)) {
    it(`${label}: every mutating route of REST, tRPC and the pages`, async () => {
      const before = await databaseDigest(ctx.db)
      const targets = [...restTargets(), ...trpcTargets(), ...pageTargets()]
      const failures: string[] = []
      for (const t of targets) {
        for (const [kind, { type, body }] of Object.entries(BODIES)) {
          const res = await raw(ctx.app.base, t.method, t.path, {
            headers: { ...headers, cookie: ctx.cookie, authorization: `Bearer ${ctx.token}`, 'content-type': type },
            body,
          }).catch((e: unknown) => ({ status: `${String(e)}` }))
          if (res.status !== 403) failures.push(`${t.door} ${t.method} ${t.path} (${kind}) → ${res.status}`)
        }
      }
      expect(failures).toEqual([])
      expect(await databaseDigest(ctx.db)).toBe(before)
    }, 120_000)
  }
})

describe('the attacks of the report', () => {
  it('a cross-site `?_data=` POST creating a company, and the same as a .data request, create nothing', async () => {
    const before = await databaseDigest(ctx.db)
    for (const path of ['/profile?_data=routes%2F_app%2B%2Fprofile', '/profile.data', '/profile']) {
      for (const origin of ['https://evil.example', 'http://sibling.operon.test']) {
        const res = await raw(ctx.app.base, 'POST', path, {
          headers: { origin, cookie: ctx.cookie, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'intent=createCompany&name=Phished+Co&types=Owner',
        })
        expect(res.status, `${path} from ${origin}`).toBe(403)
      }
    }
    const rest = await raw(ctx.app.base, 'POST', '/api/Company/create', {
      headers: { origin: 'https://evil.example', cookie: ctx.cookie, 'content-type': 'text/plain' },
      body: JSON.stringify({ name: 'Phished Co', types: ['Owner'] }),
    })
    expect(rest.status).toBe(403)
    expect(await databaseDigest(ctx.db)).toBe(before)
  })
})

describe('the app itself and legacy clients still write', () => {
  it('a same-origin page action, tRPC mutation and a REST call with a bearer token and no Origin go through', async () => {
    const page = await raw(ctx.app.base, 'POST', '/profile', {
      headers: { origin: APP_ORIGIN, cookie: ctx.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=createCompany&name=Own+Page+Co&types=Owner',
    })
    expect(page.status).toBeLessThan(400)
    const trpc = await raw(ctx.app.base, 'POST', '/trpc/company.create', {
      headers: { 'sec-fetch-site': 'same-origin', cookie: ctx.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Own Widget Co', types: ['Owner'] }),
    })
    expect(trpc.status).toBe(200)
    const rest = await raw(ctx.app.base, 'POST', '/api/Company/create', {
      headers: { authorization: `Bearer ${ctx.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Legacy Co', types: ['Owner'] }),
    })
    expect(rest.status).toBe(201)
  })

  it('a page action posted with Origin null from a page of ours (Referrer-Policy no-referrer) and Sec-Fetch-Site same-origin is answered by the page', async () => {
    const page = await raw(ctx.app.base, 'POST', '/profile', {
      headers: { origin: 'null', 'sec-fetch-site': 'same-origin', cookie: ctx.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'intent=createCompany&name=No+Referrer+Co&types=Owner',
    })
    expect(page.status).toBeLessThan(400)
  })

  it('reads are not refused for their Origin', async () => {
    const res = await raw(ctx.app.base, 'GET', '/api/Company/mine', { headers: { origin: 'https://evil.example', authorization: `Bearer ${ctx.token}` } })
    expect(res.status).toBe(200)
  })
})

describe('the REST door authenticates with bearer tokens only', () => {
  it('a session cookie alone is no authentication, even from the app origin (text/plain or JSON)', async () => {
    const before = await databaseDigest(ctx.db)
    for (const type of ['text/plain', 'application/json']) {
      const res = await raw(ctx.app.base, 'POST', '/api/Company/create', {
        headers: { cookie: ctx.cookie, 'content-type': type, origin: APP_ORIGIN },
        body: JSON.stringify({ name: 'Cookie Co', types: ['Owner'] }),
      })
      expect(res.status).toBe(401)
    }
    const read = await raw(ctx.app.base, 'GET', '/api/Company/mine', { headers: { cookie: ctx.cookie } })
    expect(read.status).toBe(401)
    expect(await databaseDigest(ctx.db)).toBe(before)
  })
})

describe('tRPC mutations take JSON only', () => {
  for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
    it(`${type || 'no content type'} → 415, nothing created`, async () => {
      const before = await databaseDigest(ctx.db)
      const res = await raw(ctx.app.base, 'POST', '/trpc/company.create', {
        headers: { cookie: ctx.cookie, origin: APP_ORIGIN, ...(type ? { 'content-type': type } : {}) },
        body: JSON.stringify({ name: 'Text Co', types: ['Owner'] }),
      })
      expect(res.status).toBe(415)
      expect(await databaseDigest(ctx.db)).toBe(before)
    })
  }
})
