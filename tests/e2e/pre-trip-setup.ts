/** A driver with a bus to inspect, for the pre-trip browser tests (pre-trip.spec.ts, spanish.spec.ts). */
import { randomInt } from 'node:crypto'
import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { operatorAssignments, preInspections } from '#db/schema/index.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createCompany, createUser, grantRole } from '#tests/helpers/factory.ts'
import { e2eDb, signInAs } from './fixtures.ts'

export const run = Date.now().toString(36).toUpperCase().slice(-5)
const PLANTS = 'ABCDEFGHJKLMNPRSTUVWXYZ'
const uniqueVin = () => withVinCheckDigit(`1BAKGCPA0E${PLANTS[randomInt(PLANTS.length)]}${randomInt(100_000, 1_000_000)}`)

/** A driver signed in, of an operator company with the active assignment of a new bus. */
export async function driverWithBus(page: Page, tag: string) {
  const db = e2eDb()
  const { user, companies } = await signInAs(page, { firstName: 'Dana', companies: [{ name: `${tag} Transit`, types: ['Operator'], roles: ['Driver'] }] })
  const operatorId = companies[0]!.id
  const owner = await createUser(db, { firstName: 'Owen' })
  const ownerCo = await createCompany(db, `${tag} Owners`, ['Owner'])
  await grantRole(db, owner.id, ownerCo.id, 'Owner')
  const vehicle = await addVehicle(await ctxFor(db, owner.id), {
    ownerId: ownerCo.id,
    vehicleIdentifier: `${run}-${tag}`,
    make: 'Blue Bird',
    model: 'Vision',
    vin: uniqueVin(),
    licensePlate: `PT-${tag}`,
    fuelType: 1,
    odometer: 12000,
  })
  const vehicleId = (vehicle as { id: number }).id
  const today = new Date().toISOString().slice(0, 10)
  const start = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10)
  await db.transaction((tx) => tx.insert(operatorAssignments).values({ vehicleId, operatorCompanyId: operatorId, startDate: start < today ? start : today, endDate: null }))
  return { user, vehicleId, identifier: `${run}-${tag}`, owner, ownerCompanyId: ownerCo.id }
}

/** A camera photo (a JPEG of one colour). */
export async function jpeg(r: number, g: number, b: number) {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: { r, g, b } } }).jpeg({ quality: 85 }).toBuffer()
}

export async function filedBy(userId: number) {
  return e2eDb().read.select().from(preInspections).where(eq(preInspections.driverUserId, userId))
}

