/**
 * The authorization matrix of driver qualification files (issue 37 point 1 and 5, decision 086):
 * the list of a company's drivers, one driver's file, its hire date, its items and their documents,
 * through REST, tRPC and the pages, as the operator's manager, the driver themself, another driver
 * of the operator, the owner of the buses it runs, the owner's repair shop, a mechanic of the
 * operator, the manager of an unrelated operator and nobody (tests/helpers/driver-records-matrix.ts).
 */
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { driverFileItems } from '#db/schema/index.ts'
import { driverFileIdOf } from '#server/drivers/driver-access.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import { apiTokenFor, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { byIdManagerOnly, byIdOnAPage, cookieOf, describeDriversMatrix, describeDriversOrigins, dw, idemKey, managerAndDriver, managerOnly, newDocument, newItem, page, PAST_DAY, PDF_BASE64, PDF_TEXT, tokenOf, type DriversRow } from '#tests/helpers/driver-records-matrix.ts'

const O = () => dw.ids.operator
const D = () => dw.users.driver

const itemInput = (companyId: number, driverUserId: number) => ({ companyId, driverUserId, kind: 'mvrHiring', itemDate: PAST_DAY, note: 'Matrix MVR' })
const itemForm = (driverUserId: number): Record<string, string> => ({ fileIntent: 'addItem', driverUserId: String(driverUserId), kind: 'mvrHiring', itemDate: PAST_DAY, note: 'Matrix MVR' })

