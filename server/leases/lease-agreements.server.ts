/**
 * The lease agreement between a bus's owner company and the operator company (49 CFR
 * 390.401–390.403; decision 064). The background-work locks (the `leases` table of decision
 * 041) are another thing: `server/jobs/work-locks.server.ts`.
 *
 * - Drafted by `respondToVehicleRequest` when an owner approves a request, in the same
 *   transaction as the assignment (`draftLeaseAgreement`): no assignment without its lease.
 * - Read by the managers of both companies and by the operator's drivers while the assignment is
 *   active (they carry the copy); anyone else: 404.
 * - Signed once per side by an active manager of that side's company: a drawn PNG signature, or
 *   the typed full name when the page runs without JavaScript, with the signer's name and time.
 */
import { createHash } from 'node:crypto'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import { LEASE_SIDES, type LeaseSide } from '#catalog/compliance.ts'
import { rowsAffected, type Tx } from '#db/client.ts'
import { companies, leaseAgreements, leaseSignatures, operatorAssignments, vehicles, type LeaseAgreement } from '#db/schema/index.ts'
import type { UserActor } from '../context/actor.ts'
import { audit } from '../activity/audit.server.ts'
import { readBlob, writeBlob } from '../blobs/blob-store.server.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError } from '../errors.ts'
import { activeOn, todayIn } from '../access/vehicle-access.server.ts'
import { canonical } from '../records/fingerprint.server.ts'
import { companiesWithRole, hasRole, requireUser } from '../access/policy.ts'
import { decodeImage } from '../uploads/image.server.ts'
import { idSchema, isPlainLine, parseInput, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'
import { LEASE_MESSAGES, LEASE_TEXT_VERSION, leaseStateOf, type LeaseState } from './lease-text.ts'
import { msg } from '#catalog/i18n.ts'

type Reader = Pick<Tx, 'select'>

/** A signature signed with the typed full name (no drawn picture): its content is that name in UTF-8. */
export const TYPED_SIGNATURE_CONTENT_TYPE = 'text/plain; charset=utf-8'
/** The manager role that signs each side (catalog/roles.ts). */
export const LEASE_SIGNER_ROLE = { Owner: 'Owner', Operator: 'Operator' } as const satisfies Record<LeaseSide, 'Owner' | 'Operator'>

const notFound = () => new AppError('NOT_FOUND', LEASE_MESSAGES.notFound)
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

// ---------------------------------------------------------------------------------------
// Drafting (inside the approval's transaction)
// ---------------------------------------------------------------------------------------

/**
 * Drafts the lease of a new assignment inside the caller's transaction: the parties' names and
 * addresses, the vehicle's identifier, VIN and plate and the term are copied now, so the text
 * that is signed never changes afterwards. No lease when the owner operates its own bus (the
 * same company on both sides leases nothing). The assignment id is unique: one lease each.
 * Returns the lease's id, or null.
 */
export async function draftLeaseAgreement(
  tx: Tx,
  a: { assignmentId: number; requestId: number | null; vehicleId: number; operatorCompanyId: number; startDate: string; endDate: string | null; now: Date },
): Promise<number | null> {
  const [vehicle] = await tx
    .select({ ownerCompanyId: vehicles.ownerCompanyId, vehicleIdentifier: vehicles.vehicleIdentifier, vin: vehicles.vin, licensePlate: vehicles.licensePlate })
    .from(vehicles)
    .where(eq(vehicles.id, a.vehicleId))
  if (!vehicle || vehicle.ownerCompanyId === a.operatorCompanyId) return null
  const parties = await tx
    .select({ id: companies.id, name: companies.name, address: companies.address })
    .from(companies)
    .where(inArray(companies.id, [vehicle.ownerCompanyId, a.operatorCompanyId]))
  const owner = parties.find((p) => p.id === vehicle.ownerCompanyId)!
  const operator = parties.find((p) => p.id === a.operatorCompanyId)!
  const [row] = await tx
    .insert(leaseAgreements)
    .values({
      assignmentId: a.assignmentId,
      requestId: a.requestId,
      vehicleId: a.vehicleId,
      ownerCompanyId: vehicle.ownerCompanyId,
      operatorCompanyId: a.operatorCompanyId,
      textVersion: LEASE_TEXT_VERSION,
      ownerName: owner.name,
      ownerAddress: owner.address ?? null,
      operatorName: operator.name,
      operatorAddress: operator.address ?? null,
      vehicleIdentifier: vehicle.vehicleIdentifier,
      vin: vehicle.vin,
      licensePlate: vehicle.licensePlate ?? '',
      startDate: a.startDate,
      endDate: a.endDate,
      createdAt: a.now,
    })
    .returning({ id: leaseAgreements.id })
  return row!.id
}

// ---------------------------------------------------------------------------------------
// Who may read and sign
// ---------------------------------------------------------------------------------------

interface LeaseHead {
  lease: LeaseAgreement
  assignmentEndedAt: Date | null
  /** The sides whose company the caller manages (actively). */
  mySides: LeaseSide[]
}

async function leaseRow(db: Reader, leaseId: number) {
  const [row] = await db
    .select({ lease: leaseAgreements, endedAt: operatorAssignments.endedAt })
    .from(leaseAgreements)
    .innerJoin(operatorAssignments, eq(operatorAssignments.id, leaseAgreements.assignmentId))
    .where(eq(leaseAgreements.id, leaseId))
  return row ?? null
}

/** A Driver of the operator company reads the lease while its assignment is active (the copy on the bus). */
async function driverMayRead(db: Reader, me: UserActor, lease: LeaseAgreement, now: Date): Promise<boolean> {
  if (!hasRole(me, lease.operatorCompanyId, ['Driver'])) return false
  const [c] = await db.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, lease.operatorCompanyId))
  const [active] = await db
    .select({ id: operatorAssignments.id })
    .from(operatorAssignments)
    .where(and(eq(operatorAssignments.id, lease.assignmentId), activeOn(todayIn(c?.tz, now))))
  return !!active
}

