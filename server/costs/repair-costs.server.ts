/**
 * Costs on repair actions (issue 36 point 1, decision 085). The repair shop adds cost lines to its
 * repair action — parts (quantity × unit cost), labour (hours × rate, mechanic), outside work
 * (vendor, amount) and tax — and uploads its invoice; each line is charged to the bus's owner or
 * to the operator whose assignment was active on the day the repair action was opened (the
 * owner's time zone), the default coming from the owner's rule (`companies.repair_cost_payer`),
 * and the owner may change it. Every change keeps `vehicle_month_costs` current in its own
 * transaction (server/rollups).
 *
 * Who sees what (every door the same): the owner (role Owner of the bus's company) every line;
 * the operator (role Operator) only the lines charged to it; the shop (RepairShop or Mechanic)
 * only its own lines, and only the shop of the repair action changes them. The invoice: the owner
 * and the shop. Anyone else: 404, as for a repair action that does not exist.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import {
  COST_LIMITS,
  COST_LINE_KIND_VALUES,
  COST_PAYER_VALUES,
  type CostLineKind,
  type CostPayer,
  type RepairCostPayerRule,
} from '#catalog/costs.ts'
import { msg, withValues } from '#catalog/i18n.ts'
import { hundredthsTimesCents, milliTimesCents } from '#catalog/money.ts'
import { REPAIR_SHOP_ROLES } from '#catalog/roles.ts'
import type { Tx } from '#db/client.ts'
import { rowsAffected } from '#db/client.ts'
import { companies, operatorAssignments, preInspections, repairActions, repairCostLines, vehicleDocuments, vehicles } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { companiesWithRole, hasRole, requireUser } from '../access/policy.ts'
import type { UserActor } from '../context/actor.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { getStoredDocumentFile, insertVehicleDocumentFile, prepareDocumentFile, type DocumentFile } from '../documents/documents.server.ts'
import { AppError, badRequest, forbidden } from '../errors.ts'
import { centsField, hundredthsField, milliField } from '../money-fields.ts'
import { addMonthCost, ownerDateOf } from '../rollups/month-rollups.server.ts'
import { atMostCharacters, idSchema, isPlainLine, parseInput, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'

export const REPAIR_COST_TEXT = {
  notFound: msg('Repair action not found'),
  lineNotFound: msg('Cost line not found'),
  descriptionRequired: msg('Enter a description'),
  quantityRequired: msg('Enter the quantity'),
  unitCostRequired: msg('Enter the unit cost'),
  hoursRequired: msg('Enter the hours'),
  rateRequired: msg('Enter the hourly rate'),
  amountRequired: msg('Enter the amount'),
  totalTooHigh: msg('The line’s total is too high'),
  onlyOwnerPayer: msg('Only the owner company chooses who pays'),
  noOperator: msg('No operator held this bus on the day the repair action was opened'),
  tooManyLines: withValues(msg('A repair action has at most {n} cost lines'), { n: COST_LIMITS.linesPerRepairAction }),
  invoiceNotFound: msg('Invoice not found'),
  added: msg('Cost line added'),
  updated: msg('Cost line saved'),
  deleted: msg('Cost line deleted'),
  payerChanged: msg('Payer changed'),
  invoiceUploaded: msg('Invoice uploaded'),
} as const

const notFound = () => new AppError('NOT_FOUND', REPAIR_COST_TEXT.notFound)
const lineNotFound = () => new AppError('NOT_FOUND', REPAIR_COST_TEXT.lineNotFound)

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v)
const lineText = (max: number = COST_LIMITS.textMax) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, atMostCharacters(max)).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE).optional())
const idempotencyKeyField = z.preprocess(
  blankToUndefined,
  z.string().trim().max(100, atMostCharacters(100)).regex(/^[\x21-\x7e]+$/, msg('Letters, digits and punctuation only')).optional(),
)

/** The fields of a line, whichever door sends them: amounts as decimal strings or numbers, read exactly. */
const lineFields = z.object({
  kind: z.enum(COST_LINE_KIND_VALUES, { error: msg('Choose parts, labour, outside work or tax') }),
  description: lineText(),
  partNumber: lineText(),
  quantity: milliField(COST_LIMITS.maxQuantityMilli),
  unitCost: centsField(COST_LIMITS.maxCents),
  hours: hundredthsField(COST_LIMITS.maxHoursHundredths),
  rate: centsField(COST_LIMITS.maxCents),
  mechanic: lineText(),
  vendor: lineText(),
  amount: centsField(COST_LIMITS.maxCents),
})

