import { randomUUID } from 'node:crypto'
import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { odometerReadings, operatorAssignments, repairActions, vehicleImages, vehicles, type Vehicle } from '#db/schema/index.ts'
import { VEHICLE_IMAGE } from '#catalog/fleet.ts'
import { HARDENING_TEXT } from '#catalog/texts.ts'
import { audit } from '../activity/audit.server.ts'
import { blobStream, readBlob, readBlobs, writeBlob } from '../blobs/blob-store.server.ts'
import { randomCode, uniqueCode } from '../codes.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError } from '../errors.ts'
import { requireRole, requireUser } from '../access/policy.ts'
import { decodeImage } from '../uploads/image.server.ts'
import { parseInput } from '../validation.ts'
import { activeOn, companyToday, vehicleAccess } from '../access/vehicle-access.server.ts'
import { env } from '../env.server.ts'
import { odometerBelowLatestMessage } from './odometer.server.ts'
import { refreshMeterRate } from './meter-rate.server.ts'
import { addVehicleInput, updateVehicleInput, type VehicleFields } from './vehicle-schema.ts'
import { syncRuleMemberships } from './program-membership.server.ts'
import { msg } from '#catalog/i18n.ts'
import { milliToDecimal } from '#catalog/money.ts'
import { addReadingMiles } from '../rollups/month-rollups.server.ts'

/** Spec section 5 / 9: the client crops to 800×600; the server refuses larger pictures. */

/** The spec's Vehicle entity as REST returns it (`ownerId` = owner company id). */
export function vehicleJson(v: Vehicle, imageData: string | null) {
  // The meters of decision 084 stay out of the legacy shape (API.md): engine hours have their own paths.
  // The fuel settings of decision 085 too: the tank, battery and fuel card are read apart (getVehicleFuelSettings).
  const {
    ownerCompanyId,
    createdAt: _c,
    updatedAt: _u,
    archivedAt: _a,
    qrToken: _q,
    odometerOffset: _oo,
    engineHours: _eh,
    engineHoursOffset: _eo,
    milesPerDay: _md,
    hoursPerDay: _hd,
    fuelUnit: _fu,
    fuelCapacityMilli: _fc,
    fuelCard: _fcard,
    ...rest
  } = v
  return { ...rest, ownerId: ownerCompanyId, imageData }
}
export type VehicleJson = ReturnType<typeof vehicleJson>

/** The picture as stored: checked, then re-encoded without its metadata (decision 022). */
async function prepareImage(imageData: string | null | undefined) {
  if (typeof imageData !== 'string' || imageData === '') return null
  return decodeImage(imageData, { field: 'imageData', maxWidth: VEHICLE_IMAGE.width, maxHeight: VEHICLE_IMAGE.height })
}

/** 409 for a VIN, identifier or key another (not archived, for the VIN) vehicle already has. */
async function assertUnique(tx: Tx, fields: { vin: string; vehicleIdentifier: string; key?: string | null }, exceptId?: number) {
  const others = exceptId ? ne(vehicles.id, exceptId) : undefined
  if (fields.key) {
    const [key] = await tx.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.key, fields.key), others)).limit(1)
    if (key) throw new AppError('CONFLICT', msg('A vehicle with this key already exists'), { fieldErrors: { key: msg('A vehicle with this key already exists') } })
  }
  const [vin] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.vin, fields.vin), isNull(vehicles.archivedAt), others))
    .limit(1)
  if (vin) throw new AppError('CONFLICT', msg('A vehicle with this VIN is already registered'), { fieldErrors: { vin: msg('A vehicle with this VIN is already registered') } })
  const [ident] = await tx
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.vehicleIdentifier, fields.vehicleIdentifier), others))
    .limit(1)
  if (ident) {
    throw new AppError('CONFLICT', msg('This vehicle identifier is already in use'), {
      fieldErrors: { vehicleIdentifier: msg('This vehicle identifier is already in use') },
    })
  }
}

function newIdentifier(tx: Tx): Promise<string> {
  return uniqueCode(
    () => randomCode('BUS'),
    async (code) => (await tx.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.vehicleIdentifier, code))).length > 0,
  )
}