const sidesOf = (me: UserActor, lease: Pick<LeaseAgreement, 'ownerCompanyId' | 'operatorCompanyId'>): LeaseSide[] =>
  LEASE_SIDES.filter((side) => hasRole(me, side === 'Owner' ? lease.ownerCompanyId : lease.operatorCompanyId, [LEASE_SIGNER_ROLE[side]]))

/** The lease if the caller may read it (a manager of either company, or a driver of the operator now); else 404. */
async function readableLease(ctx: UseCaseContext, leaseId: number): Promise<LeaseHead> {
  const me = requireUser(ctx.actor)
  const row = await leaseRow(ctx.db.read, leaseId)
  if (!row) throw notFound()
  const mySides = sidesOf(me, row.lease)
  if (mySides.length === 0 && !(await driverMayRead(ctx.db.read, me, row.lease, ctx.now ?? new Date()))) throw notFound()
  return { lease: row.lease, assignmentEndedAt: row.endedAt, mySides }
}

// ---------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------

export interface LeaseSignatureView {
  side: LeaseSide
  signerName: string
  /** ISO 8601 UTC. */
  signedAt: string
  /** The drawn signature as plain base64 PNG; null when signed with the typed full name. */
  signature: string | null
  /** Signed with the typed full name (a page without JavaScript). */
  typed: boolean
}

export interface LeaseParty {
  companyId: number
  name: string
  address: string | null
  /** The company's time zone: its side's signing time is shown in it. */
  timeZone: string
}