/** Each kind's required fields, named under the field. */
function checkKind(v: z.output<typeof lineFields>, ctx: z.RefinementCtx) {
  const need = (ok: boolean, path: string, message: string) => {
    if (!ok) ctx.addIssue({ code: 'custom', path: [path], message })
  }
  need(!!v.description, 'description', REPAIR_COST_TEXT.descriptionRequired)
  if (v.kind === 'part') {
    need(v.quantity !== undefined, 'quantity', REPAIR_COST_TEXT.quantityRequired)
    need(v.unitCost !== undefined, 'unitCost', REPAIR_COST_TEXT.unitCostRequired)
  } else if (v.kind === 'labour') {
    need(v.hours !== undefined, 'hours', REPAIR_COST_TEXT.hoursRequired)
    need(v.rate !== undefined, 'rate', REPAIR_COST_TEXT.rateRequired)
  } else need(v.amount !== undefined, 'amount', REPAIR_COST_TEXT.amountRequired)
}

export const addRepairCostLineInput = lineFields
  .extend({
    repairActionId: idSchema,
    /** The owner company only (the default comes from its rule). */
    payer: z.preprocess(blankToUndefined, z.enum(COST_PAYER_VALUES, { error: msg('Choose the owner or the operator') }).optional()),
    idempotencyKey: idempotencyKeyField,
  })
  .superRefine(checkKind)
export type AddRepairCostLineInput = z.input<typeof addRepairCostLineInput>

export const updateRepairCostLineInput = lineFields.extend({ lineId: idSchema }).superRefine(checkKind)
export type UpdateRepairCostLineInput = z.input<typeof updateRepairCostLineInput>

export const setRepairCostLinePayerInput = z.object({
  lineId: idSchema,
  payer: z.enum(COST_PAYER_VALUES, { error: msg('Choose the owner or the operator') }),
})
export type SetRepairCostLinePayerInput = z.input<typeof setRepairCostLinePayerInput>

export const deleteRepairCostLineInput = z.object({ lineId: idSchema })
export const repairActionIdInput = z.object({ repairActionId: idSchema })

/** The stored columns of a line from the checked fields: only its kind's, the amount computed in integers (half up). */
function columnsOf(v: z.output<typeof lineFields>) {
  const base = {
    kind: v.kind as CostLineKind,
    description: v.description!,
    partNumber: null as string | null,
    quantityMilli: null as number | null,
    unitCostCents: null as number | null,
    hoursHundredths: null as number | null,
    rateCents: null as number | null,
    mechanicName: null as string | null,
    vendor: null as string | null,
    amountCents: 0,
  }
  if (v.kind === 'part') {
    Object.assign(base, { partNumber: v.partNumber ?? null, quantityMilli: v.quantity!, unitCostCents: v.unitCost!, amountCents: milliTimesCents(v.quantity!, v.unitCost!) })
  } else if (v.kind === 'labour') {
    Object.assign(base, { hoursHundredths: v.hours!, rateCents: v.rate!, mechanicName: v.mechanic ?? null, amountCents: hundredthsTimesCents(v.hours!, v.rate!) })
  } else if (v.kind === 'outside') {
    Object.assign(base, { vendor: v.vendor ?? null, amountCents: v.amount! })
  } else base.amountCents = v.amount!
  if (base.amountCents > COST_LIMITS.maxCents) throw badRequest(REPAIR_COST_TEXT.totalTooHigh, { amount: REPAIR_COST_TEXT.totalTooHigh })
  return base
}

// ---------------------------------------------------------------------------------------
// The payer
// ---------------------------------------------------------------------------------------

interface ActionFacts {
  id: number
  repairIdentifier: string
  vehicleId: number
  vehicleIdentifier: string
  ownerCompanyId: number
  repairCompanyId: number | null
  preInspectionId: number | null
  createdAt: Date
  repairedAt: Date | null
  invoiceDocumentId: number | null
}

async function actionFacts(read: Pick<Tx, 'select'>, repairActionId: number): Promise<ActionFacts | undefined> {
  const [a] = await read
    .select({
      id: repairActions.id,
      repairIdentifier: repairActions.repairIdentifier,
      vehicleId: repairActions.vehicleId,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      ownerCompanyId: repairActions.ownerCompanyId,
      repairCompanyId: repairActions.repairCompanyId,
      preInspectionId: repairActions.preInspectionId,
      createdAt: repairActions.createdAt,
      repairedAt: repairActions.repairedAt,
      invoiceDocumentId: repairActions.invoiceDocumentId,
    })
    .from(repairActions)
    .innerJoin(vehicles, eq(vehicles.id, repairActions.vehicleId))
    .where(eq(repairActions.id, repairActionId))
  return a
}

/**
 * The operator whose assignment of the bus was active when the repair action was opened: started
 * on or before that day (the owner's date), not ended before it, and not ended early before the
 * moment it was opened. The latest such assignment when several overlap.
 */
