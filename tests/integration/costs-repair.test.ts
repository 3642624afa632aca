/**
 * Costs on repair actions (issue 36 point 1, decision 085): the payer by the assignment active on
 * the day the repair action was opened and by the owner's rule; totals in integer cents rounded
 * half up; bad input saves nothing; a repeated Idempotency-Key answers the first line; who sees
 * which lines; the monthly rollup equals the lines after every change. On both drivers.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { companies, preInspections, repairActions, repairCostLines, servicePrograms, serviceProgramVehicles, serviceRecords, serviceTasks, vehicleMonthCosts } from '#db/schema/index.ts'
import { listServiceHistory, recordOutsideService } from '#server/maintenance/service-records.server.ts'
import {
  addRepairCostLine,
  deleteRepairCostLine,
  getRepairInvoiceFile,
  listChargedRepairCosts,
  listRepairCosts,
  payerForRepairAction,
  setRepairCostLinePayer,
  updateRepairCostLine,
  uploadRepairInvoice,
} from '#server/costs/repair-costs.server.ts'
import { listVehicleDocuments } from '#server/documents/documents.server.ts'
import { COST_LIMITS } from '#catalog/costs.ts'
import { isAppError } from '#server/errors.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server.js'
import CostsPage, { loader as costsLoader } from '#app/routes/_app+/repairActions.$companyId_.costs.$repairActionId.tsx'
import { updateCompanySettings } from '#server/companies/company-settings.server.ts'
import { assign, insertPreInspection } from '#tests/helpers/inspection-records.ts'

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string; fieldErrors?: Record<string, string> }> {
  try {
    await p
  } catch (error) {
    if (isAppError(error)) return { code: error.code, message: error.message, fieldErrors: error.fieldErrors }
    throw error
  }
  throw new Error('expected a refusal')
}

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')

describe.each(DRIVERS)('repair cost lines on %s', (driver) => {
  let db: Database
  const ids = {} as Record<'owner' | 'shop' | 'otherShop' | 'operator' | 'otherOperator' | 'ownerUser' | 'mechanic' | 'otherMechanic' | 'operatorUser' | 'otherOperatorUser' | 'stranger' | 'bus', number>

  async function openRepair(o: { createdAt: Date; preInspectionId?: number | null; shop?: number }) {
    const [row] = await db.transaction((tx) =>
      tx
        .insert(repairActions)
        .values({
          repairIdentifier: `RA-C-${randomUUID().slice(0, 8)}`,
          vehicleId: ids.bus,
          ownerCompanyId: ids.owner,
          repairCompanyId: o.shop ?? ids.shop,
          preInspectionId: o.preInspectionId ?? null,
          createdAt: o.createdAt,
        })
        .returning({ id: repairActions.id }),
    )
    return row!.id
  }

  /** The rollup's repair cents of the bus by payer, and the lines' sum by payer: must be equal. */
  async function rollupVsLines() {
    const rollup = await db.read
      .select({ payer: vehicleMonthCosts.payerCompanyId, month: vehicleMonthCosts.month, cents: vehicleMonthCosts.repairCents })
      .from(vehicleMonthCosts)
      .where(eq(vehicleMonthCosts.vehicleId, ids.bus))
    const lines = await db.read
      .select({ payer: repairCostLines.payerCompanyId, month: sql<string>`substr(${repairCostLines.chargedOn}, 1, 7)`, cents: sql<number>`sum(${repairCostLines.amountCents})` })
      .from(repairCostLines)
      .where(eq(repairCostLines.vehicleId, ids.bus))
      .groupBy(repairCostLines.payerCompanyId, sql`substr(${repairCostLines.chargedOn}, 1, 7)`)
    const key = (r: { payer: number; month: string }) => `${r.payer}/${r.month}`
    const a = new Map(rollup.filter((r) => r.cents !== 0).map((r) => [key(r), Number(r.cents)]))
    const b = new Map(lines.filter((r) => Number(r.cents) !== 0).map((r) => [key(r), Number(r.cents)]))
    return { rollup: Object.fromEntries([...a].sort()), lines: Object.fromEntries([...b].sort()) }
  }

  beforeAll(async () => {
    db = createTestDb(driver)
    ids.owner = (await createCompany(db, 'Cost Owner', ['Owner'])).id
    ids.shop = (await createCompany(db, 'Cost Garage', ['RepairShop'])).id
    ids.otherShop = (await createCompany(db, 'Other Garage', ['RepairShop'])).id
    ids.operator = (await createCompany(db, 'Cost Operator', ['Operator'])).id
    ids.otherOperator = (await createCompany(db, 'Later Operator', ['Operator'])).id
    for (const [k, company, role] of [
      ['ownerUser', ids.owner, 'Owner'],
      ['mechanic', ids.shop, 'Mechanic'],
      ['otherMechanic', ids.otherShop, 'Mechanic'],
      ['operatorUser', ids.operator, 'Operator'],
      ['otherOperatorUser', ids.otherOperator, 'Operator'],
    ] as const) {
      ids[k] = (await createUser(db)).id
      await grantRole(db, ids[k], company, role)
    }
    ids.stranger = (await createUser(db)).id
    ids.bus = (await insertVehicle(db, ids.owner)).id
    // Operator A held the bus in January 2026, operator B from February on.
    await assign(db, ids.bus, ids.operator, { startDate: '2026-01-01', endDate: '2026-01-31' })
    await assign(db, ids.bus, ids.otherOperator, { startDate: '2026-02-01', endDate: null })
  })
  afterAll(() => db.close())

  it('charges the operator whose assignment was active on the day the repair was opened, by the rule', async () => {
    const jan = await openRepair({ createdAt: new Date('2026-01-15T15:00:00Z') })
    const feb = await openRepair({ createdAt: new Date('2026-02-10T15:00:00Z') })
    const pre = await insertPreInspection(db, { vehicleId: ids.bus, operatorCompanyId: ids.operator, date: '2026-01-20' })
    const fromPreTrip = await openRepair({ createdAt: new Date('2026-01-20T15:00:00Z'), preInspectionId: pre.id })

    // Rule 'owner' (the default): the owner pays.
    expect((await payerForRepairAction(db.read, jan)).payer).toBe('owner')
    await db.transaction((tx) => tx.update(companies).set({ repairCostPayer: 'operator' }).where(eq(companies.id, ids.owner)))
    expect(await payerForRepairAction(db.read, jan)).toMatchObject({ payer: 'operator', payerCompanyId: ids.operator, chargedOn: '2026-01-15' })
    expect(await payerForRepairAction(db.read, feb)).toMatchObject({ payer: 'operator', payerCompanyId: ids.otherOperator })
    await db.transaction((tx) => tx.update(companies).set({ repairCostPayer: 'operatorPreTrip' }).where(eq(companies.id, ids.owner)))
    expect((await payerForRepairAction(db.read, jan)).payer).toBe('owner')
    expect(await payerForRepairAction(db.read, fromPreTrip)).toMatchObject({ payer: 'operator', payerCompanyId: ids.operator })
    // A pre-trip filed for another operator than the one holding the bus: the owner.
    await db.transaction((tx) => tx.update(preInspections).set({ operatorCompanyId: ids.otherOperator }).where(eq(preInspections.id, pre.id)))
    expect((await payerForRepairAction(db.read, fromPreTrip)).payer).toBe('owner')
    await db.transaction((tx) => tx.update(companies).set({ repairCostPayer: 'operator' }).where(eq(companies.id, ids.owner)))

    const mechanic = await ctxFor(db, ids.mechanic)
    const { line } = await addRepairCostLine(mechanic, { repairActionId: jan, kind: 'tax', description: 'Sales tax', amount: '1.00' })
    expect(line).toMatchObject({ payer: 'operator', payerCompanyId: ids.operator, chargedOn: '2026-01-15', amountCents: 100 })
  })

  it('computes totals in integer cents, rounded half up', async () => {
    const ra = await openRepair({ createdAt: new Date('2026-02-11T15:00:00Z') })
    const mechanic = await ctxFor(db, ids.mechanic)
    // 3 × $0.335 = $1.005 → $1.01 (half up); 1.5 h × $33.33 = $49.995 → $50.00; 0.001 × $0.49 → $0.00.
    const a = await addRepairCostLine(mechanic, { repairActionId: ra, kind: 'part', description: 'Bolt', partNumber: 'B-1', quantity: '3', unitCost: '0.335' }).catch((e) => e)
    expect(isAppError(a) && a.fieldErrors?.unitCost).toBeTruthy() // three decimals on money: refused
    await addRepairCostLine(mechanic, { repairActionId: ra, kind: 'part', description: 'Washer', quantity: '0.335', unitCost: '3' })
    await addRepairCostLine(mechanic, { repairActionId: ra, kind: 'labour', description: 'Brakes', hours: 1.5, rate: '33.33', mechanic: 'Maria' })
    await addRepairCostLine(mechanic, { repairActionId: ra, kind: 'part', description: 'Shim', quantity: '0.001', unitCost: '0.49' })
    await addRepairCostLine(mechanic, { repairActionId: ra, kind: 'outside', description: 'Machining', vendor: 'Shop X', amount: 0.1 })
    await addRepairCostLine(mechanic, { repairActionId: ra, kind: 'outside', description: 'Paint', vendor: 'Shop Y', amount: 0.2 })
    const costs = await listRepairCosts(await ctxFor(db, ids.ownerUser), { repairActionId: ra })
    expect(costs.lines.map((l) => l.amountCents)).toEqual([101, 5000, 0, 10, 20])
    expect(costs.totalCents).toBe(5131) // 0.1 + 0.2 is exactly 30 cents
    expect(costs.totalsByKind).toEqual({ part: 101, labour: 5000, outside: 30, tax: 0 })
    expect(costs.currency).toBe('USD')
    expect(await rollupVsLines()).toSatisfy((r: { rollup: unknown; lines: unknown }) => JSON.stringify(r.rollup) === JSON.stringify(r.lines))
  })

  it('refuses bad input and a line on another shop’s repair action, saving nothing', async () => {
    const ra = await openRepair({ createdAt: new Date('2026-02-12T15:00:00Z') })
    const mechanic = await ctxFor(db, ids.mechanic)
    const count = async () => Number((await db.read.select({ n: sql<number>`count(*)` }).from(repairCostLines))[0]!.n)
    const before = await count()
    expect((await refusal(addRepairCostLine(mechanic, { repairActionId: ra, kind: 'outside', description: 'X', amount: '-5' }))).fieldErrors?.amount).toBeTruthy()
    expect((await refusal(addRepairCostLine(mechanic, { repairActionId: ra, kind: 'outside', description: 'X', amount: '1.234' }))).fieldErrors?.amount).toBeTruthy()
    expect((await refusal(addRepairCostLine(mechanic, { repairActionId: ra, kind: 'part', description: 'X', quantity: '-1', unitCost: '2' }))).fieldErrors?.quantity).toBeTruthy()
    expect((await refusal(addRepairCostLine(mechanic, { repairActionId: ra, kind: 'labour', description: 'X', hours: '1' }))).fieldErrors?.rate).toBeTruthy()
    expect((await refusal(addRepairCostLine(mechanic, { repairActionId: ra, kind: 'tax', amount: '1' }))).fieldErrors?.description).toBeTruthy()
    expect((await refusal(addRepairCostLine(await ctxFor(db, ids.otherMechanic), { repairActionId: ra, kind: 'tax', description: 'T', amount: '1' }))).code).toBe('NOT_FOUND')
    expect((await refusal(addRepairCostLine(await ctxFor(db, ids.ownerUser), { repairActionId: ra, kind: 'tax', description: 'T', amount: '1' }))).code).toBe('FORBIDDEN')
    // Only the owner names the payer.
    expect((await refusal(addRepairCostLine(mechanic, { repairActionId: ra, kind: 'tax', description: 'T', amount: '1', payer: 'owner' }))).code).toBe('FORBIDDEN')
    // REST: 400 with the field, nothing saved; another shop's action: 404.
    const token = await apiTokenFor(db, ids.mechanic)
    const res = await handleRestRequest(
      new Request('http://localhost/api/costs/addline', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ repairActionId: ra, kind: 'tax', description: 'T', amount: -1 }) }),
      db,
      '127.0.0.1',
    )
    expect(res.status).toBe(400)
    const other = await handleRestRequest(
      new Request('http://localhost/api/Costs/addLine', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await apiTokenFor(db, ids.otherMechanic)}` },
        body: JSON.stringify({ repairActionId: ra, kind: 'tax', description: 'T', amount: '1.00' }),
      }),
      db,
      '127.0.0.1',
    )
    expect(other.status).toBe(404)
    expect(await count()).toBe(before)
  })

  it('answers a repeated Idempotency-Key with the first line', async () => {
    const ra = await openRepair({ createdAt: new Date('2026-02-13T15:00:00Z') })
    const token = await apiTokenFor(db, ids.mechanic)
    const send = () =>
      handleRestRequest(
        new Request('http://localhost/api/Costs/addLine', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `k-${driver}-${ra}` },
          body: JSON.stringify({ repairActionId: ra, kind: 'outside', description: 'Tow', vendor: 'Tow Co', amount: '150.00' }),
        }),
        db,
        '127.0.0.1',
      )
    const first = await send()
    expect(first.status).toBe(201)
    const second = await send()
    expect(second.headers.get('idempotent-replayed')).toBe('true')
    expect((await second.json()).id).toBe((await first.json()).id)
    const n = await db.read.select({ n: sql<number>`count(*)` }).from(repairCostLines).where(eq(repairCostLines.repairActionId, ra))
    expect(Number(n[0]!.n)).toBe(1)
  })

  it('shows the owner every line, the operator its own, a shop its own; the invoice to the owner and the shop only', async () => {
    const ra = await openRepair({ createdAt: new Date('2026-02-14T15:00:00Z') })
    const mechanic = await ctxFor(db, ids.mechanic)
    const owner = await ctxFor(db, ids.ownerUser)
    const a = (await addRepairCostLine(mechanic, { repairActionId: ra, kind: 'tax', description: 'Operator line', amount: '10.00' })).line
    const b = (await addRepairCostLine(mechanic, { repairActionId: ra, kind: 'tax', description: 'Owner line', amount: '20.00' })).line
    await setRepairCostLinePayer(owner, { lineId: b.id, payer: 'owner' })
    expect(a.payerCompanyId).toBe(ids.otherOperator)

    expect((await listRepairCosts(owner, { repairActionId: ra })).lines.map((l) => l.id)).toEqual([a.id, b.id])
    const op = await listRepairCosts(await ctxFor(db, ids.otherOperatorUser), { repairActionId: ra })
    expect(op.lines.map((l) => l.id)).toEqual([a.id])
    expect(op.totalCents).toBe(1000)
    expect(op.invoice).toBeNull()
    expect((await listRepairCosts(mechanic, { repairActionId: ra })).lines).toHaveLength(2)
    expect((await refusal(listRepairCosts(await ctxFor(db, ids.operatorUser), { repairActionId: ra }))).code).toBe('NOT_FOUND')
    expect((await refusal(listRepairCosts(await ctxFor(db, ids.otherMechanic), { repairActionId: ra }))).code).toBe('NOT_FOUND')
    expect((await refusal(listRepairCosts(await ctxFor(db, ids.stranger), { repairActionId: ra }))).code).toBe('NOT_FOUND')
    expect((await refusal(setRepairCostLinePayer(await ctxFor(db, ids.otherOperatorUser), { lineId: a.id, payer: 'owner' }))).code).toBe('FORBIDDEN')
    expect((await refusal(updateRepairCostLine(await ctxFor(db, ids.otherOperatorUser), { lineId: a.id, kind: 'tax', description: 'x', amount: '0' }))).code).toBe('NOT_FOUND')

    const charged = await listChargedRepairCosts(await ctxFor(db, ids.otherOperatorUser), { companyId: ids.otherOperator })
    const item = charged.items.find((i) => i.repairActionId === ra)!
    expect(item.lines.map((l) => l.id)).toEqual([a.id])
    expect(item.totalCents).toBe(1000)
    expect((await refusal(listChargedRepairCosts(await ctxFor(db, ids.mechanic), { companyId: ids.otherOperator }))).code).toBe('FORBIDDEN')

    // The invoice: out of the bus's document list; the owner and the shop read it, the operator does not.
    const up = await uploadRepairInvoice(mechanic, { repairActionId: ra, fileName: 'invoice.pdf', bytes: PDF })
    expect((await listVehicleDocuments(owner, ids.bus)).map((d) => d.id)).not.toContain(up.documentId)
    expect((await listRepairCosts(owner, { repairActionId: ra })).invoice?.fileName).toBe('invoice.pdf')
    expect((await getRepairInvoiceFile(owner, ra)).fileName).toBe('invoice.pdf')
    expect((await getRepairInvoiceFile(mechanic, ra)).contentType).toBe('application/pdf')
    expect((await refusal(getRepairInvoiceFile(await ctxFor(db, ids.otherOperatorUser), ra))).code).toBe('NOT_FOUND')
    expect((await refusal(uploadRepairInvoice(owner, { repairActionId: ra, fileName: 'x.pdf', bytes: PDF }))).code).toBe('FORBIDDEN')
  })

  it('keeps the rollup equal to the lines after add, update, payer change and delete', async () => {
    const ra = await openRepair({ createdAt: new Date('2026-03-01T15:00:00Z') })
    const mechanic = await ctxFor(db, ids.mechanic)
    const owner = await ctxFor(db, ids.ownerUser)
    const same = async () => {
      const r = await rollupVsLines()
      expect(r.rollup).toEqual(r.lines)
    }
    const { line } = await addRepairCostLine(mechanic, { repairActionId: ra, kind: 'part', description: 'Filter', quantity: '2', unitCost: '12.50' })
    await same()
    await updateRepairCostLine(mechanic, { lineId: line.id, kind: 'part', description: 'Filter', quantity: '3', unitCost: '12.50' })
    await same()
    await setRepairCostLinePayer(owner, { lineId: line.id, payer: 'owner' })
    await same()
    const [row] = await db.read
      .select({ cents: vehicleMonthCosts.repairCents })
      .from(vehicleMonthCosts)
      .where(and(eq(vehicleMonthCosts.vehicleId, ids.bus), eq(vehicleMonthCosts.month, '2026-03'), eq(vehicleMonthCosts.payerCompanyId, ids.owner)))
    expect(row!.cents).toBe(3750)
    await setRepairCostLinePayer(owner, { lineId: line.id, payer: 'operator' })
    await same()
    await deleteRepairCostLine(mechanic, { lineId: line.id })
    await same()
    expect((await refusal(deleteRepairCostLine(mechanic, { lineId: line.id }))).code).toBe('NOT_FOUND')
  })

  it('refuses the operator as payer when no operator held the bus that day', async () => {
    const bus2 = (await insertVehicle(db, ids.owner)).id
    const [row] = await db.transaction((tx) =>
      tx
        .insert(repairActions)
        .values({ repairIdentifier: `RA-N-${randomUUID().slice(0, 8)}`, vehicleId: bus2, ownerCompanyId: ids.owner, repairCompanyId: ids.shop, createdAt: new Date('2026-02-14T15:00:00Z') })
        .returning({ id: repairActions.id }),
    )
    const { line } = await addRepairCostLine(await ctxFor(db, ids.mechanic), { repairActionId: row!.id, kind: 'tax', description: 'T', amount: '1' })
    expect(line.payer).toBe('owner')
    const r = await refusal(setRepairCostLinePayer(await ctxFor(db, ids.ownerUser), { lineId: line.id, payer: 'operator' }))
    expect(r.code).toBe('BAD_REQUEST')
  })
  it('records an outside service’s cost in the owner’s month; the operator of the bus does not see it', async () => {
    const owner = await ctxFor(db, ids.ownerUser)
    const taskId = await db.transaction(async (tx) => {
      const [p] = await tx.insert(servicePrograms).values({ ownerCompanyId: ids.owner, name: 'PM-C' }).returning()
      const [t] = await tx.insert(serviceTasks).values({ programId: p!.id, ownerCompanyId: ids.owner, name: 'Oil', intervalDays: 45 }).returning()
      await tx.insert(serviceProgramVehicles).values({ programId: p!.id, vehicleId: ids.bus, ownerCompanyId: ids.owner, kind: 'pick', joinedOn: '2026-01-01' })
      return t!.id
    })
    const serviceCents = async () =>
      Number(
        (
          await db.read
            .select({ c: sql<number>`coalesce(sum(${vehicleMonthCosts.serviceCents}), 0)` })
            .from(vehicleMonthCosts)
            .where(and(eq(vehicleMonthCosts.vehicleId, ids.bus), eq(vehicleMonthCosts.month, '2026-02'), eq(vehicleMonthCosts.payerCompanyId, ids.owner)))
        )[0]!.c,
      )
    const records = async () => Number((await db.read.select({ n: sql<number>`count(*)` }).from(serviceRecords).where(eq(serviceRecords.vehicleId, ids.bus)))[0]!.n)
    const before = await records()
    expect((await refusal(recordOutsideService(owner, { vehicleId: ids.bus, taskIds: [taskId], date: '2026-02-20', cost: '-1' }))).fieldErrors?.cost).toBeTruthy()
    expect((await refusal(recordOutsideService(owner, { vehicleId: ids.bus, taskIds: [taskId], date: '2026-02-20', cost: '1.001' }))).fieldErrors?.cost).toBeTruthy()
    expect(await records()).toBe(before)
    expect(await serviceCents()).toBe(0)
    await recordOutsideService(owner, { vehicleId: ids.bus, taskIds: [taskId], date: '2026-02-20', cost: '99.95' })
    expect(await serviceCents()).toBe(9995)
    const mine = await listServiceHistory(owner, ids.bus)
    expect(mine.records[0]).toMatchObject({ performedOn: '2026-02-20', costCents: 9995 })
    expect(mine.currency).toBe('USD')
    const theirs = await listServiceHistory(await ctxFor(db, ids.otherOperatorUser), ids.bus)
    expect(theirs.records[0]!.costCents).toBeNull()
  })

  it('exports each repair action’s cost charged to the exporting owner, or the shop’s own lines, never another payer’s', async () => {
    await assign(db, ids.bus, ids.otherOperator, { startDate: '2026-04-01', endDate: '2026-04-30' })
    const ra = await openRepair({ createdAt: new Date('2026-04-02T15:00:00Z') })
    const mechanic = await ctxFor(db, ids.mechanic)
    const owner = await ctxFor(db, ids.ownerUser)
    for (const [description, amount] of [['T1', '10.05'], ['T2', '0.95']]) {
      const { line } = await addRepairCostLine(mechanic, { repairActionId: ra, kind: 'tax', description, amount })
      await setRepairCostLinePayer(owner, { lineId: line.id, payer: 'owner' })
    }
    // A line the owner charges to the operator: not in the owner's export, in the shop's.
    const operatorLine = (await addRepairCostLine(mechanic, { repairActionId: ra, kind: 'outside', description: 'Tow', vendor: 'Tow Co', amount: '5.00' })).line
    await setRepairCostLinePayer(owner, { lineId: operatorLine.id, payer: 'operator' })
    const csv = async (userId: number, companyId: number) => {
      const res = await handleRestRequest(
        new Request(`http://localhost/api/Export/RepairActions/${companyId}?from=2026-04-01&to=2026-04-30`, { headers: { authorization: `Bearer ${await apiTokenFor(db, userId)}` } }),
        db,
        '127.0.0.1',
      )
      expect(res.status).toBe(200)
      return (await res.text()).trim().split(/\r?\n/)
    }
    const [header, ...rows] = await csv(ids.ownerUser, ids.owner)
    expect(header).toMatch(/,Cost,Currency$/)
    expect(rows.find((r) => r.includes(`RA-C-`) && r.endsWith(',11.00,USD'))).toBeTruthy()
    // The shop's manager: its own lines of that repair action.
    const shopManager = (await createUser(db)).id
    await grantRole(db, shopManager, ids.shop, 'RepairShop')
    const [, ...shopRows] = await csv(shopManager, ids.shop)
    expect(shopRows.find((r) => r.endsWith(',16.00,USD'))).toBeTruthy()
    // Another shop sees none of it.
    const otherManager = (await createUser(db)).id
    await grantRole(db, otherManager, ids.otherShop, 'RepairShop')
    const [, ...otherRows] = await csv(otherManager, ids.otherShop)
    expect(otherRows.join('\n')).not.toContain('11.00')
  })
  it('renders the costs page: the shop’s forms, the owner’s payer choice, the operator’s lines read-only', async () => {
    useAsAppDb(db)
    const ra = await openRepair({ createdAt: new Date('2026-04-03T15:00:00Z') })
    const { line } = await addRepairCostLine(await ctxFor(db, ids.mechanic), { repairActionId: ra, kind: 'labour', description: 'Brake job', hours: '2.5', rate: '80', mechanic: 'Maria' })
    const render = async (userId: number, companyId: number) => {
      const cookie = await webSessionFor(db, userId)
      const data = await costsLoader({
        request: new Request(`http://localhost/repairActions/${companyId}/costs/${ra}`, { headers: { cookie: `operon_session=${cookie}` } }),
        params: { companyId: String(companyId), repairActionId: String(ra) },
        context: { cspNonce: '', clientIp: '127.0.0.1' },
      } as never)
      const routes = [{ id: 'x', path: '/', loader: () => data, Component: CostsPage }]
      const handler = createStaticHandler(routes)
      const context = await handler.query(new Request('http://localhost/'))
      if (context instanceof Response) throw context
      return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }))
    }
    const shop = await render(ids.mechanic, ids.shop)
    expect(shop).toContain('Brake job')
    expect(shop).toContain('$200.00')
    expect(shop).toContain('data-testid="add-part"')
    expect(shop).not.toContain('Change payer')
    const owner = await render(ids.ownerUser, ids.owner)
    expect(owner).toContain('Change payer')
    expect(owner).not.toContain('data-testid="add-part"')
    const operator = await render(ids.otherOperatorUser, ids.otherOperator)
    expect(operator).toContain(`cost-line-${line.id}`)
    expect(operator).not.toContain('Change payer')
    expect(operator).not.toContain('name="intent"')
  })

  it('keeps the currency and the payer rule in the company settings (the rule: the owner’s managers)', async () => {
    const owner = await ctxFor(db, ids.ownerUser)
    expect((await refusal(updateCompanySettings(owner, { companyId: ids.owner, currency: 'XYZ' }))).fieldErrors?.currency).toBeTruthy()
    expect((await refusal(updateCompanySettings(await ctxFor(db, ids.operatorUser), { companyId: ids.operator, repairCostPayer: 'owner' }))).code).toBe('FORBIDDEN')
    const saved = await updateCompanySettings(owner, { companyId: ids.owner, currency: 'eur', repairCostPayer: 'operator' })
    expect(saved).toMatchObject({ currency: 'EUR', repairCostPayer: 'operator' })
    const ra = await openRepair({ createdAt: new Date('2026-04-04T15:00:00Z') })
    expect((await listRepairCosts(owner, { repairActionId: ra })).currency).toBe('EUR')
    await updateCompanySettings(owner, { companyId: ids.owner, currency: 'USD' })
  })
  it('bounds the lines of one repair action', async () => {
    const bus3 = (await insertVehicle(db, ids.owner)).id
    const [row] = await db.transaction((tx) =>
      tx
        .insert(repairActions)
        .values({ repairIdentifier: `RA-B-${randomUUID().slice(0, 8)}`, vehicleId: bus3, ownerCompanyId: ids.owner, repairCompanyId: ids.shop, createdAt: new Date('2026-02-14T15:00:00Z') })
        .returning({ id: repairActions.id }),
    )
    const ra = row!.id
    await db.transaction((tx) =>
      tx.insert(repairCostLines).values(
        Array.from({ length: COST_LIMITS.linesPerRepairAction }, (_, i) => ({
          repairActionId: ra, vehicleId: bus3, ownerCompanyId: ids.owner, shopCompanyId: ids.shop, kind: 'tax' as const, description: `T${i}`, amountCents: 1, payer: 'owner' as const, payerCompanyId: ids.owner, chargedOn: '2026-02-14',
        })),
      ),
    )
    const r = await refusal(addRepairCostLine(await ctxFor(db, ids.mechanic), { repairActionId: ra, kind: 'tax', description: 'One more', amount: '1' }))
    expect(r.code).toBe('BAD_REQUEST')
    expect(r.message).toContain(String(COST_LIMITS.linesPerRepairAction))
  })
})