export interface LeaseAgreementView {
  id: number
  assignmentId: number
  requestId: number | null
  vehicleId: number
  textVersion: string
  owner: LeaseParty
  operator: LeaseParty
  vehicle: { vehicleIdentifier: string; vin: string; licensePlate: string }
  /** YYYY-MM-DD */
  startDate: string
  endDate: string | null
  /** ISO 8601 UTC: when the owner ended the assignment early; null otherwise. */
  assignmentEndedAt: string | null
  createdAt: string
  state: LeaseState
  signatures: LeaseSignatureView[]
  /** The sides the caller signs for (an active manager of that side's company). */
  mySides: LeaseSide[]
  /** Decision 032's fingerprint over the lease and its signatures, as printed on the PDF. */
  fingerprint: string
}

/** Each side once, owner first, with its content (read chunk by chunk, decision 070). */
async function signaturesOf(db: Reader, leaseId: number) {
  const rows = await db
    .select({ side: leaseSignatures.side, signerName: leaseSignatures.signerName, signedAt: leaseSignatures.signedAt, blobId: leaseSignatures.blobId, contentType: leaseSignatures.contentType })
    .from(leaseSignatures)
    .where(eq(leaseSignatures.leaseId, leaseId))
  const ordered = LEASE_SIDES.flatMap((side) => rows.filter((r) => r.side === side))
  const signatures = []
  for (const { blobId, ...r } of ordered) signatures.push({ ...r, content: await readBlob(db, blobId) })
  return signatures
}

/**
 * The canonical record a lease's fingerprint hashes (decision 032's rule): its kind, the drafted
 * snapshot and text version, the early end if any, and each signature with the SHA-256 of its
 * content. A copy printed before a signature or an early end has another fingerprint.
 */
export function canonicalLease(lease: LeaseAgreement, assignmentEndedAt: Date | null, signatures: Awaited<ReturnType<typeof signaturesOf>>): string {
  return canonical({
    kind: 'lease',
    record: {
      id: lease.id,
      textVersion: lease.textVersion,
      ownerName: lease.ownerName,
      ownerAddress: lease.ownerAddress,
      operatorName: lease.operatorName,
      operatorAddress: lease.operatorAddress,
      vehicleIdentifier: lease.vehicleIdentifier,
      vin: lease.vin,
      licensePlate: lease.licensePlate,
      startDate: lease.startDate,
      endDate: lease.endDate,
      createdAt: lease.createdAt.toISOString(),
      assignmentEndedAt: assignmentEndedAt?.toISOString() ?? null,
    },
    signatures: signatures.map((s) => ({ side: s.side, signerName: s.signerName, signedAt: s.signedAt.toISOString(), contentType: s.contentType, sha256: sha256(s.content) })),
  })
}

async function leaseView(db: Reader, head: LeaseHead): Promise<LeaseAgreementView> {
  const { lease } = head
  const signatures = await signaturesOf(db, lease.id)
  const zones = await db
    .select({ id: companies.id, tz: companies.timeZone })
    .from(companies)
    .where(inArray(companies.id, [lease.ownerCompanyId, lease.operatorCompanyId]))
  const tz = (id: number) => zones.find((z) => z.id === id)?.tz || 'UTC'
  return {
    id: lease.id,
    assignmentId: lease.assignmentId,
    requestId: lease.requestId,
    vehicleId: lease.vehicleId,
    textVersion: lease.textVersion,
    owner: { companyId: lease.ownerCompanyId, name: lease.ownerName, address: lease.ownerAddress, timeZone: tz(lease.ownerCompanyId) },
    operator: { companyId: lease.operatorCompanyId, name: lease.operatorName, address: lease.operatorAddress, timeZone: tz(lease.operatorCompanyId) },
    vehicle: { vehicleIdentifier: lease.vehicleIdentifier, vin: lease.vin, licensePlate: lease.licensePlate },
    startDate: lease.startDate,
    endDate: lease.endDate,
    assignmentEndedAt: head.assignmentEndedAt?.toISOString() ?? null,
    createdAt: lease.createdAt.toISOString(),
    state: leaseStateOf(signatures.map((s) => s.side)),
    signatures: signatures.map((s) => {
      const typed = !s.contentType.startsWith('image/')
      return { side: s.side, signerName: s.signerName, signedAt: s.signedAt.toISOString(), signature: typed ? null : Buffer.from(s.content).toString('base64'), typed }
    }),
    mySides: head.mySides,
    fingerprint: sha256(canonicalLease(lease, head.assignmentEndedAt, signatures)).slice(0, 12),
  }
}

