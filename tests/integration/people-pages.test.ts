/**
 * The companies-and-people pages through their Remix loaders and actions, as
 * a browser without JavaScript would use them: a session cookie, form posts,
 * redirects carrying a toast cookie.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { companies, memberships } from '#db/schema/index.ts'
import * as joinRequests from '#app/routes/_app+/joinRequests.$companyId.tsx'
import * as joinRequestsRS from '#app/routes/_app+/joinRequestsRS.$companyId.tsx'
import * as employees from '#app/routes/_app+/employees.$companyId.tsx'
import * as employeesRS from '#app/routes/_app+/employeesRS.$companyId.tsx'
import * as settings from '#app/routes/_app+/company.$companyId.settings.tsx'
import * as qrPdf from '#app/routes/company.$companyId.qr[.]pdf.ts'
import { handleJoinRequestIntent, loadOwnerJoinRequests } from '#app/routes/_app+/join-requests-page.server.ts'
import { ROLE_IDS, type CompanyType, type RoleName } from '#catalog/roles.ts'
import { requestToJoinCompany } from '#server/companies/join-requests.server.ts'
import { closePdfBrowser, pdfBrowserPid, renderPdf } from '#server/pdf/render.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { callPage, toastOf, type PageHandler } from '#tests/helpers/remix.ts'
import { createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'

let db: Database
const context = { cspNonce: '', clientIp: '127.0.0.1' }

type Fn = PageHandler
const call = callPage

async function company(name: string, types: CompanyType[]) {
  return (await createCompany(db, name, types)).id
}

async function person(companyId: number | null, roles: RoleName[] = [], firstName = 'Pat', lastName?: string) {
  const user = await createUser(db, { firstName, ...(lastName ? { lastName } : {}) })
  if (companyId) for (const r of roles) await grantRole(db, user.id, companyId, r)
  return { user, cookie: await webSessionFor(db, user.id) }
}

async function codeOf(companyId: number) {
  const [c] = await db.read.select({ code: companies.code }).from(companies).where(eq(companies.id, companyId))
  return c!.code
}

async function ask(userId: number, companyId: number, role: RoleName) {
  const ctx = await ctxFor(db, userId)
  return (await requestToJoinCompany(ctx, { companyCode: await codeOf(companyId), role })).id
}

async function roleActive(userId: number, companyId: number, role: RoleName) {
  const [m] = await db.read
    .select({ isActive: memberships.isActive })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId), eq(memberships.roleId, ROLE_IDS[role])))
  return m?.isActive ?? null
}

beforeAll(() => {
  db = createTestDb()
  useAsAppDb(db)
})
afterAll(async () => {
  await closePdfBrowser()
  await db.close()
})

describe('users requests pages', () => {
  let co: number
  let manager: Awaited<ReturnType<typeof person>>
  const params = () => ({ companyId: String(co) })
  const page = () => `/joinRequests/${co}`

  beforeAll(async () => {
    co = await company('Requests Test Lines', ['Operator'])
    manager = await person(co, ['Operator'], 'Morgan')
  })

  it('lists the requests Pending first with a readable date, and the company code card', async () => {
    const driver = await person(null, [], 'Dana', 'Driver')
    await ask(driver.user.id, co, 'Driver')
    const r = await call(joinRequests.loader as Fn, page(), { cookie: manager.cookie, params: params() })
    const body = r.body as Awaited<ReturnType<typeof joinRequests.loader>>
    expect(body.title).toBe('Users requests')
    expect(body.card).toMatchObject({ companyId: co, companyName: 'Requests Test Lines', code: await codeOf(co) })
    expect(body.card.qr).toMatch(/^data:image\/svg\+xml;base64,/)
    const row = body.list.requests.find((x) => x.name === 'Dana Driver')!
    expect(row).toMatchObject({ status: 'Pending', roleLabel: 'Driver' })
    expect(row.requestDateLabel).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M [A-Z][A-Za-z0-9+:-]+$/)
  })

  it('accepts through the action: success toast, back to the page, the role is active', async () => {
    const driver = await person(null)
    const requestId = await ask(driver.user.id, co, 'Driver')
    const r = await call(joinRequests.action as Fn, page(), {
      cookie: manager.cookie,
      params: params(),
      form: { intent: 'acceptJoinRequest', requestId: String(requestId), companyId: String(co) },
    })
    expect(r).toMatchObject({ status: 302, location: page(), toast: { type: 'success', message: 'User accepted successfully' } })
    expect(await roleActive(driver.user.id, co, 'Driver')).toBe(true)
  })

  it('rejects through the action; answering again is "Error accepting user"', async () => {
    const driver = await person(null)
    const requestId = await ask(driver.user.id, co, 'Driver')
    const form = { intent: 'rejectJoinRequest', requestId: String(requestId), companyId: String(co) }
    const r = await call(joinRequests.action as Fn, page(), { cookie: manager.cookie, params: params(), form })
    expect(r.toast).toEqual({ type: 'success', message: 'User rejected successfully' })
    expect(await roleActive(driver.user.id, co, 'Driver')).toBeNull()
    const again = await call(joinRequests.action as Fn, page(), { cookie: manager.cookie, params: params(), form: { ...form, intent: 'acceptJoinRequest' } })
    expect(again).toMatchObject({ status: 302, location: page(), toast: { type: 'error', message: 'Error accepting user' } })
    expect(await roleActive(driver.user.id, co, 'Driver')).toBeNull()
  })

  it('warns "User was already in the company" when the role came by another way', async () => {
    const driver = await person(null)
    const requestId = await ask(driver.user.id, co, 'Driver')
    await grantRole(db, driver.user.id, co, 'Driver')
    const r = await call(joinRequests.action as Fn, page(), {
      cookie: manager.cookie,
      params: params(),
      form: { intent: 'acceptJoinRequest', requestId: String(requestId), companyId: String(co) },
    })
    expect(r).toMatchObject({ status: 302, location: page(), toast: { type: 'warning', message: 'User was already in the company' } })
    // The list reloads with the request answered.
    const list = await call(joinRequests.loader as Fn, page(), { cookie: manager.cookie, params: params() })
    const rows = (list.body as Awaited<ReturnType<typeof joinRequests.loader>>).list.requests
    expect(rows.find((x) => x.id === requestId)?.status).toBe('Accepted')
  })

  it('says "CompanyId required" when the form has no company id or another one', async () => {
    const driver = await person(null)
    const requestId = String(await ask(driver.user.id, co, 'Driver'))
    for (const companyId of [undefined, 'abc', String(co + 1000)]) {
      const form: Record<string, string> = { intent: 'acceptJoinRequest', requestId }
      if (companyId) form.companyId = companyId
      const r = await call(joinRequests.action as Fn, page(), { cookie: manager.cookie, params: params(), form })
      expect(r).toMatchObject({ status: 302, location: page(), toast: { type: 'error', message: 'CompanyId required' } })
    }
    expect(await roleActive(driver.user.id, co, 'Driver')).toBeNull()
  })

  it('refuses people who do not manage the company: / (and /login without a session)', async () => {
    const driver = await person(null)
    const requestId = String(await ask(driver.user.id, co, 'Driver'))
    const outsider = await person(co, ['Driver'])
    const form = { intent: 'acceptJoinRequest', requestId, companyId: String(co) }
    expect(await call(joinRequests.action as Fn, page(), { cookie: outsider.cookie, params: params(), form })).toMatchObject({ status: 302, location: '/' })
    expect((await call(joinRequests.action as Fn, page(), { params: params(), form })).location).toMatch(/^\/login/)
    expect(await roleActive(driver.user.id, co, 'Driver')).toBeNull()
  })

  it('the repair shop page answers mechanic requests', async () => {
    const shop = await company('Requests Test Repairs', ['RepairShop'])
    const shopManager = await person(shop, ['RepairShop'])
    const mechanic = await person(null, [], 'Max', 'Mechanic')
    const requestId = await ask(mechanic.user.id, shop, 'Mechanic')
    const list = await call(joinRequestsRS.loader as Fn, `/joinRequestsRS/${shop}`, { cookie: shopManager.cookie, params: { companyId: String(shop) } })
    expect((list.body as Awaited<ReturnType<typeof joinRequestsRS.loader>>).list.requests.map((x) => x.name)).toEqual(['Max Mechanic'])
    const r = await call(joinRequestsRS.action as Fn, `/joinRequestsRS/${shop}`, {
      cookie: shopManager.cookie,
      params: { companyId: String(shop) },
      form: { intent: 'acceptJoinRequest', requestId: String(requestId), companyId: String(shop) },
    })
    expect(r.toast).toEqual({ type: 'success', message: 'User accepted successfully' })
    expect(await roleActive(mechanic.user.id, shop, 'Mechanic')).toBe(true)
  })

  it('the owner section loads Owner requests and answers them through the shared helper', async () => {
    const owners = await company('Requests Test Owners', ['Owner'])
    const owner = await person(owners, ['Owner'])
    const partner = await person(null, [], 'Olive', 'Owner')
    const requestId = await ask(partner.user.id, owners, 'Owner')
    const ctx = await ctxFor(db, owner.user.id)
    const list = await loadOwnerJoinRequests(ctx, owners)
    expect(list.requests.map((x) => [x.name, x.roleLabel, x.status])).toEqual([['Olive Owner', 'Owner', 'Pending']])
    const path = `/ownerRequestPage/${owners}`
    const form = new FormData()
    form.set('intent', 'rejectJoinRequest')
    form.set('requestId', String(requestId))
    form.set('companyId', String(owners))
    const request = new Request(`http://localhost${path}`, { method: 'POST', headers: { cookie: `operon_session=${owner.cookie}` } })
    const response = await handleJoinRequestIntent({ request, params: { companyId: String(owners) }, context }, form, 'Owner')
    expect(response?.headers.get('location')).toBe(path)
    expect(await toastOf(response!)).toEqual({ type: 'success', message: 'User rejected successfully' })
    // Other intents are left to the page's own action.
    form.set('intent', 'respondVehicleRequest')
    expect(await handleJoinRequestIntent({ request, params: { companyId: String(owners) }, context }, form, 'Owner')).toBeNull()
  })
})

describe('employees pages', () => {
  let co: number
  let manager: Awaited<ReturnType<typeof person>>
  const params = () => ({ companyId: String(co) })
  type Body = Awaited<ReturnType<typeof employees.loader>>

  beforeAll(async () => {
    co = await company('Employees Test Lines', ['Operator'])
    manager = await person(co, ['Operator'], 'Morgan', 'Aaa Manager')
    for (let i = 0; i < 24; i++) await person(co, ['Driver'], 'Driver', `Zz ${String(i).padStart(2, '0')}`)
  })

  it('pages on the server with ?page=&pageSize= (10, 20, 30)', async () => {
    const first = (await call(employees.loader as Fn, `/employees/${co}`, { cookie: manager.cookie, params: params() })).body as Body
    expect(first.employees).toMatchObject({ total: 25, page: 1, pageSize: 10, pageCount: 3 })
    expect(first.employees.items).toHaveLength(10)
    expect(first.employees.items[0]).toMatchObject({ lastName: 'Aaa Manager', roles: ['Operator'] })
    expect(first.employees.items[0]!.qr).toMatch(/^data:image\/svg\+xml;base64,/)

    const second = (await call(employees.loader as Fn, `/employees/${co}?page=2&pageSize=20`, { cookie: manager.cookie, params: params() })).body as Body
    expect(second.employees).toMatchObject({ total: 25, page: 2, pageSize: 20, pageCount: 2 })
    expect(second.employees.items).toHaveLength(5)

    // A size the spec does not offer falls back to 10; a page past the end goes to the last one.
    const odd = (await call(employees.loader as Fn, `/employees/${co}?pageSize=15`, { cookie: manager.cookie, params: params() })).body as Body
    expect(odd.employees.pageSize).toBe(10)
    const past = await call(employees.loader as Fn, `/employees/${co}?page=9&pageSize=30`, { cookie: manager.cookie, params: params() })
    expect(past).toMatchObject({ status: 302, location: `/employees/${co}?page=1&pageSize=30` })
  })

  it('toggles a role through the action, keeping the page and opening the row', async () => {
    const driver = await person(co, ['Driver'])
    const path = `/employees/${co}?page=2&pageSize=10`
    const form = { intent: 'setRoleStatus', userId: String(driver.user.id), roleId: String(ROLE_IDS.Driver), isActive: 'false', companyId: String(co) }
    const off = await call(employees.action as Fn, path, { cookie: manager.cookie, params: params(), form })
    expect(off).toMatchObject({ status: 302, toast: { type: 'success', message: 'Updated successfully' } })
    expect(off.location).toBe(`/employees/${co}?page=2&pageSize=10&open=${driver.user.id}`)
    expect(await roleActive(driver.user.id, co, 'Driver')).toBe(false)
    const opened = (await call(employees.loader as Fn, off.location!, { cookie: manager.cookie, params: params() })).body as Body
    expect(opened.openId).toBe(driver.user.id)

    const on = await call(employees.action as Fn, path, { cookie: manager.cookie, params: params(), form: { ...form, isActive: 'true' } })
    expect(on.toast).toEqual({ type: 'success', message: 'Updated successfully' })
    expect(await roleActive(driver.user.id, co, 'Driver')).toBe(true)
  })

  it("shows the refusal to deactivate the last active manager as an error toast", async () => {
    const form = { intent: 'setRoleStatus', userId: String(manager.user.id), roleId: String(ROLE_IDS.Operator), isActive: 'false', companyId: String(co) }
    const r = await call(employees.action as Fn, `/employees/${co}`, { cookie: manager.cookie, params: params(), form })
    expect(r.toast).toEqual({ type: 'error', message: 'The company must keep at least one active Operator manager' })
    expect(await roleActive(manager.user.id, co, 'Operator')).toBe(true)
  })

  it('the repair shop page lists mechanics only to RepairShop managers', async () => {
    const shop = await company('Employees Test Repairs', ['RepairShop'])
    const shopManager = await person(shop, ['RepairShop'])
    await person(shop, ['Mechanic'], 'Max', 'Mechanic')
    const body = (await call(employeesRS.loader as Fn, `/employeesRS/${shop}`, { cookie: shopManager.cookie, params: { companyId: String(shop) } })).body as Body
    expect(body.employees.items.map((e) => e.roles)).toEqual(expect.arrayContaining([['Mechanic'], ['Repair shop']]))
    expect(await call(employeesRS.loader as Fn, `/employeesRS/${co}`, { cookie: manager.cookie, params: params() })).toMatchObject({ status: 302, location: '/' })
  })
})

describe('company code PDF', () => {
  it('is a PDF named after the code, for any manager of the company', async () => {
    const co = await company('PDF Test Coaches', ['Owner', 'Operator'])
    const owner = await person(co, ['Owner'])
    const r = await call(qrPdf.loader as Fn, `/company/${co}/qr.pdf`, { cookie: owner.cookie, params: { companyId: String(co) } })
    expect(r.status).toBe(200)
    expect(r.response!.headers.get('content-type')).toBe('application/pdf')
    expect(r.response!.headers.get('content-disposition')).toBe(`attachment; filename="${await codeOf(co)}.pdf"`)
    const bytes = Buffer.from(await r.response!.arrayBuffer())
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(bytes.length).toBeGreaterThan(1000)
    // One page.
    expect(bytes.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1)
  }, 60_000)

  it('is refused to staff and to other companies (→ /), and to visitors (→ /login)', async () => {
    const co = await company('PDF Test Refusals', ['Operator'])
    const other = await company('PDF Test Elsewhere', ['Operator'])
    const driver = await person(co, ['Driver'])
    const otherManager = await person(other, ['Operator'])
    const path = `/company/${co}/qr.pdf`
    expect(await call(qrPdf.loader as Fn, path, { cookie: driver.cookie, params: { companyId: String(co) } })).toMatchObject({ status: 302, location: '/' })
    expect(await call(qrPdf.loader as Fn, path, { cookie: otherManager.cookie, params: { companyId: String(co) } })).toMatchObject({ status: 302, location: '/' })
    expect((await call(qrPdf.loader as Fn, path, { params: { companyId: String(co) } })).location).toMatch(/^\/login\?redirectTo=/)
  })
})

describe('PDF renderer', () => {
  it('loads nothing from the network, and launches again after being closed', async () => {
    const hits: string[] = []
    const server = createServer((req, res) => {
      hits.push(req.url ?? '')
      res.end('x')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const html = `<!doctype html><html><head><link rel="stylesheet" href="${origin}/style.css"></head><body>
        <h1>Hello</h1><img src="${origin}/image.png"><iframe src="${origin}/frame"></iframe>
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
        <script>fetch('${origin}/script')</script></body></html>`
      const pdf = await renderPdf(html)
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      await closePdfBrowser()
      const again = await renderPdf(html)
      expect(again.subarray(0, 5).toString('latin1')).toBe('%PDF-')
      expect(hits).toEqual([])
    } finally {
      server.close()
    }
  }, 60_000)

  it('shares one browser between renders and replaces it when it dies', async () => {
    await renderPdf('<p>one</p>')
    const pid = pdfBrowserPid()
    expect(pid).toBeTypeOf('number')
    await renderPdf('<p>two</p>')
    expect(pdfBrowserPid()).toBe(pid)
    process.kill(pid!, 'SIGKILL')
    await expect.poll(() => pdfBrowserPid(), { timeout: 5000 }).toBeNull()
    const pdf = await renderPdf('<p>three</p>')
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pdfBrowserPid()).not.toBe(pid)
    // Concurrent renders share the new browser.
    const all = await Promise.all([1, 2, 3].map((n) => renderPdf(`<p>${n}</p>`)))
    expect(all.every((b) => b.subarray(0, 4).toString('latin1') === '%PDF')).toBe(true)
  }, 60_000)

  it('renders again even when the browser dies between renders unnoticed', async () => {
    await renderPdf('<p>warm</p>')
    const pid = pdfBrowserPid()!
    process.kill(pid, 'SIGKILL')
    // No waiting for the disconnect: the render notices and relaunches.
    const pdf = await renderPdf('<p>after crash</p>')
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
  }, 60_000)
})

describe('company settings page', () => {
  it('saves name, time zone and repair shop; keeps the values and shows field errors', async () => {
    const co = await company('Settings Test Owners', ['Owner'])
    const shop = await company('Settings Test Shop', ['RepairShop'])
    const notShop = await company('Settings Test Operator', ['Operator'])
    const owner = await person(co, ['Owner'])
    const path = `/company/${co}/settings`
    const params = { companyId: String(co) }

    const loaded = (await call(settings.loader as Fn, path, { cookie: owner.cookie, params })).body as Awaited<ReturnType<typeof settings.loader>>
    expect(loaded.company).toMatchObject({ name: 'Settings Test Owners', timeZone: 'UTC', repairShop: null })
    expect(loaded.hasRepairShopSetting).toBe(true)
    expect(loaded.timeZones).toContain('America/Chicago')

    const bad = await call(settings.action as Fn, path, {
      cookie: owner.cookie,
      params,
      form: { name: 'Settings Renamed', timeZone: 'Mars/Olympus', repairShopCode: await codeOf(notShop) },
    })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({
      fieldErrors: { timeZone: expect.stringContaining('time zone') },
      values: { name: 'Settings Renamed', timeZone: 'Mars/Olympus' },
    })

    const wrongShop = await call(settings.action as Fn, path, {
      cookie: owner.cookie,
      params,
      form: { name: 'Settings Renamed', timeZone: 'America/Chicago', repairShopCode: await codeOf(notShop) },
    })
    expect(wrongShop.body).toMatchObject({ fieldErrors: { repairShopCode: 'Settings Test Operator is not a repair shop' } })

    const ok = await call(settings.action as Fn, path, {
      cookie: owner.cookie,
      params,
      form: { name: 'Settings Renamed', timeZone: 'America/Chicago', repairShopCode: await codeOf(shop) },
    })
    expect(ok).toMatchObject({ status: 302, location: path, toast: { type: 'success', message: 'Company settings saved' } })
    const after = (await call(settings.loader as Fn, path, { cookie: owner.cookie, params })).body as Awaited<ReturnType<typeof settings.loader>>
    expect(after.company).toMatchObject({ name: 'Settings Renamed', timeZone: 'America/Chicago', repairShop: { name: 'Settings Test Shop' } })
  })

  it('is for managers of the company only', async () => {
    const co = await company('Settings Test Guard', ['Operator'])
    const driver = await person(co, ['Driver'])
    const manager = await person(co, ['Operator'])
    const path = `/company/${co}/settings`
    expect(await call(settings.loader as Fn, path, { cookie: driver.cookie, params: { companyId: String(co) } })).toMatchObject({ status: 302, location: '/' })
    expect(
      await call(settings.action as Fn, path, { cookie: driver.cookie, params: { companyId: String(co) }, form: { name: 'Hijacked', timeZone: 'UTC' } }),
    ).toMatchObject({ status: 302, location: '/' })
    const body = (await call(settings.loader as Fn, path, { cookie: manager.cookie, params: { companyId: String(co) } })).body as Awaited<
      ReturnType<typeof settings.loader>
    >
    expect(body.hasRepairShopSetting).toBe(false)
  })
})