async function operatorOnDay(read: Pick<Tx, 'select'>, vehicleId: number, day: string, at: Date): Promise<number | null> {
  const [a] = await read
    .select({ operatorCompanyId: operatorAssignments.operatorCompanyId })
    .from(operatorAssignments)
    .where(
      and(
        eq(operatorAssignments.vehicleId, vehicleId),
        lte(operatorAssignments.startDate, day),
        or(isNull(operatorAssignments.endDate), sql`${operatorAssignments.endDate} >= ${day}`),
        or(isNull(operatorAssignments.endedAt), gt(operatorAssignments.endedAt, at)),
      ),
    )
    .orderBy(desc(operatorAssignments.startDate), desc(operatorAssignments.id))
    .limit(1)
  return a?.operatorCompanyId ?? null
}

export interface RepairPayer {
  /** The default payer of a new line under the owner's rule. */
  payer: CostPayer
  payerCompanyId: number
  ownerCompanyId: number
  vehicleId: number
  /** The operator whose assignment was active on `chargedOn`, if any. */
  operatorCompanyId: number | null
  /** The day the repair action was opened, in the owner's time zone: the month its costs count in. */
  chargedOn: string
  rule: RepairCostPayerRule
}

/**
 * Who a new line of the repair action is charged to (decision 085), from the owner's rule:
 * `owner` — the owner; `operator` — the operator whose assignment was active on the day the repair
 * action was opened (else the owner); `operatorPreTrip` — that operator when the repair action came
 * from a pre-trip filed for it (else the owner).
 */
export async function payerForRepairAction(tx: Pick<Tx, 'select'>, repairActionId: number): Promise<RepairPayer> {
  const a = await actionFacts(tx, repairActionId)
  if (!a) throw notFound()
  const [owner] = await tx.select({ rule: companies.repairCostPayer }).from(companies).where(eq(companies.id, a.ownerCompanyId))
  const rule = (owner?.rule ?? 'owner') as RepairCostPayerRule
  const chargedOn = await ownerDateOf(tx, a.vehicleId, a.createdAt)
  const operatorCompanyId = await operatorOnDay(tx, a.vehicleId, chargedOn, a.createdAt)
  let operatorPays = false
  if (operatorCompanyId !== null && rule === 'operator') operatorPays = true
  if (operatorCompanyId !== null && rule === 'operatorPreTrip' && a.preInspectionId !== null) {
    const [pre] = await tx.select({ operatorCompanyId: preInspections.operatorCompanyId }).from(preInspections).where(eq(preInspections.id, a.preInspectionId))
    operatorPays = pre?.operatorCompanyId === operatorCompanyId
  }
  return {
    payer: operatorPays ? 'operator' : 'owner',
    payerCompanyId: operatorPays ? operatorCompanyId! : a.ownerCompanyId,
    ownerCompanyId: a.ownerCompanyId,
    vehicleId: a.vehicleId,
    operatorCompanyId,
    chargedOn,
    rule,
  }
}

// ---------------------------------------------------------------------------------------
// Who sees what
// ---------------------------------------------------------------------------------------

interface Viewer {
  me: UserActor
  isOwner: boolean
  /** The caller is (a RepairShop manager or a Mechanic of) the repair action's shop. */
  isShop: boolean
  shopCompanyIds: number[]
  operatorCompanyIds: number[]
}

function viewerOf(actor: UseCaseContext['actor'], a: ActionFacts): Viewer {
  const me = requireUser(actor)
  return {
    me,
    isOwner: hasRole(me, a.ownerCompanyId, ['Owner']),
    isShop: a.repairCompanyId !== null && hasRole(me, a.repairCompanyId, REPAIR_SHOP_ROLES),
    shopCompanyIds: companiesWithRole(me, REPAIR_SHOP_ROLES),
    operatorCompanyIds: companiesWithRole(me, ['Operator']),
  }
}

/** SQL: the lines of a repair action the viewer may see (the owner: all). */
function visibleLines(v: Viewer): SQL | undefined {
  if (v.isOwner) return undefined
  const parts: SQL[] = []
  if (v.shopCompanyIds.length) parts.push(inArray(repairCostLines.shopCompanyId, v.shopCompanyIds))
  if (v.operatorCompanyIds.length) parts.push(and(eq(repairCostLines.payer, 'operator'), inArray(repairCostLines.payerCompanyId, v.operatorCompanyIds))!)
  return parts.length ? or(...parts) : sql`0`
}

const lineColumns = {
  id: repairCostLines.id,
  repairActionId: repairCostLines.repairActionId,
  kind: repairCostLines.kind,
  description: repairCostLines.description,
  partNumber: repairCostLines.partNumber,
  quantityMilli: repairCostLines.quantityMilli,
  unitCostCents: repairCostLines.unitCostCents,
  hoursHundredths: repairCostLines.hoursHundredths,
  rateCents: repairCostLines.rateCents,
  mechanicName: repairCostLines.mechanicName,
  vendor: repairCostLines.vendor,
  amountCents: repairCostLines.amountCents,
  payer: repairCostLines.payer,
  payerCompanyId: repairCostLines.payerCompanyId,
  payerCompanyName: companies.name,
  shopCompanyId: repairCostLines.shopCompanyId,
  chargedOn: repairCostLines.chargedOn,
  createdByName: repairCostLines.createdByName,
  createdAt: repairCostLines.createdAt,
}