export const leaseIdInput = z.object({ leaseId: idSchema })

/**
 * GET /api/Lease/GetLease/{id}, tRPC `leases.get`, the lease page, its print page and PDF: the
 * lease with its fixed text's version, parties, vehicle, term and signatures. The managers of
 * both companies, and the operator's drivers while the assignment is active; anyone else 404.
 */
export async function getLeaseAgreement(ctx: UseCaseContext, leaseId: number): Promise<LeaseAgreementView> {
  const head = await readableLease(ctx, parseInput(leaseIdInput, { leaseId }).leaseId)
  return leaseView(ctx.db.read, head)
}

export interface LeaseListRow {
  id: number
  assignmentId: number
  ownerName: string
  operatorName: string
  operatorCompanyId: number
  startDate: string
  endDate: string | null
  state: LeaseState
  ownerSignedAt: string | null
  operatorSignedAt: string | null
  createdAt: string
}

/** The leases of some assignments, each with its signing state (no pictures). */
async function leaseRows(db: Reader, where: ReturnType<typeof and>): Promise<LeaseListRow[]> {
  const leases = await db
    .select({
      id: leaseAgreements.id,
      assignmentId: leaseAgreements.assignmentId,
      ownerName: leaseAgreements.ownerName,
      operatorName: leaseAgreements.operatorName,
      operatorCompanyId: leaseAgreements.operatorCompanyId,
      startDate: leaseAgreements.startDate,
      endDate: leaseAgreements.endDate,
      createdAt: leaseAgreements.createdAt,
    })
    .from(leaseAgreements)
    .where(where)
    .orderBy(desc(leaseAgreements.startDate), desc(leaseAgreements.id))
    .limit(500)
  if (leases.length === 0) return []
  const signed = await db
    .select({ leaseId: leaseSignatures.leaseId, side: leaseSignatures.side, signedAt: leaseSignatures.signedAt })
    .from(leaseSignatures)
    .where(inArray(leaseSignatures.leaseId, leases.map((l) => l.id)))
    .orderBy(asc(leaseSignatures.leaseId))
  return leases.map((l) => {
    const mine = signed.filter((s) => s.leaseId === l.id)
    const at = (side: LeaseSide) => mine.find((s) => s.side === side)?.signedAt.toISOString() ?? null
    return { ...l, createdAt: l.createdAt.toISOString(), state: leaseStateOf(mine.map((s) => s.side)), ownerSignedAt: at('Owner'), operatorSignedAt: at('Operator') }
  })
}

/**
 * GET /api/Lease/GetLeasesByVehicle/{vehicleId}, tRPC `leases.byVehicle` and the Operator history
 * tab: the owner company's managers see every lease of the bus; an operator's managers see their
 * own company's. Anyone else (or a vehicle that does not exist): 404.
 */
export async function listLeasesByVehicle(ctx: UseCaseContext, vehicleId: number): Promise<LeaseListRow[]> {
  const me = requireUser(ctx.actor)
  const id = parseInput(z.object({ vehicleId: idSchema }), { vehicleId }).vehicleId
  const [v] = await ctx.db.read.select({ ownerCompanyId: vehicles.ownerCompanyId }).from(vehicles).where(eq(vehicles.id, id))
  if (!v) throw new AppError('NOT_FOUND', msg('Vehicle not found'))
  if (hasRole(me, v.ownerCompanyId, ['Owner'])) return leaseRows(ctx.db.read, and(eq(leaseAgreements.vehicleId, id)))
  const operatorOf = companiesWithRole(me, ['Operator'])
  const rows = operatorOf.length ? await leaseRows(ctx.db.read, and(eq(leaseAgreements.vehicleId, id), inArray(leaseAgreements.operatorCompanyId, operatorOf))) : []
  if (rows.length === 0) throw new AppError('NOT_FOUND', msg('Vehicle not found'))
  return rows
}

