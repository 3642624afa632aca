/**
 * Filed pre-inspections and inspections inserted directly (the filing use cases are tested on
 * their own): for the read paths, print pages, PDFs and the authorization matrix.
 */
import { randomUUID } from 'node:crypto'
import { DAMAGE_SIDES, PRE_INSPECTION_ITEMS } from '#catalog/checklists.ts'
import { INSPECTION_ITEMS } from '#catalog/inspection-checklist.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import type { Database } from '#db/client.ts'
import {
  inspectionItems,
  inspectionPhotos,
  inspections,
  inspectionSignatures,
  operatorAssignments,
  preInspectionAnswers,
  preInspectionImages,
  preInspectionPhotos,
  preInspections,
  repairActions,
} from '#db/schema/index.ts'
import { writeBlob } from '#server/blobs/blob-store.server.ts'
import { photoPng, signaturePng } from '#server/demo/assets.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { ctxFor } from './auth.ts'

let vinSeq = 0
export const nextVin = () => withVinCheckDigit(`1BAKGCPH0NF${String(200000 + (Date.now() % 100000) * 10 + vinSeq++).slice(-6)}`)

export async function newVehicle(db: Database, ownerUserId: number, ownerCompanyId: number) {
  return addVehicle(await ctxFor(db, ownerUserId), { ownerId: ownerCompanyId, make: 'Blue Bird', model: 'Vision', vin: nextVin(), licensePlate: `T-${randomUUID().slice(0, 5)}` })
}

export async function assign(db: Database, vehicleId: number, operatorCompanyId: number, opts: { startDate?: string; endDate?: string | null } = {}) {
  const today = new Date().toISOString().slice(0, 10)
  const [row] = await db.transaction((tx) =>
    tx
      .insert(operatorAssignments)
      .values({ vehicleId, operatorCompanyId, startDate: opts.startDate ?? '2020-01-01', endDate: opts.endDate === undefined ? null : opts.endDate ?? today })
      .returning({ id: operatorAssignments.id }),
  )
  return row!.id
}

/** Every text field of a pre-inspection, for tests that put the same text everywhere. */
export const PRE_INSPECTION_TEXT_FIELDS = ['driverName', 'comments', 'signatureName', 'front', 'rear', 'rightSide', 'leftSide', 'photoName'] as const

export async function insertPreInspection(
  db: Database,
  o: {
    vehicleId: number
    operatorCompanyId: number
    driverUserId?: number | null
    driverName?: string
    date?: string
    defective?: string[]
    text?: Partial<Record<(typeof PRE_INSPECTION_TEXT_FIELDS)[number], string>>
    signature?: boolean
    sideImages?: boolean
    photos?: number
    repairCompanyId?: number | null
  },
) {
  const defective = new Set(o.defective ?? [])
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(preInspections)
      .values({
        vehicleId: o.vehicleId,
        operatorCompanyId: o.operatorCompanyId,
        driverUserId: o.driverUserId ?? null,
        driverName: o.text?.driverName ?? o.driverName ?? 'Dana Driver',
        date: o.date ?? '2026-03-02',
        timeIn: new Date('2026-03-02T06:30:00.000Z'),
        timeOut: new Date('2026-03-02T15:45:00.000Z'),
        odometerStart: 120_400,
        odometerEnd: 120_655,
        comments: o.text?.comments ?? 'Left mirror loose.',
        isSatisfactory: defective.size === 0,
        defectsCorrected: false,
        defectsNeedCorrection: defective.size > 0,
        damageFront: o.text?.front ?? null,
        damageRear: o.text?.rear ?? 'Scratch on the bumper',
        damageRightSide: o.text?.rightSide ?? null,
        damageLeftSide: o.text?.leftSide ?? null,
        signatureName: o.signature === false ? (o.text?.signatureName ?? 'Dana Driver') : (o.text?.signatureName ?? null),
      })
      .returning()
    const id = row!.id
    await tx.insert(preInspectionAnswers).values(PRE_INSPECTION_ITEMS.map((i) => ({ preInspectionId: id, itemKey: i.key, defective: defective.has(i.key) })))
    const images: (typeof preInspectionImages.$inferInsert)[] = []
    if (o.signature !== false) images.push({ preInspectionId: id, kind: 'signature', blobId: (await writeBlob(tx, signaturePng(id))).blobId, contentType: 'image/png' })
    if (o.sideImages !== false) images.push({ preInspectionId: id, kind: DAMAGE_SIDES[1].imageKind, blobId: (await writeBlob(tx, photoPng(id))).blobId, contentType: 'image/png' })
    if (images.length) await tx.insert(preInspectionImages).values(images)
    const photos = o.photos ?? 1
    for (let n = 0; n < photos; n++) {
      await tx
        .insert(preInspectionPhotos)
        .values({ preInspectionId: id, name: o.text?.photoName ?? `photo-${n + 1}.png`, blobId: (await writeBlob(tx, photoPng(id * 10 + n))).blobId, contentType: 'image/png' })
    }
    if (o.repairCompanyId !== undefined) {
      await tx.insert(repairActions).values({ repairIdentifier: `RA-T-${id}-${randomUUID().slice(0, 6)}`, preInspectionId: id, vehicleId: o.vehicleId, ownerCompanyId: (await ownerOf(tx, o.vehicleId))!, repairCompanyId: o.repairCompanyId })
    }
    return row!
  })
}

