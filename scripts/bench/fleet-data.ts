/**
 * The fleet benchmark's data set (issue 13): one owner company with `vehicles` vehicles (2,000 by
 * default), a share of them (25 %) with a 60 KB picture, and its Owner manager. Used by
 * `scripts/bench-fleet.ts` (a fresh file each run) and `npm run bench` (cached under data/bench/).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { Database } from '#db/client.ts'
import { vehicleImages, vehicles } from '#db/schema/index.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { writeBlob } from '#server/blobs/blob-store.server.ts'
import { createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'

export const FLEET_VEHICLES = 2000
export const FLEET_PICTURE_SHARE = 0.25

const makes = [
  ['Blue Bird', 'Vision'],
  ['Thomas Built', 'Saf-T-Liner C2'],
  ['IC Bus', 'CE Series'],
  ['MCI', 'J4500'],
  ['Prevost', 'H3-45'],
  ['New Flyer', 'Xcelsior XD40'],
  ['Gillig', 'Low Floor'],
  ['Van Hool', 'CX45'],
] as const

export interface FleetData {
  ownerUserId: number
  companyId: number
  vehicles: number
  pictureShare: number
  seedMs: number
}

/** Seeds the owner company, its manager and its vehicles into a migrated database. */
export async function seedFleet(db: Database, opts: { vehicles?: number; pictureShare?: number; companyName?: string } = {}): Promise<FleetData> {
  const VEHICLES = opts.vehicles ?? FLEET_VEHICLES
  const PICTURE_SHARE = opts.pictureShare ?? FLEET_PICTURE_SHARE
  const t0 = performance.now()
  const owner = await createUser(db, { firstName: 'Bench', lastName: 'Owner' })
  const company = await createCompany(db, opts.companyName ?? 'Bench Fleet Leasing', ['Owner'])
  await grantRole(db, owner.id, company.id, 'Owner')
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
  // A realistic 800×600 JPEG at quality 0.7 is 40–80 KB; the bytes' content does not matter here.
  const picture = randomBytes(60_000)
  await db.transaction(async (tx) => {
    for (let i = 0; i < VEHICLES; i += 200) {
      const rows = Array.from({ length: Math.min(200, VEHICLES - i) }, (_, j) => {
        const n = i + j
        const [make, model] = makes[n % makes.length]!
        return {
          key: randomUUID(),
          ownerCompanyId: company.id,
          make,
          model,
          vin: withVinCheckDigit(`1BAKGCPA0PF${String(100000 + n).slice(-6)}`),
          licensePlate: `BN-${n}`,
          vehicleIdentifier: `BENCH-${String(n).padStart(5, '0')}`,
          yearBuild: 2005 + (n % 20),
          fuelType: n % 6,
          transmissionType: n % 4,
          color: ['Yellow', 'White', 'Blue'][n % 3]!,
          gps: n % 2 === 0,
          licenseExpiry: day((n % 400) - 30),
          insuranceExpiry: day((n % 300) - 10),
          nextInspection: day((n % 365) - 5),
          numberOfSeats: 40 + (n % 30),
        }
      })
      const inserted = await tx.insert(vehicles).values(rows).returning({ id: vehicles.id })
      const withPicture = inserted.filter((_, j) => (i + j) % Math.round(1 / PICTURE_SHARE) === 0)
      if (withPicture.length) {
        // Each picture its own blob (decision 070): the chunks go with their vehicle's row.
        const pictures = []
        for (const r of withPicture) pictures.push({ vehicleId: r.id, ...(await writeBlob(tx, picture)), contentType: 'image/jpeg', width: 800, height: 600 })
        await tx.insert(vehicleImages).values(pictures)
      }
    }
  })
  return { ownerUserId: owner.id, companyId: company.id, vehicles: VEHICLES, pictureShare: PICTURE_SHARE, seedMs: Math.round(performance.now() - t0) }
}
