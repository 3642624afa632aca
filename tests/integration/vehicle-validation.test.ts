/**
 * Issue 22 point 7 (B): the vehicle's license plate, manufacture date and year built are checked
 * by the one vehicle schema, so every door (page action, tRPC, REST; adding and editing) refuses
 * a plate `<>` and a date in 2999 with 400 naming the field, and accepts ordinary US plates.
 * Its messages with values ("{label} is required", "At most {n} characters") reach a Spanish
 * reader in Spanish on the page, over tRPC and in the browser's checks; REST keeps the English.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { vehicles } from '#db/schema/index.ts'
import * as fleetPage from '#app/routes/_app+/fleet.$companyId.tsx'
import { doors } from '#app/doors.server.ts'
import type { VehicleFormResult } from '#app/components/fleet/vehicle-fields.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'
import { emptyVehicleValues } from '#app/components/fleet/vehicle-fields.ts'
import { validateVehicle } from '#app/components/fleet/vehicle-checks.ts'
import { formatMessage, formatUncompiled, type CompiledMessage } from '#app/utils/messages.ts'
import { newRequestScope, runWithRequestScope } from '#server/context/request-scope.server.ts'
import { messagesFor } from '#server/i18n/messages.server.ts'

let db: Database
let ownerCo: number
let owner: { id: number; cookie: string; token: string }
let seq = 0

const context = { cspNonce: '', clientIp: '127.0.0.1' }
const newVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(400000 + seq++).slice(-6)}`)
const nextYear = new Date().getUTCFullYear() + 1

const PLATE_CHARACTERS = 'License plate may contain only letters, digits, spaces, hyphens (-) and dots (.)'
const DATE_TOO_LATE = `Manufacture date cannot be after ${nextYear}-12-31 (the end of next year)`

type Door = (fields: Record<string, string>, id?: number) => Promise<{ status: number; errors?: Record<string, string> }>

const rest: Door = async (fields, id) => {
  const request = new Request(`http://localhost/api/Fleet/${id ? 'updateVehicle' : 'addVehicle'}`, {
    method: id ? 'PUT' : 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(id ? { ...fields, id } : { ...fields, ownerId: ownerCo }),
  })
  const res = await doors.rest(request, context)
  return { status: res.status, errors: ((await res.json()) as { errors?: Record<string, string> }).errors }
}

const trpc: Door = async (fields, id) => {
  const request = new Request(`http://localhost/trpc/${id ? 'fleet.update' : 'fleet.add'}`, {
    method: 'POST',
    headers: { cookie: `operon_session=${owner.cookie}`, 'content-type': 'application/json', origin: 'http://localhost' },
    body: JSON.stringify(id ? { ...fields, id } : { ...fields, ownerId: ownerCo }),
  })
  const res = await doors.trpc(request, context)
  const body = (await res.json()) as { error?: { data?: { fieldErrors?: Record<string, string> | null } } }
  return { status: res.status, errors: body.error?.data?.fieldErrors ?? undefined }
}

const page: Door = async (fields, id) => {
  const form = id ? { intent: 'updateVehicle', id: String(id), ...fields } : { intent: 'addVehicle', ...fields }
  const search = id ? `?dialog=edit&id=${id}` : '?dialog=add'
  const r = await callPage(fleetPage.action as PageHandler, `/fleet/${ownerCo}${search}`, { cookie: owner.cookie, params: { companyId: String(ownerCo) }, form })
  return { status: r.status, errors: (r.body as VehicleFormResult | undefined)?.fieldErrors }
}

const DOORS = { page, trpc, rest }
const bus = (over: Record<string, string> = {}) => ({ make: 'Blue Bird', model: 'Vision', vin: newVin(), licensePlate: 'OK-1', fuelType: '1', ...over })

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  ownerCo = (await createCompany(db, 'Plate Check Leasing', ['Owner'])).id
  const user = await createUser(db)
  await grantRole(db, user.id, ownerCo, 'Owner')
  owner = { id: user.id, cookie: await webSessionFor(db, user.id), token: await apiTokenFor(db, user.id) }
})
afterAll(async () => {
  await db.close()
})

describe.each(Object.entries(DOORS))('%s', (_name, door) => {
  it('adding: refuses the plate <> and a manufacture date in 2999 (and a year built in 2999), naming each field', async () => {
    const r = await door(bus({ licensePlate: '<>', manufactureDate: '2999-01-01', yearBuild: '2999' }))
    expect(r).toEqual({ status: 400, errors: { licensePlate: PLATE_CHARACTERS, manufactureDate: DATE_TOO_LATE, yearBuild: `At most ${nextYear}` } })
  })

  it('adding: refuses a manufacture date before 1900 and a plate over 15 characters', async () => {
    const r = await door(bus({ licensePlate: 'ABCDEFGH-1234567', manufactureDate: '1899-12-31' }))
    expect(r).toEqual({
      status: 400,
      errors: { licensePlate: 'License plate may have at most 15 characters', manufactureDate: 'Manufacture date cannot be before 1900-01-01' },
    })
  })

  it('adding: accepts 7ABC123 and ABC-1234 (stored upper-cased) and a date at the end of next year', async () => {
    for (const [typed, stored] of [['7ABC123', '7ABC123'], [' abc-1234 ', 'ABC-1234']] as const) {
      const fields = bus({ licensePlate: typed, manufactureDate: `${nextYear}-12-31` })
      const r = await door(fields)
      expect(r.status, `${typed}: ${JSON.stringify(r.errors)}`).toBeLessThan(400)
      const [row] = await db.read.select().from(vehicles).where(eq(vehicles.vin, fields.vin))
      expect(row).toMatchObject({ licensePlate: stored, manufactureDate: `${nextYear}-12-31` })
    }
  })

  it('editing uses the same schema: the same refusals, and a normal plate saved', async () => {
    const v = await addVehicle(await ctxFor(db, owner.id), { ownerId: ownerCo, make: 'Blue Bird', model: 'Vision', vin: newVin(), licensePlate: `EDIT-${seq}`, fuelType: 1 })
    const same = { make: 'Blue Bird', model: 'Vision', vin: v.vin, fuelType: '1' }
    const bad = await door({ ...same, licensePlate: '<>', manufactureDate: '2999-01-01' }, v.id)
    expect(bad).toEqual({ status: 400, errors: { licensePlate: PLATE_CHARACTERS, manufactureDate: DATE_TOO_LATE } })
    const good = await door({ ...same, licensePlate: 'abc-1234' }, v.id)
    expect(good.status, JSON.stringify(good.errors)).toBeLessThan(400)
    const [row] = await db.read.select().from(vehicles).where(eq(vehicles.id, v.id))
    expect(row!.licensePlate).toBe('ABC-1234')
  })
})

describe('in Spanish (decision 074): every message with values in the reader\'s language, REST in English', () => {
  const refused = { make: '', model: '', color: 'c'.repeat(101), yearBuild: '2999', licensePlate: 'ABCDEFGH-1234567', manufactureDate: '1899-12-31', transmissionType: '99' }
  const english = {
    make: 'Make is required',
    model: 'Model is required',
    color: 'At most 100 characters',
    yearBuild: `At most ${nextYear}`,
    licensePlate: 'License plate may have at most 15 characters',
    manufactureDate: 'Manufacture date cannot be before 1900-01-01',
    transmissionType: 'Choose a transmission from the list',
  }
  const spanish = {
    make: 'El campo «Marca» es obligatorio',
    model: 'El campo «Modelo» es obligatorio',
    color: 'Como máximo 100 caracteres',
    yearBuild: `Como máximo ${nextYear}`,
    licensePlate: 'La placa puede tener como máximo 15 caracteres',
    manufactureDate: 'La fecha de fabricación no puede ser anterior al 1900-01-01',
    transmissionType: 'Elija un tipo de transmisión de la lista',
  }
  const inSpanish = <T,>(fn: () => Promise<T>) => runWithRequestScope({ ...newRequestScope(), locale: 'es' }, fn)

  it.each([['page', page, spanish], ['trpc', trpc, spanish], ['rest', rest, english]] as const)('%s', async (_name, door, expected) => {
    expect(await inSpanish(() => door(bus(refused)))).toEqual({ status: 400, errors: expected })
  })

  it('the browser\'s checks, with the fleet page\'s messages', () => {
    const messages = messagesFor('es', ['common', 'fleet'])
    const t = (id: string, values?: Record<string, unknown>) => (messages[id] === undefined ? formatUncompiled(id, values) : formatMessage(messages[id] as CompiledMessage, 'es', values))
    const values = { ...emptyVehicleValues(), ...refused, vin: newVin(), fuelType: '1' }
    expect(validateVehicle(values, t)).toEqual(spanish)
  })
})