export interface RepairCostLineView {
  id: number
  repairActionId: number
  kind: CostLineKind
  description: string
  partNumber: string | null
  quantityMilli: number | null
  unitCostCents: number | null
  hoursHundredths: number | null
  rateCents: number | null
  mechanicName: string | null
  vendor: string | null
  amountCents: number
  payer: CostPayer
  payerCompanyId: number
  payerCompanyName: string
  shopCompanyId: number
  chargedOn: string
  createdByName: string | null
  createdAt: string
  /** The caller may change or delete it (the shop of the repair action, its own line). */
  editable: boolean
}

type LineRow = Awaited<ReturnType<typeof linesOf>>[number]

function lineView(r: LineRow, v: Viewer | null, a: ActionFacts | null): RepairCostLineView {
  return {
    ...r,
    payerCompanyName: r.payerCompanyName ?? '',
    createdAt: r.createdAt.toISOString(),
    editable: !!v && !!a && v.isShop && r.shopCompanyId === a.repairCompanyId,
  }
}

async function linesOf(read: Pick<Tx, 'select'>, where: SQL | undefined) {
  return read
    .select(lineColumns)
    .from(repairCostLines)
    .innerJoin(companies, eq(companies.id, repairCostLines.payerCompanyId))
    .where(where)
    .orderBy(asc(repairCostLines.id))
    .limit(COST_LIMITS.linesPerRepairAction + 1)
}

export interface RepairCosts {
  repairActionId: number
  repairIdentifier: string
  vehicleId: number
  vehicleIdentifier: string
  ownerCompanyId: number
  /** The owner company's currency: the lines' cents are of it. */
  currency: string
  /** ISO 8601, UTC. */
  openedAt: string
  /** 'YYYY-MM-DD', the owner's time zone: the day new lines are charged on. */
  chargedOn: string
  repaired: boolean
  lines: RepairCostLineView[]
  totalCents: number
  totalsByPayer: { ownerCents: number; operatorCents: number }
  totalsByKind: Record<CostLineKind, number>
  /** The shop's invoice (the owner and the shop only; null otherwise or when there is none). */
  invoice: { documentId: number; fileName: string; sizeBytes: number; uploadedAt: string } | null
  /** What the caller may do. */
  canAdd: boolean
  canSetPayer: boolean
  canUploadInvoice: boolean
  /** The default payer of a new line, and the operator that would pay (the owner and the shop only). */
  defaultPayer: CostPayer | null
  operatorCompanyId: number | null
  operatorCompanyName: string | null
}

/**
 * GET /api/Costs/repairAction/{id}, tRPC `costsRepair.get` and /repairActions/{companyId}/costs/{id}:
 * the lines the caller may see, their totals (integer cents, SQL sums), the currency and the invoice.
 */
