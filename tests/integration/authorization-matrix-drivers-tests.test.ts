/**
 * The authorization matrix of drug and alcohol testing records (issue 37 points 2 and 5, decision
 * 086): a driver's tests, adding, changing and deleting one, through REST, tRPC and the page, as
 * each person around the driver (tests/helpers/driver-records-matrix.ts). A test's result is the
 * most sensitive thing Operon keeps: only the operator's managers and the driver themself read it.
 */
import { describe, expect, it } from 'vitest'
import { auditLog } from '#db/schema/index.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { byIdManagerOnly, byIdOnAPage, describeDriversMatrix, describeDriversOrigins, dw, idemKey, managerAndDriver, managerOnly, newTest, page, PAST_DAY, tokenOf, type DriversRow } from '#tests/helpers/driver-records-matrix.ts'

const O = () => dw.ids.operator
const D = () => dw.users.driver

const testInput = (companyId: number, driverUserId: number) => ({
  companyId,
  driverUserId,
  substance: 'alcohol',
  testType: 'postAccident',
  testDate: PAST_DAY,
  result: 'negative',
  collectionSite: 'Matrix Collection Site',
})
const testForm = (): Record<string, string> => ({ testIntent: 'addTest', substance: 'alcohol', testType: 'postAccident', testDate: PAST_DAY, result: 'negative', collectionSite: 'Matrix Collection Site' })
const testsPage = (driverUserId: number, companyId = O()) => `/driverFiles/${companyId}/${driverUserId}/tests`

const ROWS: DriversRow[] = [
  {
    name: 'the driver’s tests',
    call: async () => ({
      rest: { method: 'GET', path: `/api/DriverTests/getTests?companyId=${O()}&driverUserId=${D()}` },
      trpc: { path: 'driverTests.list', type: 'query', input: { companyId: O(), driverUserId: D() } },
      page: await page('driverFiles/$/$/tests', testsPage(D())),
    }),
    expect: managerAndDriver(),
  },
  {
    name: 'the other driver’s tests',
    call: async () => ({
      rest: { method: 'GET', path: `/api/DriverTests/getTests?companyId=${O()}&driverUserId=${dw.users.otherDriver}` },
      trpc: { path: 'driverTests.list', type: 'query', input: { companyId: O(), driverUserId: dw.users.otherDriver } },
      page: await page('driverFiles/$/$/tests', testsPage(dw.users.otherDriver)),
    }),
    // The driver may not read a colleague's tests; the colleague reads their own.
    expect: { ...managerOnly(), otherDriver: 'ok' },
  },
  {
    name: 'the driver’s tests through one’s own company',
    call: async (p) => ({
      rest: { method: 'GET', path: `/api/DriverTests/getTests?companyId=${dw.companyOf(p)}&driverUserId=${D()}` },
      trpc: { path: 'driverTests.list', type: 'query', input: { companyId: dw.companyOf(p), driverUserId: D() } },
      page: await page('driverFiles/$/$/tests', testsPage(D(), dw.companyOf(p))),
    }),
    expect: { ...managerAndDriver(), unrelated: 404 },
  },
  {
    name: 'tests of someone who is not a driver of the operator',
    call: async () => ({
      rest: { method: 'GET', path: `/api/DriverTests/getTests?companyId=${O()}&driverUserId=${dw.users.unrelatedDriver}` },
      trpc: { path: 'driverTests.list', type: 'query', input: { companyId: O(), driverUserId: dw.users.unrelatedDriver } },
      page: await page('driverFiles/$/$/tests', testsPage(dw.users.unrelatedDriver)),
    }),
    expect: managerOnly(404),
  },
  {
    name: 'add a test',
    call: async () => ({
      rest: { method: 'POST', path: '/api/DriverTests/addTest', body: { ...testInput(O(), D()), idempotencyKey: idemKey('test') } },
      trpc: { path: 'driverTests.add', type: 'mutation', input: { ...testInput(O(), D()), idempotencyKey: idemKey('test') } },
      page: await page('driverFiles/$/$/tests', testsPage(D()), { form: testForm() }),
    }),
    expect: managerOnly(),
  },
  {
    name: 'add a test for someone who is not a driver of the operator',
    call: async () => ({
      rest: { method: 'POST', path: '/api/DriverTests/addTest', body: testInput(O(), dw.users.unrelatedDriver) },
      trpc: { path: 'driverTests.add', type: 'mutation', input: testInput(O(), dw.users.unrelatedDriver) },
      page: await page('driverFiles/$/$/tests', testsPage(dw.users.unrelatedDriver), { form: testForm() }),
    }),
    expect: managerOnly(404),
  },
  {
    name: 'add a test for the operator’s driver through one’s own company',
    call: (p) => ({
      rest: { method: 'POST', path: '/api/DriverTests/addTest', body: testInput(dw.companyOf(p), D()) },
      trpc: { path: 'driverTests.add', type: 'mutation', input: testInput(dw.companyOf(p), D()) },
    }),
    expect: { ...managerOnly(), unrelated: 404 },
  },
  {
    name: 'change a test',
    call: async () => {
      const id = await newTest()
      const input = { id, substance: 'drug', testType: 'random', testDate: PAST_DAY, result: 'negative', collectionSite: 'Changed site' }
      return {
        rest: { method: 'PUT', path: '/api/DriverTests/updateTest', body: input },
        trpc: { path: 'driverTests.update', type: 'mutation', input },
        page: await page('driverFiles/$/$/tests', testsPage(D()), {
          form: { testIntent: 'updateTest', testId: String(id), substance: 'drug', testType: 'random', testDate: PAST_DAY, result: 'negative', collectionSite: 'Changed site' },
        }),
      }
    },
    expect: byIdManagerOnly(),
    page: byIdOnAPage(),
  },
  {
    name: 'delete a test',
    call: async () => {
      const id = await newTest()
      return {
        rest: { method: 'DELETE', path: `/api/DriverTests/deleteTest?id=${id}` },
        trpc: { path: 'driverTests.delete', type: 'mutation', input: { id } },
        page: await page('driverFiles/$/$/tests', testsPage(D()), { form: { testIntent: 'deleteTest', testId: String(await newTest()) } }),
      }
    },
    expect: byIdManagerOnly(),
    page: byIdOnAPage(),
  },
]

