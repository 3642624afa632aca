/**
 * Driver qualification files (issue 37 point 1, decision 086; 49 CFR 391.51): the completeness
 * states at their edges (the one pure rule), validation that saves nothing, idempotency, the
 * driver's read-only view, a former driver's file (role deactivated, account deleted), the
 * document upload checked by content and downloadable, 'driverFile.view' in the activity log,
 * the page without JavaScript, and the REST shapes through the real HTTP handler. On both drivers.
 */
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { auditLog, companies, driverDocuments, driverFileItems, driverFiles, memberships, users } from '#db/schema/index.ts'
import { ROLE_IDS } from '#catalog/roles.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { endDriverEmployment } from '#server/access/driver-employment.server.ts'
import { updateUserRoleStatus } from '#server/companies/employees.server.ts'
import { getDriverDocumentFile } from '#server/drivers/driver-documents.server.ts'
import { getDriverFile, listDriverFiles, updateDriverFile } from '#server/drivers/driver-files.server.ts'
import { addFileItem, deleteFileItem, updateFileItem } from '#server/drivers/file-items.server.ts'
import { addMonthsToDate, countFileItemStates, fileItemStates } from '#server/drivers/file-item-states.ts'
import { isAppError } from '#server/errors.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import * as filePage from '#app/routes/_app+/driverFiles.$companyId_.$driverUserId.tsx'
import * as listPage from '#app/routes/_app+/driverFiles.$companyId.tsx'
import * as downloadRoute from '#app/routes/driverFiles.$companyId.$driverUserId.documents.$documentId.ts'

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string; fieldErrors?: Record<string, string> }> {
  try {
    await p
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message, fieldErrors: error.fieldErrors }
    throw error
  }
  throw new Error('expected a refusal')
}

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
const stateOf = (states: ReturnType<typeof fileItemStates>, kind: string) => states.find((s) => s.kind === kind)!

describe('the completeness rule (file-item-states)', () => {
  const item = (kind: string, itemDate: string, expiryDate: string | null = null) => ({ kind, itemDate, expiryDate })

  it('an annual item is overdue exactly 12 months after the last one, due soon from 30 days before, ok the day before that', () => {
    const items = [item('annualReview', '2025-03-10')]
    const on = (today: string) => stateOf(fileItemStates(items, { hiredOn: '2020-01-01', today }), 'annualReview')
    expect(on('2026-03-10')).toMatchObject({ state: 'overdue', dueOn: '2026-03-10' })
    expect(on('2026-03-09').state).toBe('due-soon')
    expect(on('2026-02-08').state).toBe('due-soon') // 30 days before
    expect(on('2026-02-07').state).toBe('ok') // 31 days before
  })

  it('a medical certificate expiring today is overdue; 30 days before it is due soon; none is missing', () => {
    const items = [item('medicalCertificate', '2024-06-01', '2026-06-01')]
    const on = (today: string) => stateOf(fileItemStates(items, { hiredOn: null, today }), 'medicalCertificate').state
    expect(on('2026-06-01')).toBe('overdue')
    expect(on('2026-05-02')).toBe('due-soon')
    expect(on('2026-05-01')).toBe('ok')
    expect(stateOf(fileItemStates([], { hiredOn: null, today: '2026-05-01' }), 'medicalCertificate').state).toBe('missing')
  })

  it('the newest certificate counts; annual items count from the hire date until the first one; one-off items are missing or ok', () => {
    const states = fileItemStates([item('medicalCertificate', '2023-01-01', '2025-01-01'), item('medicalCertificate', '2025-01-01', '2027-01-01'), item('application', '2025-01-01')], {
      hiredOn: '2025-06-15',
      today: '2026-05-20',
    })
    expect(stateOf(states, 'medicalCertificate').state).toBe('ok')
    expect(stateOf(states, 'application').state).toBe('ok')
    expect(stateOf(states, 'roadTest').state).toBe('missing')
    // Hired 2025-06-15: the first annual review is due 2026-06-15, 26 days away.
    expect(stateOf(states, 'annualReview')).toMatchObject({ state: 'due-soon', dueOn: '2026-06-15' })
    // On the due day with none recorded: missing.
    expect(stateOf(fileItemStates([], { hiredOn: '2025-06-15', today: '2026-06-15' }), 'annualReview').state).toBe('missing')
    // No hire date and no item: nothing says when it was done.
    expect(stateOf(fileItemStates([], { hiredOn: null, today: '2026-06-15' }), 'mvrAnnual').state).toBe('missing')
    expect(countFileItemStates(states)).toMatchObject({ missing: 3, overdue: 0, dueSoon: 4, ok: 2 })
    expect(addMonthsToDate('2024-02-29', 12)).toBe('2025-02-28')
  })
})

