/**
 * Drug and alcohol testing records (issue 37 point 2, decision 086): validation saving nothing,
 * idempotency, how long each test is kept by result (and the company's longer period), the
 * driver's read-only view, no result in any audit row, the page (multipart, no JavaScript) and the
 * REST shapes through the real HTTP handler. On both database drivers.
 */
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { auditLog, driverDocuments, driverTests, retentionSettings } from '#db/schema/index.ts'
import { addDriverTest, deleteDriverTest, listDriverTests, updateDriverTest } from '#server/drivers/driver-tests.server.ts'
import { isAppError } from '#server/errors.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
/** (Not a React hook: makes `db` the process database, for the pages.) */
const setAppDb = useAsAppDb
import * as testsPage from '#app/routes/_app+/driverFiles.$companyId_.$driverUserId_.tests.tsx'

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string; fieldErrors?: Record<string, string> }> {
  try {
    await p
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message, fieldErrors: error.fieldErrors }
    throw error
  }
  throw new Error('expected a refusal')
}

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10)

describe.each(DRIVERS)('drug and alcohol tests on %s', (driver) => {
  let db: Database
  const ids = {} as {
    operator: number
    otherOperator: number
    owner: number
    manager: number
    driver: number
    otherDriver: number
    foreignDriver: number
    foreignManager: number
    ownerManager: number
    mechanic: number
  }

  beforeAll(async () => {
    db = createTestDb(driver)
    ids.operator = (await createCompany(db, 'Tests Operator Co', ['Operator'])).id
    ids.otherOperator = (await createCompany(db, 'Other Tests Operator', ['Operator'])).id
    ids.owner = (await createCompany(db, 'Tests Owner Co', ['Owner'])).id
    const user = async (company: number, role: 'Owner' | 'Operator' | 'Driver' | 'Mechanic') => {
      const u = await createUser(db)
      await grantRole(db, u.id, company, role)
      return u.id
    }
    ids.manager = await user(ids.operator, 'Operator')
    ids.driver = await user(ids.operator, 'Driver')
    ids.otherDriver = await user(ids.operator, 'Driver')
    ids.mechanic = await user(ids.operator, 'Mechanic')
    ids.foreignDriver = await user(ids.otherOperator, 'Driver')
    ids.foreignManager = await user(ids.otherOperator, 'Operator')
    ids.ownerManager = await user(ids.owner, 'Owner')
  })
  afterAll(() => db.close())

  const ctx = (userId: number) => ctxFor(db, userId)
  const base = () => ({ companyId: ids.operator, driverUserId: ids.driver, substance: 'drug', testType: 'random', testDate: '2024-03-15', result: 'negative', collectionSite: '  Lab One  ' })
  const add = async (userId: number, input: Record<string, unknown>) => addDriverTest(await ctx(userId), input)
  const countOf = async (companyId = ids.operator) => (await db.read.select({ id: driverTests.id }).from(driverTests).where(eq(driverTests.companyId, companyId))).length

  it('refuses bad input with a field error and saves nothing', async () => {
    const before = await countOf()
    const cases: [Record<string, unknown>, string][] = [
      [{ result: 'inconclusive' }, 'result'],
      [{ result: undefined }, 'result'],
      [{ testType: 'annual' }, 'testType'],
      [{ substance: 'tobacco' }, 'substance'],
      [{ testDate: '2024-02-30' }, 'testDate'],
      [{ testDate: '15/03/2024' }, 'testDate'],
      [{ testDate: inDays(3) }, 'testDate'],
      [{ collectionSite: 'x'.repeat(201) }, 'collectionSite'],
      [{ note: 'x'.repeat(501) }, 'note'],
      [{ collectionSite: 'Lab\u202eOne' }, 'collectionSite'],
    ]
    for (const [change, field] of cases) {
      const r = await refusal(add(ids.manager, { ...base(), ...change }))
      expect(r.code, JSON.stringify(change)).toBe('BAD_REQUEST')
      expect(Object.keys(r.fieldErrors ?? {}), JSON.stringify(change)).toContain(field)
    }
    expect(await countOf()).toBe(before)
  })

  it('answers 404 "Driver not found" for a person who is not a driver of the company, and 403 to everyone but its managers', async () => {
    const before = await countOf()
    const foreign = await refusal(add(ids.manager, { ...base(), driverUserId: ids.foreignDriver }))
    expect(foreign).toMatchObject({ code: 'NOT_FOUND', message: 'Driver not found' })
    const mechanic = await refusal(add(ids.manager, { ...base(), driverUserId: ids.mechanic }))
    expect(mechanic).toMatchObject({ code: 'NOT_FOUND', message: 'Driver not found' })
    expect((await refusal(add(ids.foreignManager, base()))).code).toBe('FORBIDDEN')
    expect((await refusal(add(ids.ownerManager, base()))).code).toBe('FORBIDDEN')
    expect((await refusal(add(ids.driver, base()))).code).toBe('FORBIDDEN')
    expect((await refusal(add(ids.mechanic, base()))).code).toBe('FORBIDDEN')
    // Reading: another company's manager, the owner, another driver: 403; a stranger to the company as a driver: 404.
    expect((await refusal(listDriverTests(await ctx(ids.foreignManager), { companyId: ids.operator, driverUserId: ids.driver }))).code).toBe('FORBIDDEN')
    expect((await refusal(listDriverTests(await ctx(ids.otherDriver), { companyId: ids.operator, driverUserId: ids.driver }))).code).toBe('FORBIDDEN')
    expect((await refusal(listDriverTests(await ctx(ids.manager), { companyId: ids.operator, driverUserId: ids.foreignDriver }))).message).toBe('Driver not found')
    expect(await countOf()).toBe(before)
  })

  it('records a test once for a repeated idempotency key; the same key for another driver is a conflict', async () => {
    const input = { ...base(), idempotencyKey: 'tests-key-1' }
    const first = await add(ids.manager, input)
    expect(first.replayed).toBe(false)
    expect(first.test).toMatchObject({ substance: 'drug', testType: 'random', testDate: '2024-03-15', result: 'negative', collectionSite: 'Lab One', document: null })
    const again = await add(ids.manager, { ...input, result: 'positive' })
    expect(again).toMatchObject({ replayed: true, test: { id: first.test.id, result: 'negative' } })
    const rows = await db.read.select({ id: driverTests.id }).from(driverTests).where(eq(driverTests.idempotencyKey, 'tests-key-1'))
    expect(rows).toHaveLength(1)
    expect((await refusal(add(ids.manager, { ...input, driverUserId: ids.otherDriver }))).code).toBe('CONFLICT')
  })

  it('shows until when each test is kept: negative 1 year, positive and refusal 5 years, or the company’s longer period', async () => {
    const company = (await createCompany(db, 'Keeps Longer Co', ['Operator'])).id
    const manager = (await createUser(db)).id
    const drv = (await createUser(db)).id
    await grantRole(db, manager, company, 'Operator')
    await grantRole(db, drv, company, 'Driver')
    const input = { companyId: company, driverUserId: drv, substance: 'alcohol', testType: 'postAccident', testDate: '2024-02-29' }
    const negative = await add(manager, { ...input, result: 'negative' })
    const positive = await add(manager, { ...input, result: 'positive' })
    const refused = await add(manager, { ...input, result: 'refusal' })
    expect(negative.test).toMatchObject({ keptMonths: 12, keptUntil: '2025-02-28' })
    expect(positive.test).toMatchObject({ keptMonths: 60, keptUntil: '2029-02-28' })
    expect(refused.test).toMatchObject({ keptMonths: 60, keptUntil: '2029-02-28' })
    // The company keeps negatives 2 years and positives 7.
    await db.transaction(async (tx) => {
      await tx.insert(retentionSettings).values([
        { companyId: company, recordType: 'drugTestsNegative', months: 24 },
        { companyId: company, recordType: 'drugTestsPositive', months: 84 },
      ])
    })
    const list = await listDriverTests(await ctx(manager), { companyId: company, driverUserId: drv })
    const byId = new Map(list.tests.map((x) => [x.id, x]))
    expect(byId.get(negative.test.id)).toMatchObject({ keptMonths: 24, keptUntil: '2026-02-28' })
    expect(byId.get(positive.test.id)).toMatchObject({ keptMonths: 84, keptUntil: '2031-02-28' })
    expect(byId.get(refused.test.id)).toMatchObject({ keptMonths: 84, keptUntil: '2031-02-28' })
    expect(list.keptMonths).toEqual({ negative: 24, positive: 84 })
    // Changing the result moves the date.
    const changed = await updateDriverTest(await ctx(manager), { id: negative.test.id, ...input, result: 'positive' })
    expect(changed).toMatchObject({ result: 'positive', keptUntil: '2031-02-28' })
  })

  it('lets the driver read their own tests, never change them; the opening is in the activity log', async () => {
    const t = await add(ids.manager, { ...base(), result: 'positive', testType: 'preEmployment', testDate: '2023-01-10' })
    const mine = await listDriverTests(await ctx(ids.driver), { companyId: ids.operator, driverUserId: ids.driver })
    expect(mine.canEdit).toBe(false)
    expect(mine.tests.map((x) => x.id)).toContain(t.test.id)
    const asManager = await listDriverTests(await ctx(ids.manager), { companyId: ids.operator, driverUserId: ids.driver })
    expect(asManager.canEdit).toBe(true)
    const edit = { id: t.test.id, substance: 'drug', testType: 'preEmployment', testDate: '2023-01-10', result: 'negative' }
    expect((await refusal(updateDriverTest(await ctx(ids.driver), edit))).code).toBe('FORBIDDEN')
    expect((await refusal(deleteDriverTest(await ctx(ids.driver), { id: t.test.id }))).code).toBe('FORBIDDEN')
    // Another company's manager, another driver: as for a test that does not exist.
    expect(await refusal(updateDriverTest(await ctx(ids.foreignManager), edit))).toMatchObject({ code: 'NOT_FOUND', message: 'Test not found' })
    expect(await refusal(deleteDriverTest(await ctx(ids.otherDriver), { id: t.test.id }))).toMatchObject({ code: 'NOT_FOUND', message: 'Test not found' })
    expect(await refusal(deleteDriverTest(await ctx(ids.manager), { id: 999_999 }))).toMatchObject({ code: 'NOT_FOUND', message: 'Test not found' })
    const views = await db.read
      .select({ userId: auditLog.actorUserId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'driverTests.view'), eq(auditLog.companyId, ids.operator)))
    expect(views.some((v) => v.userId === ids.driver && (v.details as { driverUserId?: number })?.driverUserId === ids.driver)).toBe(true)
    expect(views.some((v) => v.userId === ids.manager)).toBe(true)
  })

  it('never writes a result into an audit row', async () => {
    const t = await add(ids.manager, { ...base(), result: 'refusal', testType: 'reasonableSuspicion' })
    await updateDriverTest(await ctx(ids.manager), { id: t.test.id, ...base(), result: 'positive' })
    await deleteDriverTest(await ctx(ids.manager), { id: t.test.id })
    const rows = await db.read.select({ action: auditLog.action, details: auditLog.details }).from(auditLog).where(like(auditLog.action, 'driverTest%'))
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['driverTest.add', 'driverTest.update', 'driverTest.delete', 'driverTests.view']))
    for (const r of rows) {
      const text = JSON.stringify(r.details ?? {})
      expect(text, r.action).not.toMatch(/result|negative|positive|refusal/i)
      expect((r.details as { driverUserId?: unknown })?.driverUserId, r.action).toEqual(expect.any(Number))
    }
  })

  it('stores, replaces and deletes a test’s document', async () => {
    const content = Buffer.from(PDF).toString('base64')
    const t = await add(ids.manager, { ...base(), document: { fileName: 'lab.pdf', content } })
    expect(t.test.document).toMatchObject({ fileName: 'lab.pdf', contentType: 'application/pdf' })
    const firstDoc = t.test.document!.id
    const replaced = await updateDriverTest(await ctx(ids.manager), { id: t.test.id, ...base(), document: { fileName: 'ccf.pdf', content } })
    expect(replaced.document).toMatchObject({ fileName: 'ccf.pdf' })
    expect(await db.read.select().from(driverDocuments).where(eq(driverDocuments.id, firstDoc))).toHaveLength(0)
    const removed = await updateDriverTest(await ctx(ids.manager), { id: t.test.id, ...base(), removeDocument: true })
    expect(removed.document).toBeNull()
    expect(await db.read.select().from(driverDocuments).where(eq(driverDocuments.id, replaced.document!.id))).toHaveLength(0)
    const again = await updateDriverTest(await ctx(ids.manager), { id: t.test.id, ...base(), document: { fileName: 'again.pdf', content } })
    await deleteDriverTest(await ctx(ids.manager), { id: t.test.id })
    expect(await db.read.select().from(driverDocuments).where(eq(driverDocuments.id, again.document!.id))).toHaveLength(0)
    expect(await db.read.select().from(driverTests).where(eq(driverTests.id, t.test.id))).toHaveLength(0)
  })

  it('answers the REST shapes through the HTTP handler, with the Idempotency-Key header', async () => {
    const token = await apiTokenFor(db, ids.manager)
    const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, as = token) =>
      handleRestRequest(
        new Request(`http://localhost${path}`, {
          method,
          headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json', ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
        db,
        '127.0.0.1',
      )
    const body = { ...base(), testDate: '2024-06-01', result: 'refusal', document: { fileName: 'ccf.pdf', content: Buffer.from(PDF).toString('base64') } }
    const r1 = await call('POST', '/api/DriverTests/addTest', body, { 'idempotency-key': 'rest-tests-1' })
    expect(r1.status).toBe(201)
    const created = (await r1.json()) as { id: number; keptUntil: string; document: { fileName: string } | null }
    expect(created).toMatchObject({ result: 'refusal', testDate: '2024-06-01', keptMonths: 60, keptUntil: '2029-06-01', document: { fileName: 'ccf.pdf' } })
    const r2 = await call('POST', '/api/drivertests/ADDTEST', body, { 'idempotency-key': 'rest-tests-1' })
    expect(r2.status).toBe(201)
    expect(r2.headers.get('idempotent-replayed')).toBe('true')
    expect(((await r2.json()) as { id: number }).id).toBe(created.id)

    const bad = await call('POST', '/api/DriverTests/addTest', { ...body, result: 'maybe', document: undefined })
    expect(bad.status).toBe(400)
    const foreign = await call('POST', '/api/DriverTests/addTest', { ...body, driverUserId: ids.foreignDriver, document: undefined })
    expect(foreign.status).toBe(404)

    const list = await call('GET', `/api/DriverTests/getTests?companyId=${ids.operator}&driverUserId=${ids.driver}`)
    expect(list.status).toBe(200)
    const listed = (await list.json()) as { canEdit: boolean; tests: { id: number }[] }
    expect(listed.canEdit).toBe(true)
    expect(listed.tests.map((x) => x.id)).toContain(created.id)

    const put = await call('PUT', '/api/DriverTests/updateTest', { id: created.id, substance: 'alcohol', testType: 'followUp', testDate: '2024-06-02', result: 'negative' })
    expect(put.status).toBe(200)
    expect(await put.json()).toMatchObject({ id: created.id, substance: 'alcohol', result: 'negative', keptUntil: '2025-06-02', document: { fileName: 'ccf.pdf' } })

    const driverToken = await apiTokenFor(db, ids.driver)
    expect((await call('DELETE', `/api/DriverTests/deleteTest?id=${created.id}`, undefined, {}, driverToken)).status).toBe(403)
    const foreignToken = await apiTokenFor(db, ids.foreignManager)
    expect((await call('DELETE', `/api/DriverTests/deleteTest?id=${created.id}`, undefined, {}, foreignToken)).status).toBe(404)
    expect((await call('GET', `/api/DriverTests/getTests?companyId=${ids.operator}&driverUserId=${ids.driver}`, undefined, {}, foreignToken)).status).toBe(403)
    const del = await call('DELETE', `/api/DriverTests/deleteTest?id=${created.id}`)
    expect(del.status).toBe(200)
    expect(await del.json()).toEqual({ id: created.id, driverUserId: ids.driver, companyId: ids.operator })

    const doc = (await (await call('GET', '/api/openapi.json')).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/DriverTests/getTests', '/api/DriverTests/addTest', '/api/DriverTests/updateTest', '/api/DriverTests/deleteTest']))
  })

  describe('the page', () => {
    async function page(handler: (args: never) => unknown, userId: number, form?: FormData) {
      setAppDb(db)
      const path = `/driverFiles/${ids.operator}/${ids.driver}/tests`
      const request = new Request(`http://localhost${path}`, { method: form ? 'POST' : 'GET', headers: { cookie: `operon_session=${await webSessionFor(db, userId)}` }, body: form })
      try {
        return await (handler as (a: unknown) => Promise<unknown>)({ request, params: { companyId: String(ids.operator), driverUserId: String(ids.driver) }, context: { cspNonce: '', clientIp: '127.0.0.1' } })
      } catch (thrown) {
        return thrown
      }
    }
    const dataOf = (out: unknown) => ((out as { type?: string })?.type === 'DataWithResponseInit' ? (out as { data: unknown; init: ResponseInit | null }) : { data: out, init: null })

    it('records a test with a document through a multipart form, keeps what was typed on a refusal, and shows the driver a read-only list', async () => {
      const loaded = (await page(testsPage.loader, ids.manager)) as { canEdit: boolean; idempotencyKey: string }
      expect(loaded.canEdit).toBe(true)
      const form = () => {
        const f = new FormData()
        f.set('testIntent', 'addTest')
        f.set('idempotencyKey', loaded.idempotencyKey)
        for (const [k, v] of Object.entries({ substance: 'drug', testType: 'returnToDuty', testDate: '2024-09-09', result: 'negative', collectionSite: 'Clinic', note: 'Observed' })) f.set(k, v)
        f.set('document', new File([PDF], 'result.pdf', { type: 'application/pdf' }))
        return f
      }
      const before = await countOf()
      const posted = (await page(testsPage.action, ids.manager, form())) as Response
      expect(posted.status).toBe(302)
      // The same rendered form posted twice records once.
      expect(((await page(testsPage.action, ids.manager, form())) as Response).status).toBe(302)
      expect(await countOf()).toBe(before + 1)
      const [row] = await db.read.select().from(driverTests).where(eq(driverTests.idempotencyKey, loaded.idempotencyKey))
      expect(row).toMatchObject({ testType: 'returnToDuty', collectionSite: 'Clinic', note: 'Observed' })
      expect(row!.documentId).not.toBeNull()

      const badForm = form()
      badForm.set('idempotencyKey', 'page-other')
      badForm.set('result', 'unknown')
      const refused = dataOf(await page(testsPage.action, ids.manager, badForm))
      expect(refused.init?.status).toBe(400)
      expect(refused.data).toMatchObject({ intent: 'addTest', values: { result: 'unknown', collectionSite: 'Clinic' }, fieldErrors: { result: expect.any(String) } })
      expect(await countOf()).toBe(before + 1)

      const asDriver = (await page(testsPage.loader, ids.driver)) as { canEdit: boolean; tests: { id: number; documentHref: string | null }[] }
      expect(asDriver.canEdit).toBe(false)
      const shown = asDriver.tests.find((x) => x.id === row!.id)
      expect(shown?.documentHref).toBe(`/driverFiles/${ids.operator}/${ids.driver}/documents/${row!.documentId}`)
      // The driver's post changes nothing.
      const del = new FormData()
      del.set('testIntent', 'deleteTest')
      del.set('testId', String(row!.id))
      expect(dataOf(await page(testsPage.action, ids.driver, del)).init?.status).toBe(403)
      expect(await countOf()).toBe(before + 1)
      // Another driver opening it is sent home.
      expect(((await page(testsPage.loader, ids.otherDriver)) as Response).status).toBe(302)
    })
  })
})