export async function listRepairCosts(ctx: UseCaseContext, input: unknown): Promise<RepairCosts> {
  const { repairActionId } = parseInput(repairActionIdInput, input)
  requireUser(ctx.actor)
  const a = await actionFacts(ctx.db.read, repairActionId)
  if (!a) throw notFound()
  const v = viewerOf(ctx.actor, a)
  const where = and(eq(repairCostLines.repairActionId, a.id), visibleLines(v))
  const lines = await linesOf(ctx.db.read, where)
  // Anyone else: as if it did not exist (a shop that lost the action still sees its own lines).
  if (!v.isOwner && !v.isShop && lines.length === 0) throw notFound()
  const sums = await ctx.db.read
    .select({ payer: repairCostLines.payer, kind: repairCostLines.kind, cents: sql<number>`coalesce(sum(${repairCostLines.amountCents}), 0)` })
    .from(repairCostLines)
    .where(where)
    .groupBy(repairCostLines.payer, repairCostLines.kind)
  const totalsByKind = { part: 0, labour: 0, outside: 0, tax: 0 } as Record<CostLineKind, number>
  const totalsByPayer = { ownerCents: 0, operatorCents: 0 }
  for (const s of sums) {
    const cents = Number(s.cents)
    totalsByKind[s.kind] += cents
    if (s.payer === 'owner') totalsByPayer.ownerCents += cents
    else totalsByPayer.operatorCents += cents
  }
  const [owner] = await ctx.db.read.select({ currency: companies.currency }).from(companies).where(eq(companies.id, a.ownerCompanyId))
  let invoice: RepairCosts['invoice'] = null
  if ((v.isOwner || v.isShop) && a.invoiceDocumentId !== null) {
    const [doc] = await ctx.db.read
      .select({ id: vehicleDocuments.id, fileName: vehicleDocuments.fileName, sizeBytes: vehicleDocuments.sizeBytes, uploadedAt: vehicleDocuments.uploadedAt })
      .from(vehicleDocuments)
      .where(and(eq(vehicleDocuments.id, a.invoiceDocumentId), eq(vehicleDocuments.isActive, true)))
    if (doc) invoice = { documentId: doc.id, fileName: doc.fileName, sizeBytes: doc.sizeBytes, uploadedAt: doc.uploadedAt.toISOString() }
  }
  const payer = v.isOwner || v.isShop ? await payerForRepairAction(ctx.db.read, a.id) : null
  const operatorName = payer?.operatorCompanyId
    ? ((await ctx.db.read.select({ name: companies.name }).from(companies).where(eq(companies.id, payer.operatorCompanyId)))[0]?.name ?? null)
    : null
  return {
    repairActionId: a.id,
    repairIdentifier: a.repairIdentifier,
    vehicleId: a.vehicleId,
    vehicleIdentifier: a.vehicleIdentifier,
    ownerCompanyId: a.ownerCompanyId,
    currency: owner?.currency ?? 'USD',
    openedAt: a.createdAt.toISOString(),
    chargedOn: payer?.chargedOn ?? lines[0]?.chargedOn ?? (await ownerDateOf(ctx.db.read, a.vehicleId, a.createdAt)),
    repaired: a.repairedAt !== null,
    lines: lines.slice(0, COST_LIMITS.linesPerRepairAction).map((r) => lineView(r, v, a)),
    totalCents: totalsByPayer.ownerCents + totalsByPayer.operatorCents,
    totalsByPayer,
    totalsByKind,
    invoice,
    canAdd: v.isShop,
    canSetPayer: v.isOwner,
    canUploadInvoice: v.isShop,
    defaultPayer: payer?.payer ?? null,
    operatorCompanyId: payer?.operatorCompanyId ?? null,
    operatorCompanyName: operatorName,
  }
}

// ---------------------------------------------------------------------------------------
// Writes
// ---------------------------------------------------------------------------------------

const nameOf = (me: UserActor) => `${me.firstName} ${me.lastName}`.trim() || me.email

async function lineById(read: Pick<Tx, 'select'>, lineId: number): Promise<LineRow | undefined> {
  return (await linesOf(read, eq(repairCostLines.id, lineId)))[0]
}

export interface AddedRepairCostLine {
  line: RepairCostLineView
  /** A repeated Idempotency-Key: the first line, nothing added. */
  replayed: boolean
}

/**
 * POST /api/Costs/addLine, tRPC `costsRepair.addLine` and the page: the shop of the repair action
 * (RepairShop or Mechanic) adds a line. Its payer is the owner's rule's (the owner company may name
 * another); it counts in the month of the day the repair action was opened. A repeated
 * Idempotency-Key answers the first line. Anyone else: 404.
 */
export async function addRepairCostLine(ctx: UseCaseContext, input: unknown): Promise<AddedRepairCostLine> {
  const v = parseInput(addRepairCostLineInput, input)
  const me = requireUser(ctx.actor)
  const cols = columnsOf(v)
  return ctx.db.transaction(async (tx) => {
    if (v.idempotencyKey) {
      const [earlier] = await tx
        .select({ id: repairCostLines.id })
        .from(repairCostLines)
        .where(and(eq(repairCostLines.createdByUserId, me.userId), eq(repairCostLines.idempotencyKey, v.idempotencyKey)))
      if (earlier) {
        const row = await lineById(tx, earlier.id)
        const a = await actionFacts(tx, row!.repairActionId)
        return { line: lineView(row!, viewerOf(me, a!), a!), replayed: true }
      }
    }
    const a = await actionFacts(tx, v.repairActionId)
    if (!a) throw notFound()
    const viewer = viewerOf(me, a)
    if (!viewer.isShop) {
      // The owner or an operator sees the action but does not add lines; anyone else: 404.
      if (viewer.isOwner) throw forbidden(msg('Only the repair shop adds cost lines'))
      throw notFound()
    }
    if (v.payer !== undefined && !viewer.isOwner) throw forbidden(REPAIR_COST_TEXT.onlyOwnerPayer)
    const [count] = await tx.select({ n: sql<number>`count(*)` }).from(repairCostLines).where(eq(repairCostLines.repairActionId, a.id))
    if (Number(count?.n ?? 0) >= COST_LIMITS.linesPerRepairAction) throw badRequest(REPAIR_COST_TEXT.tooManyLines)
    const payer = await payerForRepairAction(tx, a.id)
    let payerCompanyId = payer.payerCompanyId
    let payerKind = payer.payer
    if (v.payer !== undefined) {
      const chosen = choosePayer(v.payer, payer)
      payerKind = v.payer
      payerCompanyId = chosen
    }
    const [row] = await tx
      .insert(repairCostLines)
      .values({
        repairActionId: a.id,
        vehicleId: a.vehicleId,
        ownerCompanyId: a.ownerCompanyId,
        shopCompanyId: a.repairCompanyId!,
        ...cols,
        payer: payerKind,
        payerCompanyId,
        chargedOn: payer.chargedOn,
        idempotencyKey: v.idempotencyKey ?? null,
        createdByUserId: me.userId,
        createdByName: nameOf(me),
        createdAt: ctx.now ?? new Date(),
        updatedAt: ctx.now ?? new Date(),
      })
      .returning({ id: repairCostLines.id })
    await addMonthCost(tx, { vehicleId: a.vehicleId, ownerCompanyId: a.ownerCompanyId, payerCompanyId, date: payer.chargedOn, column: 'repair', cents: cols.amountCents })
    await audit(tx, me, {
      action: 'costLine.add',
      companyId: a.repairCompanyId,
      entityType: 'repairAction',
      entityId: a.id,
      details: { repairActionId: a.id, vehicleId: a.vehicleId, lineId: row!.id, kind: cols.kind, amountCents: cols.amountCents, payer: payerKind },
    })
    const line = await lineById(tx, row!.id)
    return { line: lineView(line!, viewer, a), replayed: false }
  })
}