async function ownerOf(tx: Parameters<Parameters<Database['transaction']>[0]>[0], vehicleId: number) {
  const { vehicles } = await import('#db/schema/index.ts')
  const { eq } = await import('drizzle-orm')
  const [v] = await tx.select({ o: vehicles.ownerCompanyId }).from(vehicles).where(eq(vehicles.id, vehicleId))
  return v?.o
}

export const INSPECTION_TEXT_FIELDS = ['inspectorName', 'signatureName', 'itemComment', 'photoName'] as const

export async function insertInspection(
  db: Database,
  o: {
    vehicleId: number
    inspectorUserId?: number | null
    inspectorName?: string
    date?: string
    unsatisfactory?: string[]
    text?: Partial<Record<(typeof INSPECTION_TEXT_FIELDS)[number], string>>
    photos?: number
    /** false: signed by typed name (no drawn signature). */
    signature?: boolean
  },
) {
  const bad = new Set(o.unsatisfactory ?? [])
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inspections)
      .values({
        vehicleId: o.vehicleId,
        inspectorUserId: o.inspectorUserId ?? null,
        inspectorName: o.text?.inspectorName ?? o.inspectorName ?? 'Max Mechanic',
        inspectionDate: o.date ?? '2026-03-01',
        isSatisfactory: bad.size === 0,
        odometer: 120_000,
        signatureName: o.text?.signatureName ?? null,
      })
      .returning()
    const id = row!.id
    await tx.insert(inspectionItems).values(
      INSPECTION_ITEMS.map((i, n) => ({
        inspectionId: id,
        itemKey: i.key,
        status: bad.has(i.key) ? 1 : n % 7 === 6 ? 2 : 0,
        comments: o.text?.itemComment ?? (bad.has(i.key) ? 'Worn, replace' : null),
      })),
    )
    if (o.signature !== false) await tx.insert(inspectionSignatures).values({ inspectionId: id, blobId: (await writeBlob(tx, signaturePng(id + 1000))).blobId, contentType: 'image/png' })
    const photos = o.photos ?? 1
    for (let n = 0; n < photos; n++) {
      await tx
        .insert(inspectionPhotos)
        .values({ inspectionId: id, name: o.text?.photoName ?? `insp-${n + 1}.png`, blobId: (await writeBlob(tx, photoPng(id * 7 + n))).blobId, contentType: 'image/png' })
    }
    return row!
  })
}