async function saveImage(tx: Tx, vehicleId: number, image: Awaited<ReturnType<typeof prepareImage>>, imageData: string | null | undefined, now: Date) {
  if (image) {
    // A replaced picture's chunks go with its old blob_id (trigger, decision 070).
    const { blobId, sizeBytes } = await writeBlob(tx, image.bytes)
    const row = { blobId, sizeBytes, contentType: image.contentType, width: image.width, height: image.height, updatedAt: now }
    await tx.insert(vehicleImages).values({ vehicleId, ...row }).onConflictDoUpdate({ target: vehicleImages.vehicleId, set: row })
  } else if (imageData === null || imageData === '') {
    await tx.delete(vehicleImages).where(eq(vehicleImages.vehicleId, vehicleId))
  }
}

function columnsOf(f: VehicleFields & { version?: number | null }) {
  const { imageData: _i, vehicleIdentifier: _v, key: _k, version: _ver, fuelCapacity, ...rest } = f
  // Fuel settings left out of a body stay as stored (undefined is not written).
  return { ...rest, fuelCapacityMilli: fuelCapacity }
}

/** The bus's fuel settings (decision 085), apart from the legacy JSON: the edit form's values. */
export async function getVehicleFuelSettings(ctx: UseCaseContext, vehicleId: number): Promise<{ fuelUnit: string | null; fuelCapacity: string | null; fuelCard: string | null }> {
  await vehicleAccess(ctx, vehicleId, { operatorRoles: ['Operator'] })
  const [v] = await ctx.db.read
    .select({ fuelUnit: vehicles.fuelUnit, fuelCapacityMilli: vehicles.fuelCapacityMilli, fuelCard: vehicles.fuelCard })
    .from(vehicles)
    .where(eq(vehicles.id, vehicleId))
  return { fuelUnit: v?.fuelUnit ?? null, fuelCapacity: v?.fuelCapacityMilli == null ? null : milliToDecimal(v.fuelCapacityMilli), fuelCard: v?.fuelCard ?? null }
}

function odometerBelowLatest(latest: number) {
  const message = odometerBelowLatestMessage(latest)
  return new AppError('BAD_REQUEST', message, { fieldErrors: { odometer: message } })
}

/** The owner's odometer value, kept in the history (source `owner`). */
async function recordOwnerReading(tx: Tx, vehicleId: number, reading: number, actor: UseCaseContext['actor'], at: Date) {
  const user = actor.kind === 'user' ? actor : null
  await tx.insert(odometerReadings).values({
    vehicleId,
    reading,
    source: 'owner',
    recordedAt: at,
    recordedByUserId: user?.userId ?? null,
    recordedByName: user ? `${user.firstName} ${user.lastName}`.trim() || null : null,
  })
  // Miles a day from the bus's recent readings (decision 084), as every reading write does.
  await refreshMeterRate(tx, 'odometer', vehicleId, at)
}

/** POST /api/Fleet/addVehicle and the Add dialog (Owner managers of `ownerId`). */
export async function addVehicle(ctx: UseCaseContext, input: unknown): Promise<VehicleJson> {
  const v = parseInput(addVehicleInput, input)
  const me = requireRole(ctx.actor, v.ownerId, ['Owner'])
  const image = await prepareImage(v.imageData)
  const now = ctx.now ?? new Date()
  const row = await ctx.db.transaction(async (tx) => {
    const vehicleIdentifier = v.vehicleIdentifier ?? (await newIdentifier(tx))
    await assertUnique(tx, { vin: v.vin, vehicleIdentifier, key: v.key })
    const [created] = await tx
      .insert(vehicles)
      .values({ ...columnsOf(v), key: v.key ?? randomUUID(), vehicleIdentifier, ownerCompanyId: v.ownerId, createdAt: now, updatedAt: now })
      .returning()
    await saveImage(tx, created!.id, image, v.imageData, now)
    if (v.odometer !== null) await recordOwnerReading(tx, created!.id, v.odometer, me, now)
    await audit(tx, me, { action: 'vehicle.create', companyId: v.ownerId, entityType: 'vehicle', entityId: created!.id })
    // The service programs whose rule matches it take it in (decision 084).
    await syncRuleMemberships(tx, v.ownerId, [created!.id], now)
    return created!
  })
  return vehicleJson(row, image ? image.bytes.toString('base64') : null)
}