function choosePayer(payer: CostPayer, p: RepairPayer): number {
  if (payer === 'owner') return p.ownerCompanyId
  if (p.operatorCompanyId === null) throw badRequest(REPAIR_COST_TEXT.noOperator, { payer: REPAIR_COST_TEXT.noOperator })
  return p.operatorCompanyId
}

/** The shop's own line of its repair action, read in the write's transaction; else 404 (the owner: 403). */
async function ownLine(tx: Tx, me: UserActor, lineId: number) {
  const row = await lineById(tx, lineId)
  if (!row) throw lineNotFound()
  const a = await actionFacts(tx, row.repairActionId)
  if (!a) throw lineNotFound()
  const viewer = viewerOf(me, a)
  if (viewer.isShop && row.shopCompanyId === a.repairCompanyId) return { row, a, viewer }
  if (viewer.isOwner) throw forbidden(msg('Only the repair shop changes its cost lines'))
  throw lineNotFound()
}

/** POST /api/Costs/updateLine, tRPC `costsRepair.updateLine` and the page: the shop changes its own line. */
export async function updateRepairCostLine(ctx: UseCaseContext, input: unknown): Promise<RepairCostLineView> {
  const v = parseInput(updateRepairCostLineInput, input)
  const me = requireUser(ctx.actor)
  const cols = columnsOf(v)
  return ctx.db.transaction(async (tx) => {
    const { row, a, viewer } = await ownLine(tx, me, v.lineId)
    await tx
      .update(repairCostLines)
      .set({ ...cols, updatedAt: ctx.now ?? new Date() })
      .where(eq(repairCostLines.id, row.id))
    const m = { vehicleId: a.vehicleId, ownerCompanyId: a.ownerCompanyId, payerCompanyId: row.payerCompanyId, date: row.chargedOn, column: 'repair' as const }
    await addMonthCost(tx, { ...m, cents: cols.amountCents - row.amountCents })
    await audit(tx, me, {
      action: 'costLine.update',
      companyId: a.repairCompanyId,
      entityType: 'repairAction',
      entityId: a.id,
      details: { repairActionId: a.id, vehicleId: a.vehicleId, lineId: row.id, kind: cols.kind, amountCents: cols.amountCents, previousCents: row.amountCents },
    })
    return lineView((await lineById(tx, row.id))!, viewer, a)
  })
}

/** POST /api/Costs/deleteLine, tRPC `costsRepair.deleteLine` and the page: the shop deletes its own line. */
export async function deleteRepairCostLine(ctx: UseCaseContext, input: unknown): Promise<{ lineId: number; repairActionId: number }> {
  const v = parseInput(deleteRepairCostLineInput, input)
  const me = requireUser(ctx.actor)
  return ctx.db.transaction(async (tx) => {
    const { row, a } = await ownLine(tx, me, v.lineId)
    const gone = await tx.delete(repairCostLines).where(eq(repairCostLines.id, row.id))
    if (rowsAffected(gone) !== 1) throw lineNotFound()
    await addMonthCost(tx, { vehicleId: a.vehicleId, ownerCompanyId: a.ownerCompanyId, payerCompanyId: row.payerCompanyId, date: row.chargedOn, column: 'repair', cents: -row.amountCents })
    await audit(tx, me, {
      action: 'costLine.delete',
      companyId: a.repairCompanyId,
      entityType: 'repairAction',
      entityId: a.id,
      details: { repairActionId: a.id, vehicleId: a.vehicleId, lineId: row.id, kind: row.kind, amountCents: row.amountCents },
    })
    return { lineId: row.id, repairActionId: a.id }
  })
}