describeDriversMatrix('authorization matrix: drug and alcohol tests', ROWS)
describeDriversOrigins(ROWS)

describe('a test’s result stays in the driver’s file (issue 37 point 5)', () => {
  it('the activity log rows of adding, changing, reading and deleting a positive test never carry its result', async () => {
    const rest = async (method: string, path: string, body?: unknown) => {
      const res = await handleRestRequest(
        new Request(`http://localhost${path}`, {
          method,
          headers: { authorization: `Bearer ${tokenOf('manager')}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
        dw.db,
        '127.0.0.1',
      )
      expect(res.status, `${method} ${path}`).toBeLessThan(300)
      return res.status === 204 ? null : ((await res.json()) as { id?: number })
    }
    const before = (await dw.db.read.select({ id: auditLog.id }).from(auditLog)).length
    const added = await rest('POST', '/api/DriverTests/addTest', { ...testInput(O(), D()), result: 'positive', note: 'Matrix positive' })
    const id = added!.id!
    await rest('PUT', '/api/DriverTests/updateTest', { id, substance: 'alcohol', testType: 'postAccident', testDate: PAST_DAY, result: 'refusal' })
    await rest('GET', `/api/DriverTests/getTests?companyId=${O()}&driverUserId=${D()}`)
    await rest('DELETE', `/api/DriverTests/deleteTest?id=${id}`)
    const rows = (await dw.db.read.select().from(auditLog)).slice(before)
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['driverTest.add', 'driverTest.update', 'driverTests.view', 'driverTest.delete']))
    for (const r of rows) expect(JSON.stringify(r.details ?? {}), r.action).not.toMatch(/positive|refusal|negative|result/i)
  })
})