/** PUT /api/Fleet/updateVehicle and the Edit dialog: every field replaced; the image kept unless sent. */
export async function updateVehicle(ctx: UseCaseContext, input: unknown): Promise<VehicleJson> {
  const v = parseInput(updateVehicleInput, input)
  const access = await vehicleAccess(ctx, v.id, { write: true })
  const image = await prepareImage(v.imageData)
  const now = ctx.now ?? new Date()
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(vehicles).where(eq(vehicles.id, v.id))
    const stale = () => new AppError('CONFLICT', HARDENING_TEXT.staleVehicle, { fieldErrors: { version: HARDENING_TEXT.staleVehicle } })
    if (v.version !== null && current!.version !== v.version) throw stale()
    const vehicleIdentifier = v.vehicleIdentifier ?? current!.vehicleIdentifier
    await assertUnique(tx, { vin: v.vin, vehicleIdentifier }, v.id)
    // The odometer never rolls back (decision 029): an empty value keeps the latest reading, a
    // lower one is refused (the owner records a correction instead), a higher one is kept as a reading.
    const odometer = v.odometer ?? current!.odometer
    const odometerMoved = odometer !== null && odometer !== current!.odometer
    if (odometerMoved && current!.odometer !== null && odometer < current!.odometer) throw odometerBelowLatest(current!.odometer)
    // Conditional on the version the edit started from (of two editors, the later one loses) and
    // on the odometer not having passed the new value meanwhile.
    const [updated] = await tx
      .update(vehicles)
      .set({ ...columnsOf(v), odometer, vehicleIdentifier, updatedAt: now, version: sql`${vehicles.version} + 1` })
      .where(
        and(
          eq(vehicles.id, v.id),
          v.version !== null ? eq(vehicles.version, v.version) : undefined,
          odometerMoved ? or(isNull(vehicles.odometer), lte(vehicles.odometer, odometer)) : undefined,
        ),
      )
      .returning()
    if (!updated) {
      const [latest] = await tx.select({ odometer: vehicles.odometer, version: vehicles.version }).from(vehicles).where(eq(vehicles.id, v.id))
      if (odometerMoved && latest && (v.version === null || v.version === latest.version) && latest.odometer !== null) throw odometerBelowLatest(latest.odometer)
      throw stale()
    }
    if (odometerMoved) {
      await recordOwnerReading(tx, v.id, odometer, ctx.actor, now)
      await addReadingMiles(tx, { vehicleId: v.id, previous: current!.odometer, reading: odometer, at: now })
    }
    await saveImage(tx, v.id, image, v.imageData, now)
    await audit(tx, ctx.actor, { action: 'vehicle.update', companyId: access.ownerCompanyId, entityType: 'vehicle', entityId: v.id })
    // A changed make, model, year, fuel or tag field may move it into or out of a program's rule (decision 084).
    await syncRuleMemberships(tx, access.ownerCompanyId, [v.id], now)
    return updated!
  })
  return vehicleJson(row, await imageBase64(ctx, row.id))
}

/**
 * DELETE /api/Fleet/deleteVehicle: archived, never erased (its inspections and
 * repairs are records); refused while an operator's assignment is active.
 */