/**
 * POST /api/Costs/setLinePayer, tRPC `costsRepair.setLinePayer` and the page: the owner company
 * (role Owner) charges a line to itself or to the operator whose assignment was active on the day
 * the repair action was opened (none: 400). The cents move between the payers' months.
 */
export async function setRepairCostLinePayer(ctx: UseCaseContext, input: unknown): Promise<RepairCostLineView> {
  const v = parseInput(setRepairCostLinePayerInput, input)
  const me = requireUser(ctx.actor)
  return ctx.db.transaction(async (tx) => {
    const row = await lineById(tx, v.lineId)
    if (!row) throw lineNotFound()
    const a = await actionFacts(tx, row.repairActionId)
    if (!a) throw lineNotFound()
    const viewer = viewerOf(me, a)
    if (!viewer.isOwner) {
      const sees = viewer.isShop || viewer.shopCompanyIds.includes(row.shopCompanyId) || (row.payer === 'operator' && viewer.operatorCompanyIds.includes(row.payerCompanyId))
      if (sees) throw forbidden(REPAIR_COST_TEXT.onlyOwnerPayer)
      throw lineNotFound()
    }
    const p = await payerForRepairAction(tx, a.id)
    const payerCompanyId = choosePayer(v.payer, { ...p, chargedOn: row.chargedOn })
    if (payerCompanyId === row.payerCompanyId && v.payer === row.payer) return lineView(row, viewer, a)
    await tx.update(repairCostLines).set({ payer: v.payer, payerCompanyId, updatedAt: ctx.now ?? new Date() }).where(eq(repairCostLines.id, row.id))
    const m = { vehicleId: a.vehicleId, ownerCompanyId: a.ownerCompanyId, date: row.chargedOn, column: 'repair' as const }
    await addMonthCost(tx, { ...m, payerCompanyId: row.payerCompanyId, cents: -row.amountCents })
    await addMonthCost(tx, { ...m, payerCompanyId, cents: row.amountCents })
    await audit(tx, me, {
      action: 'costLine.payer',
      companyId: a.ownerCompanyId,
      entityType: 'repairAction',
      entityId: a.id,
      details: { repairActionId: a.id, vehicleId: a.vehicleId, lineId: row.id, amountCents: row.amountCents, payer: v.payer, previousPayer: row.payer },
    })
    return lineView((await lineById(tx, row.id))!, viewer, a)
  })
}

// ---------------------------------------------------------------------------------------
// The invoice
// ---------------------------------------------------------------------------------------

export interface InvoiceUpload {
  repairActionId: number
  fileName: string
  bytes: Uint8Array
}

/**
 * POST /api/Costs/repairAction/{id}/invoice and the page: the shop uploads its invoice (the
 * document store's checks: size, type from the content, quotas). It is a document of the bus kept
 * out of the bus's document list, read by the owner and the shop only. A new one replaces the
 * previous (which is kept as a record, inactive).
 */
export async function uploadRepairInvoice(ctx: UseCaseContext, upload: InvoiceUpload): Promise<{ documentId: number; fileName: string; sizeBytes: number }> {
  const id = parseInput(idSchema, upload.repairActionId)
  const me = requireUser(ctx.actor)
  const a = await actionFacts(ctx.db.read, id)
  if (!a) throw notFound()
  const viewer = viewerOf(me, a)
  if (!viewer.isShop) {
    if (viewer.isOwner) throw forbidden(msg('Only the repair shop uploads its invoice'))
    throw notFound()
  }
  const file = await prepareDocumentFile({ fileName: upload.fileName, bytes: upload.bytes })
  return ctx.db.transaction(async (tx) => {
    const again = await actionFacts(tx, id)
    if (!again || again.repairCompanyId !== a.repairCompanyId) throw notFound()
    const doc = await insertVehicleDocumentFile(tx, me, { vehicleId: a.vehicleId, ownerCompanyId: a.ownerCompanyId, ...file, now: ctx.now ?? new Date() })
    if (again.invoiceDocumentId !== null) await tx.update(vehicleDocuments).set({ isActive: false }).where(eq(vehicleDocuments.id, again.invoiceDocumentId))
    await tx.update(repairActions).set({ invoiceDocumentId: doc.id }).where(eq(repairActions.id, id))
    await audit(tx, me, {
      action: 'repairInvoice.upload',
      companyId: a.repairCompanyId,
      entityType: 'repairAction',
      entityId: id,
      details: { repairActionId: id, vehicleId: a.vehicleId, fileName: doc.fileName, sizeBytes: doc.sizeBytes },
    })
    return { documentId: doc.id, fileName: doc.fileName, sizeBytes: doc.sizeBytes }
  })
}