/**
 * The leases of an operator company's vehicle requests (its request page links each approved
 * request to its lease): request id → lease id and state. The operator's managers only.
 */
export async function leasesOfRequests(ctx: UseCaseContext, operatorCompanyId: number, requestIds: number[]): Promise<Map<number, { id: number; state: LeaseState }>> {
  const me = requireUser(ctx.actor)
  const out = new Map<number, { id: number; state: LeaseState }>()
  if (!hasRole(me, operatorCompanyId, ['Operator']) || requestIds.length === 0) return out
  const leases = await ctx.db.read
    .select({ id: leaseAgreements.id, requestId: leaseAgreements.requestId })
    .from(leaseAgreements)
    .where(and(eq(leaseAgreements.operatorCompanyId, operatorCompanyId), inArray(leaseAgreements.requestId, requestIds.slice(0, 500))))
  const rows = leases.length ? await leaseRows(ctx.db.read, and(inArray(leaseAgreements.id, leases.map((l) => l.id)))) : []
  for (const l of leases) {
    const row = rows.find((r) => r.id === l.id)
    if (row && l.requestId !== null) out.set(l.requestId, { id: l.id, state: row.state })
  }
  return out
}

/**
 * The pre-trip form's notice (decision 064): the lease of the operator company's assignment of
 * the bus active today, if there is one. Read inside getPreTripContext, whose rules already
 * decided the caller may file for this bus.
 */
export async function activeLeaseOf(db: Reader, vehicleId: number, operatorCompanyId: number, today: string): Promise<{ id: number; state: LeaseState } | null> {
  const [row] = await db
    .select({ id: leaseAgreements.id })
    .from(leaseAgreements)
    .innerJoin(operatorAssignments, eq(operatorAssignments.id, leaseAgreements.assignmentId))
    .where(and(eq(leaseAgreements.vehicleId, vehicleId), eq(leaseAgreements.operatorCompanyId, operatorCompanyId), activeOn(today)))
    .orderBy(desc(leaseAgreements.startDate))
    .limit(1)
  if (!row) return null
  const sides = await db.select({ side: leaseSignatures.side }).from(leaseSignatures).where(eq(leaseSignatures.leaseId, row.id))
  return { id: row.id, state: leaseStateOf(sides.map((s) => s.side)) }
}

// ---------------------------------------------------------------------------------------
// Signing
// ---------------------------------------------------------------------------------------

/** A drawn signature: a PNG as a `data:image/png;base64,` URL or plain base64 (JSON), or its bytes. */
const signatureValue = z.preprocess(
  (v) => (v === '' ? null : v),
  z.union([z.string({ message: msg('Send the signature as a PNG (base64 or a data: URL)') }).max(4_000_000, msg('The signature is too large')), z.instanceof(Uint8Array)]).nullish(),
)

export const signLeaseInput = z.object({
  leaseId: idSchema,
  /** Owner or Operator; may be left out when the caller manages only one side. */
  side: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LEASE_SIDES, { message: msg('The side is Owner or Operator') }).optional()),
  /** The signer's full name as signed (the typed signature when no picture is drawn). */
  signerName: z
    .string({ message: LEASE_MESSAGES.nameRequired })
    .trim()
    .min(1, LEASE_MESSAGES.nameRequired)
    .max(100, msg('At most 100 characters'))
    .refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE),
  /** The drawn signature; absent = signed with the typed full name (a page without JavaScript). */
  signature: signatureValue,
})
export type SignLeaseInput = z.input<typeof signLeaseInput>