export async function archiveVehicle(ctx: UseCaseContext, vehicleId: number): Promise<{ message: string }> {
  const access = await vehicleAccess(ctx, vehicleId, { write: true })
  const now = ctx.now ?? new Date()
  const today = await companyToday(ctx, access.ownerCompanyId)
  await ctx.db.transaction(async (tx) => {
    const [active] = await tx
      .select({ id: operatorAssignments.id })
      .from(operatorAssignments)
      .where(and(eq(operatorAssignments.vehicleId, vehicleId), activeOn(today)))
      .limit(1)
    if (active) throw new AppError('CONFLICT', msg('This vehicle is assigned to an operator; end the assignment before deleting it'))
    await tx.update(vehicles).set({ archivedAt: now, version: sql`${vehicles.version} + 1` }).where(and(eq(vehicles.id, vehicleId), isNull(vehicles.archivedAt)))
    await audit(tx, ctx.actor, { action: 'vehicle.archive', companyId: access.ownerCompanyId, entityType: 'vehicle', entityId: vehicleId })
    // An archived bus leaves the programs it was in by a rule (decision 084).
    await syncRuleMemberships(tx, access.ownerCompanyId, [vehicleId], now)
  })
  return { message: msg('Vehicle deleted successfully') }
}

async function imageBase64(ctx: UseCaseContext, vehicleId: number): Promise<string | null> {
  const [img] = await ctx.db.read.select({ blobId: vehicleImages.blobId }).from(vehicleImages).where(eq(vehicleImages.vehicleId, vehicleId))
  return img ? (await readBlob(ctx.db.read, img.blobId)).toString('base64') : null
}

/** One vehicle with every field (owner, or operator with an active assignment). */
export async function getVehicle(ctx: UseCaseContext, vehicleId: number): Promise<VehicleJson> {
  await vehicleAccess(ctx, vehicleId, { operatorRoles: ['Operator', 'Driver', 'Mechanic'] })
  const [row] = await ctx.db.read.select().from(vehicles).where(eq(vehicles.id, vehicleId))
  return vehicleJson(row!, await imageBase64(ctx, vehicleId))
}

/**
 * The link a vehicle's QR encodes (decision 062): `/vehicles/{qrToken}`, a random token that
 * cannot be counted, for whoever may see the vehicle. Opens it (routes/_app+/vehicles.$vehicleId.tsx).
 */
export async function getVehicleQrLink(ctx: UseCaseContext, vehicleId: number): Promise<string> {
  await vehicleAccess(ctx, vehicleId, { operatorRoles: ['Operator', 'Driver', 'Mechanic'] })
  const [row] = await ctx.db.read.select({ qrToken: vehicles.qrToken }).from(vehicles).where(eq(vehicles.id, vehicleId))
  return `${env().APP_URL}/vehicles/${row?.qrToken ?? vehicleId}`
}

/** The vehicle a QR token names (not archived), for the QR link's redirect; what the caller may do with it is decided there. */
export async function vehicleIdOfQrToken(ctx: UseCaseContext, token: string): Promise<number | null> {
  requireUser(ctx.actor)
  const [row] = await ctx.db.read.select({ id: vehicles.id }).from(vehicles).where(and(eq(vehicles.qrToken, token), isNull(vehicles.archivedAt)))
  return row?.id ?? null
}

/** The picture for <img> (thumbnails on the fleet page): its bytes as a stream read chunk by chunk, with its stored length. */
export async function getVehicleImage(
  ctx: UseCaseContext,
  vehicleId: number,
): Promise<{ contentType: string; updatedAt: Date; sizeBytes: number; body: ReadableStream<Uint8Array> }> {
  await vehicleAccess(ctx, vehicleId, { operatorRoles: ['Operator', 'Driver', 'Mechanic'] })
  const [img] = await ctx.db.read
    .select({ blobId: vehicleImages.blobId, sizeBytes: vehicleImages.sizeBytes, contentType: vehicleImages.contentType, updatedAt: vehicleImages.updatedAt })
    .from(vehicleImages)
    .where(eq(vehicleImages.vehicleId, vehicleId))
  if (!img) throw new AppError('NOT_FOUND', msg('No picture for this vehicle'))
  return { contentType: img.contentType, updatedAt: img.updatedAt, sizeBytes: img.sizeBytes, body: blobStream(ctx.db, img.blobId, img.sizeBytes) }
}

/** Rows per page of the legacy lists: ≈ 25 pictures of 60 KB at most in memory per request. */
export const VEHICLE_LIST_PAGE = 100

