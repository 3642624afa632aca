/**
 * Issue 9 points 7 and 10 (decision 020), over raw HTTP: signed-in pages and their data are
 * never cached (`private, no-store` on the page, its `?_data=` / `.data` requests, tRPC and
 * REST), and uploaded documents come back inside a CSP sandbox (or as downloads when no
 * browser shows them), so a file can never act as a page of the app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { documentResponse } from '#server/documents/download.server.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

let db: Database
let app: RunningApp
let cookie: string
let token: string
let companyId: number
let vehicleId: number
const documents: Record<string, number> = {}

beforeAll(async () => {
  db = createTestDb()
  const company = await createCompany(db, 'Headers Co', ['Owner'])
  companyId = company.id
  const user = await createUser(db)
  await grantRole(db, user.id, company.id, 'Owner')
  cookie = `operon_session=${await webSessionFor(db, user.id)}`
  token = await apiTokenFor(db, user.id)
  app = await startApp(db)
  const json = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const added = await raw(app.base, 'POST', '/api/Fleet/addVehicle', {
    headers: json,
    body: JSON.stringify({ ownerId: companyId, make: 'Blue Bird', model: 'Vision', vin: withVinCheckDigit('1BAKGCPA0EF296813'), licensePlate: 'HDR-1' }),
  })
  expect(added.status, added.body).toBe(201)
  vehicleId = (JSON.parse(added.body) as { id: number }).id
  const uploaded = await raw(app.base, 'POST', '/api/Fleet/uploadVehicleDocument', {
    headers: json,
    body: JSON.stringify([
      { vehicleId, fileName: 'report.pdf', fileContent: PDF.toString('base64') },
      { vehicleId, fileName: 'photo.png', fileContent: PNG.toString('base64') },
    ]),
  })
  expect(uploaded.status, uploaded.body).toBe(200)
  for (const d of JSON.parse(uploaded.body) as Array<{ id: number; fileName: string }>) documents[d.fileName] = d.id
}, 120_000)
afterAll(async () => {
  await app?.close()
  await db?.close()
})

describe('signed-in answers are never cached', () => {
  const pages = () => ['/profile', `/fleet/${companyId}`, '/dashboard']
  it('the pages', async () => {
    for (const path of pages()) {
      const res = await raw(app.base, 'GET', path, { headers: { cookie } })
      expect(res.status, path).toBe(200)
      expect(res.headers['cache-control'], path).toBe('private, no-store')
    }
  })
  it('their data requests (?_data= and .data)', async () => {
    for (const path of ['/profile?_data=routes%2F_app%2B%2Fprofile', '/profile.data', `/fleet/${companyId}.data`]) {
      const res = await raw(app.base, 'GET', path, { headers: { cookie } })
      expect(res.status, path).toBe(200)
      expect(res.headers['cache-control'], path).toBe('private, no-store')
    }
  })
  it('tRPC and REST', async () => {
    const trpc = await raw(app.base, 'GET', '/trpc/company.mine', { headers: { cookie } })
    expect(trpc.status).toBe(200)
    expect(trpc.headers['cache-control']).toBe('private, no-store')
    const rest = await raw(app.base, 'GET', '/api/Company/mine', { headers: { authorization: `Bearer ${token}` } })
    expect(rest.status).toBe(200)
    expect(rest.headers['cache-control']).toBe('private, no-store')
  })
})

describe('uploaded documents cannot act as pages', () => {
  it('PDFs and pictures open inline inside a CSP sandbox, through the page route and REST', async () => {
    for (const [name, id] of Object.entries(documents)) {
      const page = await raw(app.base, 'GET', `/vehicles/${vehicleId}/documents/${id}`, { headers: { cookie } })
      const rest = await raw(app.base, 'GET', `/api/fleet/${vehicleId}/documents/${id}`, { headers: { authorization: `Bearer ${token}` } })
      for (const res of [page, rest]) {
        expect(res.status, name).toBe(200)
        expect(String(res.headers['content-security-policy']).split(',').map((p) => p.trim()), name).toContain('sandbox')
        expect(res.headers['content-disposition'], name).toMatch(/^inline;/)
        expect(res.headers['x-content-type-options']).toBe('nosniff')
        expect(res.headers['cache-control']).toBe('private, no-store')
      }
    }
  })

  it('Word and Excel files, which no browser shows, are downloads (and sandboxed too)', () => {
    for (const type of ['application/msword', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']) {
      const res = documentResponse({ fileName: 'x.doc', contentType: type, content: new Uint8Array([1]) })
      expect(res.headers.get('content-disposition')).toMatch(/^attachment;/)
      expect(res.headers.get('content-security-policy')).toBe('sandbox')
    }
  })
})

/** The directives of a Content-Security-Policy header, by name. */
function directivesOf(header: string | string[] | undefined): Map<string, string[]> {
  const policy = String(header ?? '').split(',')[0]!
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values] as const),
  )
}

describe('issue 22: base-uri and the Referer of pages with a secret in their URL', () => {
  it("every answer's CSP says base-uri 'none' (no page has a <base> element)", async () => {
    const answers = [
      await raw(app.base, 'GET', '/login'),
      await raw(app.base, 'GET', '/reset-password?token=abc'),
      await raw(app.base, 'GET', '/profile', { headers: { cookie } }),
      await raw(app.base, 'GET', '/api/Company/mine', { headers: { authorization: `Bearer ${token}` } }),
      await raw(app.base, 'GET', '/trpc/company.mine', { headers: { cookie } }),
    ]
    for (const res of answers) expect(directivesOf(res.headers['content-security-policy']).get('base-uri')).toEqual(["'none'"])
  })

  it('the reset-password page (its link carries the token) is sent with Referrer-Policy: no-referrer', async () => {
    const page = await raw(app.base, 'GET', '/reset-password?token=a-secret-reset-token')
    expect(page.status).toBe(200)
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    // The same page under the other spellings Remix matches.
    for (const path of ['/Reset-Password?token=x', '/reset-password/?token=x', '/reset%2Dpassword?token=x']) {
      const res = await raw(app.base, 'GET', path)
      expect(res.status, path).toBe(200)
      expect(res.headers['referrer-policy'], path).toBe('no-referrer')
    }
    // Its form's answer (a refused token): the page again, at the same URL.
    const posted = await raw(app.base, 'POST', '/reset-password?token=a-secret-reset-token', {
      headers: { origin: 'http://operon.test', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: 'a-secret-reset-token', newPassword: 'Another-password-2026!' }).toString(),
    })
    expect(posted.status).toBeGreaterThanOrEqual(400)
    expect(posted.headers['referrer-policy']).toBe('no-referrer')
  })

  it('the external sign-in callback (code and state in its URL) too; other pages keep same-origin', async () => {
    const callback = await raw(app.base, 'GET', '/auth/google/callback?code=a-secret-code&state=s')
    expect(callback.headers['referrer-policy']).toBe('no-referrer')
    for (const path of ['/login', '/register', '/SendResetLink', '/no-such-page']) {
      const res = await raw(app.base, 'GET', path)
      expect(res.headers['referrer-policy'], path).toBe('same-origin')
    }
    const signedIn = await raw(app.base, 'GET', '/profile', { headers: { cookie } })
    expect(signedIn.headers['referrer-policy']).toBe('same-origin')
  })
})