describe.each(DRIVERS)('driver qualification files on %s', (driver) => {
  let db: Database
  let today: string
  const ids = {} as { operator: number; other: number; owner: number; manager: number; driver: number; driver2: number; otherDriver: number; otherManager: number; ownerManager: number }

  beforeAll(async () => {
    db = createTestDb(driver)
    ids.operator = (await createCompany(db, 'Files Operator Co', ['Operator'])).id
    ids.other = (await createCompany(db, 'Other Operator Co', ['Operator'])).id
    ids.owner = (await createCompany(db, 'Files Owner Co', ['Owner'])).id
    const user = async (company: number, role: 'Owner' | 'Operator' | 'Driver', names: { firstName?: string; lastName?: string } = {}) => {
      const u = await createUser(db, names)
      await grantRole(db, u.id, company, role)
      return u.id
    }
    ids.manager = await user(ids.operator, 'Operator')
    ids.driver = await user(ids.operator, 'Driver', { firstName: 'Ada', lastName: 'Alpha' })
    ids.driver2 = await user(ids.operator, 'Driver', { firstName: 'Bea', lastName: 'Beta' })
    ids.otherDriver = await user(ids.other, 'Driver')
    ids.otherManager = await user(ids.other, 'Operator')
    ids.ownerManager = await user(ids.owner, 'Owner')
    const [c] = await db.read.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, ids.operator))
    today = todayIn(c?.tz)
  })
  afterAll(() => db.close())

  const ctx = (userId: number) => ctxFor(db, userId)
  const itemCount = async () => Number((await db.read.select({ n: sql<number>`count(*)` }).from(driverFileItems))[0]!.n)
  const daysFrom = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

  it('builds a file: the states follow the items, the list counts them, opening it is in the activity log', async () => {
    const m = await ctx(ids.manager)
    await updateDriverFile(m, { companyId: ids.operator, driverUserId: ids.driver, hiredOn: daysFrom(today, -400) })
    await addFileItem(m, { companyId: ids.operator, driverUserId: ids.driver, kind: 'application', itemDate: daysFrom(today, -400) })
    await addFileItem(m, { companyId: ids.operator, driverUserId: ids.driver, kind: 'medicalCertificate', itemDate: daysFrom(today, -700), expiryDate: today })
    await addFileItem(m, { companyId: ids.operator, driverUserId: ids.driver, kind: 'annualReview', itemDate: addMonthsToDate(daysFrom(today, 10), -12) })
    const file = await getDriverFile(m, { companyId: ids.operator, driverUserId: ids.driver })
    const kind = (k: string) => file.kinds.find((x) => x.kind === k)!
    expect(file).toMatchObject({ canEdit: true, current: true, driverName: 'Ada Alpha', today })
    expect(kind('application').state).toBe('ok')
    expect(kind('medicalCertificate')).toMatchObject({ state: 'overdue', dueOn: today })
    expect(kind('annualReview').state).toBe('due-soon')
    // Hired 400 days ago: the other annual items are past their first due date and missing.
    expect(kind('mvrAnnual').state).toBe('missing')
    expect(file.counts).toEqual({ missing: 6, overdue: 1, dueSoon: 1, ok: 1 })

    const list = await listDriverFiles(m, { companyId: ids.operator })
    expect(list).toMatchObject({ status: 'current', total: 2, counts: { current: 2, former: 0 } })
    expect(list.drivers.map((d) => d.driverUserId)).toEqual([ids.driver, ids.driver2])
    expect(list.drivers[0]).toMatchObject({ missing: 6, overdue: 1, dueSoon: 1 })
    expect(list.drivers[1]).toMatchObject({ missing: 9, overdue: 0, dueSoon: 0 })
    expect((await listDriverFiles(m, { companyId: ids.operator, pageSize: 1, page: 2 })).drivers.map((d) => d.driverUserId)).toEqual([ids.driver2])

    const views = await db.read.select().from(auditLog).where(and(eq(auditLog.action, 'driverFile.view'), eq(auditLog.companyId, ids.operator)))
    expect(views.length).toBeGreaterThan(0)
    expect(views.at(-1)).toMatchObject({ actorUserId: ids.manager, details: { driverUserId: ids.driver } })
  })

  it('refuses bad input with the field named and saves nothing', async () => {
    const m = await ctx(ids.manager)
    const before = await itemCount()
    const base = { companyId: ids.operator, driverUserId: ids.driver2 }
    const r1 = await refusal(addFileItem(m, { ...base, kind: 'medicalCertificate', itemDate: daysFrom(today, -5), expiryDate: daysFrom(today, -6) }))
    expect(r1).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { expiryDate: 'The expiry date cannot be before the date' } })
    expect((await refusal(addFileItem(m, { ...base, kind: 'medicalCertificate', itemDate: daysFrom(today, -5) }))).fieldErrors).toHaveProperty('expiryDate')
    expect((await refusal(addFileItem(m, { ...base, kind: 'tattoo', itemDate: daysFrom(today, -5) }))).fieldErrors).toHaveProperty('kind')
    expect((await refusal(addFileItem(m, { ...base, kind: 'application', itemDate: daysFrom(today, 1) }))).fieldErrors).toEqual({ itemDate: 'The date cannot be in the future' })
    expect((await refusal(addFileItem(m, { ...base, kind: 'application', itemDate: '2025-02-30' }))).fieldErrors).toHaveProperty('itemDate')
    expect((await refusal(addFileItem(m, { ...base, kind: 'application', itemDate: daysFrom(today, -1), note: 'x'.repeat(501) }))).fieldErrors).toHaveProperty('note')
    expect((await refusal(updateDriverFile(m, { ...base, hiredOn: daysFrom(today, 1) }))).fieldErrors).toHaveProperty('hiredOn')
    // A driver of another company, and a person who is nobody's driver: 404.
    expect(await refusal(addFileItem(m, { companyId: ids.operator, driverUserId: ids.otherDriver, kind: 'application', itemDate: today }))).toMatchObject({ code: 'NOT_FOUND', message: 'Driver not found' })
    expect((await refusal(getDriverFile(m, { companyId: ids.operator, driverUserId: ids.manager }))).code).toBe('NOT_FOUND')
    expect(await itemCount()).toBe(before)
    // An item of another company: 404 for its manager.
    const added = await addFileItem(m, { ...base, kind: 'roadTest', itemDate: today })
    const om = await ctx(ids.otherManager)
    expect(await refusal(updateFileItem(om, { id: added.id, itemDate: today }))).toMatchObject({ code: 'NOT_FOUND', message: 'Driver file item not found' })
    expect((await refusal(deleteFileItem(om, { id: added.id }))).code).toBe('NOT_FOUND')
    // Owners and other companies' managers see nothing: 403.
    expect((await refusal(listDriverFiles(await ctx(ids.ownerManager), { companyId: ids.operator }))).code).toBe('FORBIDDEN')
    expect((await refusal(getDriverFile(om, { companyId: ids.operator, driverUserId: ids.driver }))).code).toBe('FORBIDDEN')
    await deleteFileItem(m, { id: added.id })
    expect(await itemCount()).toBe(before)
  })

  it('answers a repeated idempotency key with the first item', async () => {
    const m = await ctx(ids.manager)
    const input = { companyId: ids.operator, driverUserId: ids.driver2, kind: 'previousEmployers', itemDate: today, idempotencyKey: 'item-key-1' }
    const first = await addFileItem(m, input)
    const again = await addFileItem(m, { ...input, note: 'changed' })
    expect(again).toMatchObject({ id: first.id, replayed: true })
    expect(first.replayed).toBe(false)
    expect(Number((await db.read.select({ n: sql<number>`count(*)` }).from(driverFileItems).where(eq(driverFileItems.idempotencyKey, 'item-key-1')))[0]!.n)).toBe(1)
    expect((await refusal(addFileItem(m, { ...input, driverUserId: ids.driver }))).code).toBe('CONFLICT')
  })

  it('shows the driver their own file read-only, and no one else’s', async () => {
    const d = await ctx(ids.driver)
    const file = await getDriverFile(d, { companyId: ids.operator, driverUserId: ids.driver })
    expect(file).toMatchObject({ canEdit: false, driverUserId: ids.driver })
    expect((await refusal(getDriverFile(d, { companyId: ids.operator, driverUserId: ids.driver2 }))).code).toBe('FORBIDDEN')
    expect((await refusal(addFileItem(d, { companyId: ids.operator, driverUserId: ids.driver, kind: 'application', itemDate: today }))).code).toBe('FORBIDDEN')
    expect((await refusal(updateDriverFile(d, { companyId: ids.operator, driverUserId: ids.driver, hiredOn: today }))).code).toBe('FORBIDDEN')
    expect((await refusal(listDriverFiles(d, { companyId: ids.operator }))).code).toBe('FORBIDDEN')
    const item = file.kinds.find((k) => k.kind === 'application')!.items[0]!
    expect((await refusal(deleteFileItem(d, { id: item.id }))).code).toBe('NOT_FOUND')
  })

  it('stores a document checked by content and lets the manager and the driver download it', async () => {
    const m = await ctx(ids.manager)
    const bad = await refusal(addFileItem(m, { companyId: ids.operator, driverUserId: ids.driver, kind: 'roadTest', itemDate: today }, { fileName: 'test.pdf', bytes: new TextEncoder().encode('MZ not a pdf at all') }))
    expect(['BAD_REQUEST', 'UNSUPPORTED_MEDIA_TYPE']).toContain(bad.code)
    const added = await addFileItem(m, { companyId: ids.operator, driverUserId: ids.driver, kind: 'roadTest', itemDate: today }, { fileName: 'road test.pdf', bytes: PDF })
    expect(added.document).toMatchObject({ fileName: 'road test.pdf', contentType: 'application/pdf', sizeBytes: PDF.byteLength })
    const file = await getDriverDocumentFile(await ctx(ids.driver), { companyId: ids.operator, driverUserId: ids.driver, documentId: added.document!.id })
    expect(file.contentType).toBe('application/pdf')
    expect((await refusal(getDriverDocumentFile(await ctx(ids.driver2), { companyId: ids.operator, driverUserId: ids.driver, documentId: added.document!.id }))).code).toBe('FORBIDDEN')
    expect((await refusal(getDriverDocumentFile(m, { companyId: ids.operator, driverUserId: ids.driver2, documentId: added.document!.id }))).code).toBe('NOT_FOUND')
    // Through the page's resource route (cookie session).
    useAsAppDb(db)
    const res = (await downloadRoute.loader({
      request: new Request(`http://localhost/driverFiles/${ids.operator}/${ids.driver}/documents/${added.document!.id}`, { headers: { cookie: `operon_session=${await webSessionFor(db, ids.manager)}` } }),
      params: { companyId: String(ids.operator), driverUserId: String(ids.driver), documentId: String(added.document!.id) },
      context: { cspNonce: '', clientIp: '127.0.0.1' },
    })) as Response
    expect(res.status).toBe(200)
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF)
    // Replacing and deleting the item remove the old document.
    const updated = await updateFileItem(m, { id: added.id, itemDate: today, removeDocument: true })
    expect(updated.document).toBeNull()
    expect(await db.read.select().from(driverDocuments).where(eq(driverDocuments.id, added.document!.id))).toEqual([])
  })

  it('keeps a former driver’s file after the role is deactivated and after the account is deleted', async () => {
    const m = await ctx(ids.manager)
    await addFileItem(m, { companyId: ids.operator, driverUserId: ids.driver2, kind: 'application', itemDate: today })
    await updateUserRoleStatus(m, { companyId: ids.operator, userId: ids.driver2, roleId: ROLE_IDS.Driver, isActive: false })
    const [f] = await db.read.select().from(driverFiles).where(and(eq(driverFiles.companyId, ids.operator), eq(driverFiles.driverUserId, ids.driver2)))
    expect(f?.employmentEndedAt).toBeInstanceOf(Date)
    const former = await listDriverFiles(m, { companyId: ids.operator, status: 'former' })
    expect(former.drivers.map((d) => d.driverUserId)).toEqual([ids.driver2])
    expect(former.drivers[0]!.employmentEndedAt).not.toBeNull()
    expect((await listDriverFiles(m, { companyId: ids.operator })).drivers.map((d) => d.driverUserId)).toEqual([ids.driver])
    expect(await getDriverFile(m, { companyId: ids.operator, driverUserId: ids.driver2 })).toMatchObject({ current: false })

    // The account deleted (as deleteAccount leaves it): the file outlives it.
    await db.transaction(async (tx) => {
      await endDriverEmployment(tx, ids.driver2, null, new Date())
      await tx.delete(memberships).where(eq(memberships.userId, ids.driver2))
      await tx.update(users).set({ email: null, deletedAt: new Date() }).where(eq(users.id, ids.driver2))
    })
    const after = await getDriverFile(m, { companyId: ids.operator, driverUserId: ids.driver2 })
    expect(after.current).toBe(false)
    expect(after.kinds.find((k) => k.kind === 'application')!.items.length).toBeGreaterThan(0)
    expect((await listDriverFiles(m, { companyId: ids.operator, status: 'former' })).drivers.map((d) => d.driverUserId)).toEqual([ids.driver2])
  })

  it('works through the pages without JavaScript: a multipart form adds an item with its document; a refusal keeps what was typed', async () => {
    useAsAppDb(db)
    const cookie = `operon_session=${await webSessionFor(db, ids.manager)}`
    const params = { companyId: String(ids.operator), driverUserId: String(ids.driver) }
    const call = async (handler: (a: never) => unknown, path: string, body?: FormData) => {
      try {
        return await handler({ request: new Request(`http://localhost${path}`, { method: body ? 'POST' : 'GET', headers: { cookie }, body }), params, context: { cspNonce: '', clientIp: '127.0.0.1' } } as never)
      } catch (thrown) {
        return thrown
      }
    }
    const loaded = (await call(filePage.loader as never, `/driverFiles/${ids.operator}/${ids.driver}`)) as { file: { canEdit: boolean }; idempotencyKey: string; testsHref: string; hoursHref: string }
    expect(loaded.file.canEdit).toBe(true)
    expect(loaded.testsHref).toBe(`/driverFiles/${ids.operator}/${ids.driver}/tests`)
    expect(loaded.hoursHref).toBe(`/hours/${ids.operator}/${ids.driver}`)
    const form = new FormData()
    form.set('fileIntent', 'addItem')
    form.set('idempotencyKey', loaded.idempotencyKey)
    form.set('kind', 'mvrHiring')
    form.set('itemDate', today)
    form.set('document', new File([PDF], 'mvr.pdf', { type: 'application/pdf' }))
    const posted = (await call(filePage.action as never, `/driverFiles/${ids.operator}/${ids.driver}`, form)) as Response
    expect(posted.status).toBe(302)
    const [row] = await db.read.select().from(driverFileItems).where(eq(driverFileItems.idempotencyKey, loaded.idempotencyKey))
    expect(row).toMatchObject({ kind: 'mvrHiring', itemDate: today })
    expect(row!.documentId).not.toBeNull()

    const bad = new FormData()
    bad.set('fileIntent', 'addItem')
    bad.set('kind', 'medicalCertificate')
    bad.set('itemDate', today)
    bad.set('expiryDate', daysFrom(today, -1))
    const refused = (await call(filePage.action as never, `/driverFiles/${ids.operator}/${ids.driver}`, bad)) as { data: { fieldErrors: Record<string, string>; values: Record<string, string> }; init: { status: number } }
    expect(refused.init.status).toBe(400)
    expect(refused.data.fieldErrors).toHaveProperty('expiryDate')
    expect(refused.data.values).toMatchObject({ kind: 'medicalCertificate', expiryDate: daysFrom(today, -1) })

    const list = (await call(listPage.loader as never, `/driverFiles/${ids.operator}`)) as { list: { drivers: { href: string }[] } }
    expect(list.list.drivers[0]!.href).toBe(`/driverFiles/${ids.operator}/${ids.driver}`)
  })

  it('answers the REST paths with their documented shapes', async () => {
    const token = await apiTokenFor(db, ids.manager)
    const rest = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      handleRestRequest(
        new Request(`http://localhost${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
        db,
        '127.0.0.1',
      )
    const list = await rest('GET', `/api/driverfiles/getDriverFiles?companyId=${ids.operator}`)
    expect(list.status).toBe(200)
    expect(await list.json()).toMatchObject({ companyId: ids.operator, status: 'current', drivers: [{ driverUserId: ids.driver, missing: expect.any(Number) }] })

    const body = { companyId: ids.operator, driverUserId: ids.driver, kind: 'violationsList', itemDate: today, document: { fileName: 'violations.pdf', content: Buffer.from(PDF).toString('base64') } }
    const a1 = await rest('POST', '/api/DriverFiles/addFileItem', body, { 'idempotency-key': 'rest-item-1' })
    expect(a1.status).toBe(201)
    const added = (await a1.json()) as { id: number; document: { id: number } }
    expect(added).toMatchObject({ kind: 'violationsList', itemDate: today, companyId: ids.operator, driverUserId: ids.driver, document: { fileName: 'violations.pdf' } })
    const a2 = await rest('POST', '/api/DriverFiles/addFileItem', body, { 'idempotency-key': 'rest-item-1' })
    expect(a2.headers.get('idempotent-replayed')).toBe('true')
    expect(((await a2.json()) as { id: number }).id).toBe(added.id)

    const bad = await rest('POST', '/api/DriverFiles/addFileItem', { ...body, document: undefined, itemDate: daysFrom(today, 1) })
    expect(bad.status).toBe(400)

    const got = await rest('GET', `/api/DriverFiles/getDriverFile?companyId=${ids.operator}&driverUserId=${ids.driver}`)
    expect(got.status).toBe(200)
    const file = (await got.json()) as { kinds: { kind: string; state: string; items: { id: number }[] }[] }
    expect(file.kinds.find((k) => k.kind === 'violationsList')).toMatchObject({ state: 'ok', items: [{ id: added.id }] })

    const doc = await rest('GET', `/api/DriverFiles/getDocument?companyId=${ids.operator}&driverUserId=${ids.driver}&documentId=${added.document.id}`)
    expect(doc.status).toBe(200)
    expect(doc.headers.get('content-type')).toBe('application/pdf')

    const put = await rest('PUT', '/api/DriverFiles/updateFileItem', { id: added.id, itemDate: daysFrom(today, -1), note: 'checked' })
    expect(await put.json()).toMatchObject({ id: added.id, itemDate: daysFrom(today, -1), note: 'checked' })
    const hire = await rest('PUT', '/api/DriverFiles/updateDriverFile', { companyId: ids.operator, driverUserId: ids.driver, hiredOn: null })
    expect(await hire.json()).toEqual({ companyId: ids.operator, driverUserId: ids.driver, hiredOn: null })
    const del = await rest('DELETE', `/api/DriverFiles/deleteFileItem?id=${added.id}`)
    expect(await del.json()).toEqual({ id: added.id, companyId: ids.operator, driverUserId: ids.driver })
    expect((await rest('DELETE', `/api/DriverFiles/deleteFileItem?id=${added.id}`)).status).toBe(404)

    const driverToken = await apiTokenFor(db, ids.driver)
    const asDriver = await handleRestRequest(
      new Request(`http://localhost/api/DriverFiles/getDriverFiles?companyId=${ids.operator}`, { headers: { authorization: `Bearer ${driverToken}` } }),
      db,
      '127.0.0.1',
    )
    expect(asDriver.status).toBe(403)

    const openapi = (await (await rest('GET', '/api/openapi.json')).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(openapi.paths)).toEqual(expect.arrayContaining(['/api/DriverFiles/getDriverFiles', '/api/DriverFiles/addFileItem', '/api/DriverFiles/getDocument']))
  })
})