/**
 * The legacy lists (GET /api/Fleet/getAllVehicles, getVehiclesAssignedToOperator):
 * every field, pictures included because the contract's entity carries
 * `imageData`. The vehicles come in pages by keyset on their (unique) identifier, each page's
 * pictures and open repairs in one batched query, so that only one page is ever in memory: the
 * REST door writes each vehicle as it comes (decision 050), 2,000 vehicles with pictures are
 * ≈ 40 MB of JSON.
 */
export async function* iterateVehiclesWithImages(ctx: UseCaseContext, where: SQL): AsyncGenerator<VehicleJson & { outOfService: boolean }> {
  let after: string | null = null
  for (;;) {
    const rows: Vehicle[] = await ctx.db.read
      .select()
      .from(vehicles)
      .where(after === null ? where : and(where, gt(vehicles.vehicleIdentifier, after)))
      .orderBy(asc(vehicles.vehicleIdentifier))
      .limit(VEHICLE_LIST_PAGE)
    if (!rows.length) return
    const ids = rows.map((r) => r.id)
    const stored = await ctx.db.read
      .select({ vehicleId: vehicleImages.vehicleId, blobId: vehicleImages.blobId, sizeBytes: vehicleImages.sizeBytes })
      .from(vehicleImages)
      .where(inArray(vehicleImages.vehicleId, ids))
    // The page's pictures in a few statements of at most ≈ 4 MiB of chunks (decision 070).
    const bytes = await readBlobs(ctx.db.read, stored)
    const images = new Map<number, Buffer>(stored.map((img) => [img.vehicleId, bytes.get(img.blobId)!]))
    // An added property (issue 10): an open repair with a safety-critical defect (decision 028).
    const open = await ctx.db.read
      .selectDistinct({ vehicleId: repairActions.vehicleId })
      .from(repairActions)
      .where(and(inArray(repairActions.vehicleId, ids), isNull(repairActions.repairedAt), eq(repairActions.outOfService, true)))
    const outOfService = new Set(open.map((o) => o.vehicleId))
    for (const r of rows) {
      const img = images.get(r.id)
      // Each picture is base64-encoded as its vehicle is written, then dropped.
      images.delete(r.id)
      yield { ...vehicleJson(r, img ? img.toString('base64') : null), outOfService: outOfService.has(r.id) }
    }
    if (rows.length < VEHICLE_LIST_PAGE) return
    after = rows[rows.length - 1]!.vehicleIdentifier
  }
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = []
  for await (const item of items) all.push(item)
  return all
}

/**
 * The owner company's vehicles, one by one (the REST door streams them). Authorization happens
 * here, before the first vehicle: a refusal is thrown by this call, not while iterating.
 */
export function streamAllOwnerVehicles(ctx: UseCaseContext, companyId: number): AsyncIterable<VehicleJson> {
  requireRole(ctx.actor, companyId, ['Owner'])
  return iterateVehiclesWithImages(ctx, and(eq(vehicles.ownerCompanyId, companyId), isNull(vehicles.archivedAt))!)
}

export async function getAllOwnerVehicles(ctx: UseCaseContext, companyId: number): Promise<VehicleJson[]> {
  return collect(streamAllOwnerVehicles(ctx, companyId))
}

/** Vehicles of the operator company's active assignments, one by one (authorization first). */
export async function streamVehiclesAssignedToOperator(ctx: UseCaseContext, companyId: number): Promise<AsyncIterable<VehicleJson>> {
  requireRole(ctx.actor, companyId, ['Operator'])
  const today = await companyToday(ctx, companyId)
  const assigned = ctx.db.read
    .select({ id: operatorAssignments.vehicleId })
    .from(operatorAssignments)
    .where(and(eq(operatorAssignments.operatorCompanyId, companyId), activeOn(today)))
  return iterateVehiclesWithImages(ctx, and(inArray(vehicles.id, assigned), isNull(vehicles.archivedAt))!)
}

/** Vehicles of the operator company's active assignments. */
export async function getVehiclesAssignedToOperator(ctx: UseCaseContext, companyId: number): Promise<VehicleJson[]> {
  return collect(await streamVehiclesAssignedToOperator(ctx, companyId))
}