/** GET /api/Costs/repairAction/{id}/invoice and /repairActions/{companyId}/costs/{id}/invoice: the owner and the shop; else 404. */
export async function getRepairInvoiceFile(ctx: UseCaseContext, repairActionId: unknown): Promise<DocumentFile> {
  const id = idSchema.safeParse(repairActionId)
  if (!id.success) throw new AppError('NOT_FOUND', REPAIR_COST_TEXT.invoiceNotFound)
  requireUser(ctx.actor)
  const a = await actionFacts(ctx.db.read, id.data)
  if (!a) throw new AppError('NOT_FOUND', REPAIR_COST_TEXT.invoiceNotFound)
  const viewer = viewerOf(ctx.actor, a)
  if ((!viewer.isOwner && !viewer.isShop) || a.invoiceDocumentId === null) throw new AppError('NOT_FOUND', REPAIR_COST_TEXT.invoiceNotFound)
  const file = await getStoredDocumentFile(ctx.db, a.invoiceDocumentId)
  if (!file) throw new AppError('NOT_FOUND', REPAIR_COST_TEXT.invoiceNotFound)
  return file
}

// ---------------------------------------------------------------------------------------
// The operator's charged repairs
// ---------------------------------------------------------------------------------------

export const chargedRepairCostsInput = z.object({
  companyId: idSchema,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
})
export const CHARGED_PAGE_SIZE = 25

export interface ChargedRepairCosts {
  companyId: number
  currency: string
  page: number
  pageCount: number
  total: number
  items: {
    repairActionId: number
    repairIdentifier: string
    vehicleId: number
    vehicleIdentifier: string
    chargedOn: string
    ownerCompanyName: string
    currency: string
    totalCents: number
    lines: RepairCostLineView[]
  }[]
}

/**
 * The repair actions whose lines are charged to an operator company (its Operator managers): the
 * bus, the identifier, the date and those lines only — nothing else of the shop's work. Newest
 * first, 25 a page.
 */
export async function listChargedRepairCosts(ctx: UseCaseContext, input: unknown): Promise<ChargedRepairCosts> {
  const q = parseInput(chargedRepairCostsInput, input)
  const me = requireUser(ctx.actor)
  if (!hasRole(me, q.companyId, ['Operator'])) throw forbidden()
  const where = and(eq(repairCostLines.payerCompanyId, q.companyId), eq(repairCostLines.payer, 'operator'))
  const [count] = await ctx.db.read.select({ n: sql<number>`count(distinct ${repairCostLines.repairActionId})` }).from(repairCostLines).where(where)
  const total = Number(count?.n ?? 0)
  const pageCount = Math.max(1, Math.ceil(total / CHARGED_PAGE_SIZE))
  const actions = await ctx.db.read
    .select({
      repairActionId: repairCostLines.repairActionId,
      chargedOn: sql<string>`max(${repairCostLines.chargedOn})`,
      totalCents: sql<number>`sum(${repairCostLines.amountCents})`,
    })
    .from(repairCostLines)
    .where(where)
    .groupBy(repairCostLines.repairActionId)
    .orderBy(desc(sql`max(${repairCostLines.chargedOn})`), desc(repairCostLines.repairActionId))
    .limit(CHARGED_PAGE_SIZE)
    .offset((q.page - 1) * CHARGED_PAGE_SIZE)
  const ids = actions.map((x) => x.repairActionId)
  const facts = ids.length
    ? await ctx.db.read
        .select({
          id: repairActions.id,
          repairIdentifier: repairActions.repairIdentifier,
          vehicleId: repairActions.vehicleId,
          vehicleIdentifier: vehicles.vehicleIdentifier,
          ownerCompanyName: companies.name,
          currency: companies.currency,
        })
        .from(repairActions)
        .innerJoin(vehicles, eq(vehicles.id, repairActions.vehicleId))
        .innerJoin(companies, eq(companies.id, repairActions.ownerCompanyId))
        .where(inArray(repairActions.id, ids))
    : []
  const lines = ids.length ? await linesOf(ctx.db.read, and(where, inArray(repairCostLines.repairActionId, ids))) : []
  const [own] = await ctx.db.read.select({ currency: companies.currency }).from(companies).where(eq(companies.id, q.companyId))
  return {
    companyId: q.companyId,
    currency: own?.currency ?? 'USD',
    page: q.page,
    pageCount,
    total,
    items: actions.map((x) => {
      const f = facts.find((r) => r.id === x.repairActionId)!
      return {
        repairActionId: x.repairActionId,
        repairIdentifier: f.repairIdentifier,
        vehicleId: f.vehicleId,
        vehicleIdentifier: f.vehicleIdentifier,
        chargedOn: x.chargedOn,
        ownerCompanyName: f.ownerCompanyName,
        currency: f.currency,
        totalCents: Number(x.totalCents),
        lines: lines.filter((l) => l.repairActionId === x.repairActionId).map((l) => lineView(l, null, null)),
      }
    }),
  }
}