const ROWS: DriversRow[] = [
  {
    name: 'the list of the operator’s drivers',
    call: () => ({
      rest: { method: 'GET', path: `/api/DriverFiles/getDriverFiles?companyId=${O()}&status=current&page=1&pageSize=10` },
      trpc: { path: 'driverFiles.list', type: 'query', input: { companyId: O(), status: 'current' } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'the list of drivers (page)',
    call: async () => ({ page: await page('driverFiles/$', `/driverFiles/${O()}?status=former`) }),
    expect: managerOnly(),
  },
  {
    name: 'the driver’s file',
    call: async () => ({
      rest: { method: 'GET', path: `/api/DriverFiles/getDriverFile?companyId=${O()}&driverUserId=${D()}` },
      trpc: { path: 'driverFiles.get', type: 'query', input: { companyId: O(), driverUserId: D() } },
      page: await page('driverFiles/$/$', `/driverFiles/${O()}/${D()}`),
    }),
    expect: managerAndDriver(),
  },
  {
    // The same driver asked for through one's own company: a company they are not a driver of is 404.
    name: 'the driver’s file through one’s own company',
    call: async (p) => ({
      rest: { method: 'GET', path: `/api/DriverFiles/getDriverFile?companyId=${dw.companyOf(p)}&driverUserId=${D()}` },
      trpc: { path: 'driverFiles.get', type: 'query', input: { companyId: dw.companyOf(p), driverUserId: D() } },
      page: await page('driverFiles/$/$', `/driverFiles/${dw.companyOf(p)}/${D()}`),
    }),
    expect: { ...managerAndDriver(), unrelated: 404 },
  },
  {
    // A person who is not (and never was) a driver of the operator: the manager gets 404, never a file.
    name: 'a file of someone who is not a driver of the operator (an unrelated company’s driver)',
    call: async () => ({
      rest: { method: 'GET', path: `/api/DriverFiles/getDriverFile?companyId=${O()}&driverUserId=${dw.users.unrelatedDriver}` },
      trpc: { path: 'driverFiles.get', type: 'query', input: { companyId: O(), driverUserId: dw.users.unrelatedDriver } },
      page: await page('driverFiles/$/$', `/driverFiles/${O()}/${dw.users.unrelatedDriver}`),
    }),
    expect: { ...managerOnly(404) },
  },
  {
    name: 'a former driver’s file',
    call: async () => ({
      rest: { method: 'GET', path: `/api/DriverFiles/getDriverFile?companyId=${O()}&driverUserId=${dw.users.formerDriver}` },
      trpc: { path: 'driverFiles.get', type: 'query', input: { companyId: O(), driverUserId: dw.users.formerDriver } },
      page: await page('driverFiles/$/$', `/driverFiles/${O()}/${dw.users.formerDriver}`),
    }),
    expect: managerOnly(),
  },
  {
    name: 'the list of former drivers',
    call: () => ({
      rest: { method: 'GET', path: `/api/DriverFiles/getDriverFiles?companyId=${O()}&status=former` },
      trpc: { path: 'driverFiles.list', type: 'query', input: { companyId: O(), status: 'former' } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'a file of the operator’s mechanic (not a driver)',
    call: () => ({
      rest: { method: 'GET', path: `/api/DriverFiles/getDriverFile?companyId=${O()}&driverUserId=${dw.users.mechanic}` },
      trpc: { path: 'driverFiles.get', type: 'query', input: { companyId: O(), driverUserId: dw.users.mechanic } },
    }),
    expect: { ...managerOnly(404) },
  },
  {
    name: 'the hire date',
    call: async () => ({
      rest: { method: 'PUT', path: '/api/DriverFiles/updateDriverFile', body: { companyId: O(), driverUserId: D(), hiredOn: '2025-03-01' } },
      trpc: { path: 'driverFiles.update', type: 'mutation', input: { companyId: O(), driverUserId: D(), hiredOn: '2025-03-01' } },
      page: await page('driverFiles/$/$', `/driverFiles/${O()}/${D()}`, { form: { fileIntent: 'setHiredOn', hiredOn: '2025-03-01' } }),
    }),
    expect: managerOnly(),
  },
  {
    name: 'add a file item (with a document)',
    call: async () => ({
      rest: {
        method: 'POST',
        path: '/api/DriverFiles/addFileItem',
        body: { ...itemInput(O(), D()), idempotencyKey: idemKey('item'), document: { fileName: 'mvr.pdf', content: PDF_BASE64 } },
      },
      trpc: { path: 'driverFiles.addItem', type: 'mutation', input: { ...itemInput(O(), D()), idempotencyKey: idemKey('item') } },
      page: await page('driverFiles/$/$', `/driverFiles/${O()}/${D()}`, {
        form: itemForm(D()),
        file: { field: 'document', name: 'mvr.pdf', type: 'application/pdf', content: PDF_TEXT },
      }),
    }),
    expect: managerOnly(),
  },
  {
    name: 'add a file item for someone who is not a driver of the operator',
    call: async () => ({
      rest: { method: 'POST', path: '/api/DriverFiles/addFileItem', body: itemInput(O(), dw.users.unrelatedDriver) },
      trpc: { path: 'driverFiles.addItem', type: 'mutation', input: itemInput(O(), dw.users.unrelatedDriver) },
      page: await page('driverFiles/$/$', `/driverFiles/${O()}/${dw.users.unrelatedDriver}`, { form: itemForm(dw.users.unrelatedDriver) }),
    }),
    expect: managerOnly(404),
  },
  {
    // Each person adds to a driver of their own company… the operator's driver: only the manager may.
    name: 'add a file item for the operator’s driver through one’s own company',
    call: (p) => ({
      rest: { method: 'POST', path: '/api/DriverFiles/addFileItem', body: itemInput(dw.companyOf(p), D()) },
      trpc: { path: 'driverFiles.addItem', type: 'mutation', input: itemInput(dw.companyOf(p), D()) },
    }),
    expect: { ...managerOnly(), unrelated: 404 },
  },
  {
    name: 'change a file item',
    call: async () => {
      const id = await newItem()
      const input = { id, itemDate: PAST_DAY, note: 'Changed by the matrix' }
      return {
        rest: { method: 'PUT', path: '/api/DriverFiles/updateFileItem', body: input },
        trpc: { path: 'driverFiles.updateItem', type: 'mutation', input },
        page: await page('driverFiles/$/$', `/driverFiles/${O()}/${D()}`, { form: { fileIntent: 'updateItem', itemId: String(id), kind: 'application', itemDate: PAST_DAY, note: 'Changed by the matrix' } }),
      }
    },
    // The driver's own item, read-only: 403; a record of another company's driver: 404.
    expect: byIdManagerOnly(),
    page: byIdOnAPage(),
  },
  {
    name: 'delete a file item',
    call: async () => {
      const id = await newItem()
      return {
        rest: { method: 'DELETE', path: `/api/DriverFiles/deleteFileItem?id=${id}` },
        trpc: { path: 'driverFiles.deleteItem', type: 'mutation', input: { id } },
        page: await page('driverFiles/$/$', `/driverFiles/${O()}/${D()}`, { form: { fileIntent: 'deleteItem', itemId: String(await newItem()) } }),
      }
    },
    expect: byIdManagerOnly(),
    page: byIdOnAPage(),
  },
  {
    name: 'open a document of the driver’s file',
    call: async () => {
      const doc = await newDocument()
      return {
        rest: { method: 'GET', path: `/api/DriverFiles/getDocument?companyId=${O()}&driverUserId=${D()}&documentId=${doc}` },
        page: await page('driverFiles/$/$/documents/$', `/driverFiles/${O()}/${D()}/documents/${doc}`, { resource: true }),
      }
    },
    expect: managerAndDriver(),
  },
  {
    // The driver's document asked for under another driver's file (one's own, for the other driver).
    name: 'a document of the driver asked for under the other driver’s file',
    call: async () => {
      const doc = await newDocument()
      const other = dw.users.otherDriver
      return {
        rest: { method: 'GET', path: `/api/DriverFiles/getDocument?companyId=${O()}&driverUserId=${other}&documentId=${doc}` },
        page: await page('driverFiles/$/$/documents/$', `/driverFiles/${O()}/${other}/documents/${doc}`, { resource: true }),
      }
    },
    expect: { ...managerOnly(404), otherDriver: 404 },
  },
  {
    name: 'a document of an unrelated company’s driver asked for under the operator',
    call: async () => {
      const doc = await newDocument(dw.users.unrelatedDriver, dw.ids.unrelated)
      return { rest: { method: 'GET', path: `/api/DriverFiles/getDocument?companyId=${O()}&driverUserId=${D()}&documentId=${doc}` } }
    },
    expect: { ...managerOnly(404), driver: 404 },
  },
]

describeDriversMatrix('authorization matrix: driver qualification files', ROWS)
describeDriversOrigins(ROWS)

/** What a door shows `token`'s holder (REST) and `cookie`'s (tRPC) of a driver's file at a company. */
async function fileAsSeen(companyId: number, driverUserId: number, who: { token: string; cookie: string }) {
  const rest = await handleRestRequest(
    new Request(`http://localhost/api/DriverFiles/getDriverFile?companyId=${companyId}&driverUserId=${driverUserId}`, { headers: { authorization: `Bearer ${who.token}` } }),
    dw.db,
    '127.0.0.1',
  )
  const input = encodeURIComponent(JSON.stringify({ companyId, driverUserId }))
  const trpc = await handleTrpcRequest(
    new Request(`http://localhost/trpc/driverFiles.get?input=${input}`, { headers: { cookie: `operon_session=${who.cookie}` } }),
    dw.db,
    '127.0.0.1',
  )
  return { rest: { status: rest.status, text: await rest.text() }, trpc: { status: trpc.status, text: await trpc.text() } }
}

describe('a driver of two operators (issue 37 point 1)', () => {
  it('has a file at each: each operator, and the driver at each, sees that file only', async () => {
    const both = (await createUser(dw.db, { firstName: 'Two', lastName: 'Operators' })).id
    await grantRole(dw.db, both, dw.ids.operator, 'Driver')
    await grantRole(dw.db, both, dw.ids.unrelated, 'Driver')
    await dw.db.transaction(async (tx) => {
      for (const [companyId, note] of [
        [dw.ids.operator, 'NOTE-OF-THE-OPERATOR'],
        [dw.ids.unrelated, 'NOTE-OF-THE-UNRELATED'],
      ] as const) {
        const driverFileId = await driverFileIdOf(tx, companyId, both, new Date())
        await tx.insert(driverFileItems).values({ driverFileId, companyId, kind: 'roadTest', itemDate: PAST_DAY, note })
      }
    })
    const manager = { token: tokenOf('manager'), cookie: cookieOf('manager') }
    const unrelated = { token: tokenOf('unrelated'), cookie: cookieOf('unrelated') }
    const driver = { token: await apiTokenFor(dw.db, both), cookie: await webSessionFor(dw.db, both) }
    for (const [companyId, who, mine, theirs] of [
      [dw.ids.operator, manager, 'NOTE-OF-THE-OPERATOR', 'NOTE-OF-THE-UNRELATED'],
      [dw.ids.unrelated, unrelated, 'NOTE-OF-THE-UNRELATED', 'NOTE-OF-THE-OPERATOR'],
      [dw.ids.operator, driver, 'NOTE-OF-THE-OPERATOR', 'NOTE-OF-THE-UNRELATED'],
      [dw.ids.unrelated, driver, 'NOTE-OF-THE-UNRELATED', 'NOTE-OF-THE-OPERATOR'],
    ] as const) {
      const seen = await fileAsSeen(companyId, both, who)
      for (const door of ['rest', 'trpc'] as const) {
        expect(seen[door].status, door).toBe(200)
        expect(seen[door].text, door).toContain(mine)
        expect(seen[door].text, door).not.toContain(theirs)
      }
    }
    // Each manager asking for the file under the other company: refused, and nothing of it said.
    for (const [companyId, who] of [
      [dw.ids.unrelated, manager],
      [dw.ids.operator, unrelated],
    ] as const) {
      const seen = await fileAsSeen(companyId, both, who)
      for (const door of ['rest', 'trpc'] as const) {
        expect(seen[door].status, door).toBe(403)
        expect(seen[door].text, door).not.toMatch(/NOTE-OF-THE/)
      }
    }
  })

  it('a refusal says nothing of the file it refused', async () => {
    const id = await newItem()
    await dw.db.transaction((tx) => tx.update(driverFileItems).set({ note: 'SECRET-NOTE-OF-THE-FILE' }).where(eq(driverFileItems.id, id)))
    for (const p of ['otherDriver', 'owner', 'shop', 'mechanic', 'unrelated'] as const) {
      const seen = await fileAsSeen(dw.ids.operator, dw.users.driver, { token: tokenOf(p), cookie: cookieOf(p) })
      for (const door of ['rest', 'trpc'] as const) {
        expect(seen[door].status, `${p} ${door}`).toBe(403)
        expect(seen[door].text, `${p} ${door}`).not.toContain('SECRET-NOTE-OF-THE-FILE')
      }
    }
  })
})