/**
 * PUT /api/Lease/SignLease, tRPC `leases.sign` and the lease page's form: an active manager of
 * the owner company signs the Owner side, one of the operator company the Operator side. A
 * drawn signature must be a PNG (checked by content and re-encoded); without one the typed full
 * name signs, as on the pre-trip filed without JavaScript. Each side is signed once: the
 * signature row's key is (lease, side) and the insert is conditional, so a double click or two
 * managers at once give one signature and one 409 "already signed". A lease whose assignment was
 * ended early can no longer be signed (409). A driver of the operator may read but not sign
 * (403); anyone else gets 404. Answers the lease as `getLeaseAgreement` does.
 */
export async function signLeaseAgreement(ctx: UseCaseContext, input: unknown): Promise<LeaseAgreementView> {
  const v = parseInput(signLeaseInput, input)
  const me = requireUser(ctx.actor)
  const head = await readableLease(ctx, v.leaseId)
  if (head.mySides.length === 0) throw new AppError('FORBIDDEN', LEASE_MESSAGES.managersOnly)
  const { lease } = head
  if (v.side && !head.mySides.includes(v.side)) {
    throw new AppError('FORBIDDEN', v.side === 'Owner' ? LEASE_MESSAGES.ownerSideOnly : LEASE_MESSAGES.operatorSideOnly, { fieldErrors: { side: LEASE_MESSAGES.notYourSide } })
  }
  let side = v.side
  if (!side) {
    const done = (await ctx.db.read.select({ side: leaseSignatures.side }).from(leaseSignatures).where(eq(leaseSignatures.leaseId, lease.id))).map((s) => s.side)
    side = head.mySides.find((s) => !done.includes(s)) ?? head.mySides[0]!
  }
  let content: Buffer
  let contentType: string
  if (v.signature) {
    const base64 = typeof v.signature === 'string' ? v.signature : Buffer.from(v.signature).toString('base64')
    const image = await decodeImage(base64, { field: 'signature' })
    if (image.contentType !== 'image/png') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', LEASE_MESSAGES.pngOnly, { fieldErrors: { signature: LEASE_MESSAGES.pngOnly } })
    }
    content = image.bytes
    contentType = image.contentType
  } else {
    content = Buffer.from(v.signerName, 'utf8')
    contentType = TYPED_SIGNATURE_CONTENT_TYPE
  }
  const now = ctx.now ?? new Date()
  const signingSide = side
  await ctx.db.transaction(async (tx) => {
    const [assignment] = await tx.select({ endedAt: operatorAssignments.endedAt }).from(operatorAssignments).where(eq(operatorAssignments.id, lease.assignmentId))
    if (assignment?.endedAt) throw new AppError('CONFLICT', LEASE_MESSAGES.ended)
    const inserted = await tx
      .insert(leaseSignatures)
      .values({ leaseId: lease.id, side: signingSide, signerUserId: me.userId, signerName: v.signerName, signedAt: now, blobId: (await writeBlob(tx, content)).blobId, contentType })
      .onConflictDoNothing()
    if (rowsAffected(inserted) !== 1) throw new AppError('CONFLICT', LEASE_MESSAGES.alreadySigned(signingSide))
    await audit(tx, me, {
      action: 'lease.sign',
      companyId: signingSide === 'Owner' ? lease.ownerCompanyId : lease.operatorCompanyId,
      entityType: 'leaseAgreement',
      entityId: lease.id,
      details: { side: signingSide, typed: !v.signature },
    })
  })
  return leaseView(ctx.db.read, head)
}

/** Tests and tools: a lease's id by its assignment. */
export async function leaseIdOfAssignment(db: Reader, assignmentId: number): Promise<number | null> {
  const [row] = await db.select({ id: leaseAgreements.id }).from(leaseAgreements).where(eq(leaseAgreements.assignmentId, assignmentId))
  return row?.id ?? null
}
