/**
 * Decision 082 (issue 39 point 4): the sentences Operon writes into a record keep a key and its
 * values. A repair action opened by a Spanish driver reads in Spanish for a Spanish mechanic (the
 * shop's "Vehicle repairs") and on the driver's pre-trip, in English for an English owner (the
 * vehicle's Repair actions tab), in the browser's language over tRPC, and REST answers the English
 * sentence it always has; the rows written before are rewritten to the key form by migration 0014
 * and read the same way.
 */
import { randomUUID } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database, type Driver } from '#db/client.ts'
import { companies, emergencyExitChecks, repairActions, repairTasks, users } from '#db/schema/index.ts'
import * as fleet from '#app/routes/_app+/fleet.$companyId.tsx'
import type { FleetLoaderData } from '#app/routes/_app+/fleet.server.ts'
import * as preTrip from '#app/routes/_app+/preTrip.$vehicleId.tsx'
import type { RepairActionsLoaderData } from '#app/routes/_app+/repair-actions-page.server.ts'
import * as repairsPage from '#app/routes/_app+/repairActions.$companyId.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { Raster } from '#server/demo/assets.ts'
import { companyToday } from '#server/access/vehicle-access.server.ts'
import { submitPreInspection } from '#server/inspections/submit-pre-inspection.server.ts'
import { listRepairsByVehicle } from '#server/repairs/list-repairs.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, companyOfOldSchema, createCompany, createUser, grantRole, vehicleOfOldSchema, webSessionFor } from '#tests/helpers/factory.ts'
import { assign, insertInspection, insertPreInspection, newVehicle } from '#tests/helpers/inspection-records.ts'
import { TMP_DIR } from '#tests/helpers/paths.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'

const PNG = new Raster(40, 20, [20, 20, 20, 255]).toPng().toString('base64')

/** GET a REST path as `userId`, the request saying Spanish everywhere a browser would. */
async function rest(db: Database, userId: number, path: string) {
  const res = await handleRestRequest(
    new Request(`http://localhost${path}`, { headers: { authorization: `Bearer ${await apiTokenFor(db, userId)}`, cookie: 'operon_lng=es', 'accept-language': 'es-US,es;q=0.9' } }),
    db,
    '127.0.0.1',
  )
  expect(res.status).toBe(200)
  return (await res.json()) as { id: number; comments: string | null; tasks: { name: string; description: string | null }[] }[]
}

describe('a repair opened by a Spanish driver', () => {
  let db: Database
  const ids = {} as Record<'ownerCo' | 'operatorCo' | 'shopCo' | 'owner' | 'driver' | 'mechanic' | 'vehicle' | 'repair', number>
  const cookies = {} as Record<'owner' | 'driver' | 'mechanic', string>
  let date = ''

  beforeAll(async () => {
    db = createTestDb()
    useAsAppDb(db)
    ids.ownerCo = (await createCompany(db, 'Textos Leasing', ['Owner'])).id
    ids.operatorCo = (await createCompany(db, 'Textos Coaches', ['Operator'])).id
    ids.shopCo = (await createCompany(db, 'Taller Textos', ['RepairShop'])).id
    await db.transaction((tx) => tx.update(companies).set({ repairShopCompanyId: ids.shopCo }).where(eq(companies.id, ids.ownerCo)))
    ids.owner = (await createUser(db, { firstName: 'Olive', lastName: 'Owner' })).id
    ids.driver = (await createUser(db, { firstName: 'Dolores', lastName: 'Díaz' })).id
    ids.mechanic = (await createUser(db, { firstName: 'Mateo', lastName: 'Mecánico' })).id
    await db.transaction((tx) => tx.update(users).set({ locale: 'es' }).where(sql`${users.id} IN (${ids.driver}, ${ids.mechanic})`))
    await grantRole(db, ids.owner, ids.ownerCo, 'Owner')
    await grantRole(db, ids.driver, ids.operatorCo, 'Driver')
    await grantRole(db, ids.mechanic, ids.shopCo, 'Mechanic')
    for (const who of ['owner', 'driver', 'mechanic'] as const) cookies[who] = await webSessionFor(db, ids[who])
    const v = await newVehicle(db, ids.owner, ids.ownerCo)
    ids.vehicle = v.id
    await assign(db, v.id, ids.operatorCo)

    // Filed from the Spanish pre-trip page: the use case gets the page's language.
    const driver = { ...(await ctxFor(db, ids.driver)), locale: 'es' as const }
    date = await companyToday(driver, ids.operatorCo)
    const filed = await submitPreInspection(driver, {
      vehicleIdentifier: v.vehicleIdentifier,
      date,
      timeIn: new Date(Date.now() - 60 * 60_000).toISOString(),
      odometerStart: 12_000,
      horn: true,
      front: 'Abolladura en la defensa',
      driverSignature: `data:image/png;base64,${PNG}`,
    })
    ids.repair = filed.repairActionId!
  })
  afterAll(() => db.close())

  it('is stored as keys and values, never as words; what the driver typed stays as typed', async () => {
    const [action] = await db.read.select().from(repairActions).where(eq(repairActions.id, ids.repair))
    expect(action).toMatchObject({ comments: null, commentsText: { key: 'repairAction.preTrip', values: { name: 'Dolores Díaz', date, odometer: 12_000 } } })
    const tasks = await db.read.select().from(repairTasks).where(eq(repairTasks.repairActionId, ids.repair)).orderBy(repairTasks.id)
    expect(tasks.map((t) => [t.name, t.description, t.descriptionText])).toEqual([
      ['Horn', null, { key: 'repairTask.preTrip', values: { section: "Driver's Cabin" } }],
      ['Damage: front', 'Abolladura en la defensa', null],
    ])
  })

  it('reads in Spanish for the Spanish mechanic on "Vehicle repairs"', async () => {
    const page = await callPage(repairsPage.loader as PageHandler, `/repairActions/${ids.shopCo}?status=all`, {
      cookie: `${cookies.mechanic}; operon_lng=es`,
      params: { companyId: String(ids.shopCo) },
    })
    const row = (page.body as RepairActionsLoaderData).list.items.find((r) => r.id === ids.repair)!
    expect(row.comments).toBe(`Defectos reportados por Dolores Díaz en la inspección previa al viaje del ${formatDateOnly(date, 'es')} (odómetro 12,000 mi).`)
    expect(row.tasks.map((t) => t.description)).toEqual(['Defecto reportado en la inspección previa al viaje (Cabina del conductor).', 'Abolladura en la defensa'])
  })

  it("reads in Spanish on the driver's pre-trip, where the open repair is shown", async () => {
    const page = await callPage(preTrip.loader as PageHandler, `/preTrip/${ids.vehicle}`, { cookie: `${cookies.driver}; operon_lng=es`, params: { vehicleId: String(ids.vehicle) } })
    const open = (page.body as { openRepairs: { id: number; tasks: { description: string | null }[] }[] }).openRepairs.find((r) => r.id === ids.repair)!
    expect(open.tasks[0]!.description).toBe('Defecto reportado en la inspección previa al viaje (Cabina del conductor).')
  })

  it("reads in English for the English owner on the vehicle's Repair actions tab", async () => {
    const page = await callPage(fleet.loader as PageHandler, `/fleet/${ids.ownerCo}?open=${ids.vehicle}&tab=repairs`, { cookie: cookies.owner, params: { companyId: String(ids.ownerCo) } })
    const row = (page.body as FleetLoaderData).open!.repairs!.find((r) => r.id === ids.repair)!
    expect(row.comments).toBe(`Defects reported by Dolores Díaz on the pre-trip inspection of ${formatDateOnly(date, 'en')} (odometer 12,000 mi).`)
  })

  it("tRPC (the app's own widgets) reads in the browser's language; REST, on the same Spanish request, in English", async () => {
    const spanish = { cookie: `operon_session=${cookies.mechanic}; operon_lng=es`, 'accept-language': 'es-US,es;q=0.9' }
    const trpc = async (headers: Record<string, string>) => {
      const input = encodeURIComponent(JSON.stringify({ repairCompanyId: ids.shopCo, status: 'all' }))
      const res = await handleTrpcRequest(new Request(`http://localhost/trpc/repairs.byCompany?input=${input}`, { headers }), db, '127.0.0.1')
      expect(res.status).toBe(200)
      const body = (await res.json()) as { result: { data: { items: { id: number; comments: string | null; tasks: { description: string | null }[] }[] } } }
      return body.result.data.items.find((r) => r.id === ids.repair)!
    }
    const es = await trpc(spanish)
    expect(es.comments).toBe(`Defectos reportados por Dolores Díaz en la inspección previa al viaje del ${formatDateOnly(date, 'es')} (odómetro 12,000 mi).`)
    expect(es.tasks[0]!.description).toBe('Defecto reportado en la inspección previa al viaje (Cabina del conductor).')
    const en = await trpc({ cookie: `operon_session=${cookies.mechanic}; operon_lng=en` })
    expect(en.comments).toBe(`Defects reported by Dolores Díaz on the pre-trip inspection of ${formatDateOnly(date, 'en')} (odometer 12,000 mi).`)

    const res = await handleRestRequest(
      new Request(`http://localhost/api/RepairAction/getRepairsByCompany?repairCompanyId=${ids.shopCo}`, {
        headers: { ...spanish, authorization: `Bearer ${await apiTokenFor(db, ids.mechanic)}` },
      }),
      db,
      '127.0.0.1',
    )
    const rest = ((await res.json()) as { id: number; comments: string | null }[]).find((r) => r.id === ids.repair)!
    expect(rest.comments).toBe(`Defects reported by Dolores Díaz on the pre-trip inspection of ${date} (odometer 12,000 mi).`)
  })

  it('REST answers the English sentence it always has, whatever language the request says', async () => {
    const expected = {
      comments: `Defects reported by Dolores Díaz on the pre-trip inspection of ${date} (odometer 12,000 mi).`,
      tasks: [
        { name: 'Horn', description: "Reported defective on the pre-trip (Driver's Cabin)." },
        { name: 'Damage: front', description: 'Abolladura en la defensa' },
      ],
    }
    const byVehicle = (await rest(db, ids.owner, `/api/RepairAction/getRepairsByVehicle?vehicleId=${ids.vehicle}`)).find((r) => r.id === ids.repair)
    expect(byVehicle).toMatchObject(expected)
    const byShop = (await rest(db, ids.mechanic, `/api/RepairAction/getRepairsByCompany?repairCompanyId=${ids.shopCo}`)).find((r) => r.id === ids.repair)
    expect(byShop).toMatchObject(expected)
  })
})

/** The migrations folder as it was before 0014: the journal cut there. */
function migrationsBefore0014(): string {
  const dir = mkdtempSync(join(TMP_DIR, 'migrations-'))
  cpSync('drizzle', dir, { recursive: true })
  const journalPath = join(dir, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === '0014_record-texts'))
  writeFileSync(journalPath, JSON.stringify(journal))
  return dir
}

function emptyDb(driver: Driver): Database {
  const previous = process.env.DB_DRIVER
  process.env.DB_DRIVER = driver === 'libsql' ? 'libsql' : ''
  try {
    return openDatabase({ url: `file:${resolve(TMP_DIR, `record-texts-${randomUUID()}.db`)}` })
  } finally {
    process.env.DB_DRIVER = previous ?? ''
  }
}

describe.each(DRIVERS)('rows written before decision 082 (migration 0014) on %s', (driver) => {
  let db: Database
  let folder: string
  const ids = {} as Record<'ownerCo' | 'owner' | 'vehicle', number>
  const actions: Record<'preTrip' | 'inspection' | 'exitCheck' | 'typed', number> = { preTrip: 0, inspection: 0, exitCheck: 0, typed: 0 }

  beforeAll(async () => {
    folder = migrationsBefore0014()
    db = emptyDb(driver)
    await db.migrate(folder)
    ids.ownerCo = (await companyOfOldSchema(db, 'Old Rows Leasing', ['Owner'])).id
    const operatorCo = (await companyOfOldSchema(db, 'Old Rows Coaches', ['Operator'])).id
    ids.owner = (await createUser(db, { firstName: 'Olive', lastName: 'Owner' })).id
    await grantRole(db, ids.owner, ids.ownerCo, 'Owner')
    ids.vehicle = (await vehicleOfOldSchema(db, ids.ownerCo)).id
    const pre = await insertPreInspection(db, { vehicleId: ids.vehicle, operatorCompanyId: operatorCo, defective: ['horn'] })
    const typedPre = await insertPreInspection(db, { vehicleId: ids.vehicle, operatorCompanyId: operatorCo, defective: ['mirrors'] })
    const inspection = await insertInspection(db, { vehicleId: ids.vehicle, unsatisfactory: ['brakeFluidConditionLevel'] })
    const [check] = await db.transaction((tx) =>
      tx
        .insert(emergencyExitChecks)
        .values({ vehicleId: ids.vehicle, companyId: ids.ownerCo, filerRole: 'Mechanic', inspectorName: "Dan O'Brien", checkDate: '2026-03-06', isSatisfactory: false })
        .returning(),
    )
    // As the server wrote them before: English sentences in the text columns (the new columns do not exist yet).
    const action = async (column: 'pre_inspection_id' | 'inspection_id' | 'emergency_exit_check_id', sourceId: number, comments: string, tasks: [string, string][]) =>
      db.transaction(async (tx) => {
        const code = `RA-OLD-${randomUUID().slice(0, 8)}`
        await tx.run(
          sql`INSERT INTO repair_actions (repair_identifier, ${sql.raw(column)}, vehicle_id, owner_company_id, comments, created_at, out_of_service) VALUES (${code}, ${sourceId}, ${ids.vehicle}, ${ids.ownerCo}, ${comments}, ${Date.parse('2026-03-07T12:00:00Z')}, 0)`,
        )
        const [row] = await tx.select({ id: repairActions.id }).from(repairActions).where(eq(repairActions.repairIdentifier, code))
        for (const [name, description] of tasks) {
          await tx.run(sql`INSERT INTO repair_tasks (repair_action_id, name, description, status) VALUES (${row!.id}, ${name}, ${description}, 'Pending')`)
        }
        return row!.id
      })
    actions.preTrip = await action('pre_inspection_id', pre.id, 'Defects reported by Jamal Carter on the pre-trip inspection of 2026-03-04 (odometer 61,250 mi).', [
      ['Horn', "Reported defective on the pre-trip (Driver's Cabin)."],
      ['Mirrors', 'Reported defective (Engine & Compartment). Inspect and repair.'],
      ['Damage: front', 'Cracked bumper'],
    ])
    actions.inspection = await action('inspection_id', inspection.id, 'Unsatisfactory items found by Mia Mechanic on the inspection of 2026-03-05 (odometer not recorded).', [
      ['Brake fluid', 'Unsatisfactory on the inspection (Brakes).'],
    ])
    actions.exitCheck = await action('emergency_exit_check_id', check!.id, "Unsatisfactory emergency exits found by Dan O'Brien (Mechanic) on the 90-day emergency-exit check of 2026-03-06 (odometer 123,456 mi).", [
      ['Push-out windows', 'Unsatisfactory on the 90-day emergency-exit check.'],
    ])
    // Not a sentence of ours (typed, or a shape no version wrote): kept as it is.
    actions.typed = await action('pre_inspection_id', typedPre.id, 'Defects reported on the pre-trip', [['Mirrors', 'Reported defective on the pre-trip (Brakes).']])
    await db.migrate()
  }, 120_000)
  afterAll(async () => {
    await db.close()
    rmSync(folder, { recursive: true, force: true })
  })

  const read = async (locale?: 'en' | 'es') => {
    const rows = await listRepairsByVehicle({ ...(await ctxFor(db, ids.owner)), locale }, ids.vehicle)
    return (id: number) => rows.find((r) => r.id === id)!
  }

  it('rewrites the known sentences to keys and values, and leaves any other text alone', async () => {
    const rows = await db.read.select({ id: repairActions.id, comments: repairActions.comments, commentsText: repairActions.commentsText }).from(repairActions)
    const byId = (id: number) => rows.find((r) => r.id === id)
    expect(byId(actions.preTrip)).toMatchObject({ comments: null, commentsText: { key: 'repairAction.preTrip', values: { name: 'Jamal Carter', date: '2026-03-04', odometer: 61_250 } } })
    expect(byId(actions.inspection)).toMatchObject({ comments: null, commentsText: { key: 'repairAction.inspection', values: { name: 'Mia Mechanic', date: '2026-03-05', odometer: null } } })
    expect(byId(actions.exitCheck)).toMatchObject({
      comments: null,
      commentsText: { key: 'repairAction.emergencyExitCheck', values: { name: "Dan O'Brien", role: 'Mechanic', date: '2026-03-06', odometer: 123_456 } },
    })
    expect(byId(actions.typed)).toMatchObject({ comments: 'Defects reported on the pre-trip', commentsText: null })
    const tasks = await db.read.select({ description: repairTasks.description, descriptionText: repairTasks.descriptionText }).from(repairTasks).orderBy(repairTasks.id)
    expect(tasks).toEqual([
      { description: null, descriptionText: { key: 'repairTask.preTrip', values: { section: "Driver's Cabin" } } },
      { description: null, descriptionText: { key: 'repairTask.inspectAndRepair', values: { section: 'Engine & Compartment' } } },
      { description: 'Cracked bumper', descriptionText: null },
      { description: null, descriptionText: { key: 'repairTask.inspection', values: { section: 'Brakes' } } },
      { description: null, descriptionText: { key: 'repairTask.emergencyExitCheck', values: {} } },
      // "Brakes" is no section of the pre-trip: not a sentence Operon wrote.
      { description: 'Reported defective on the pre-trip (Brakes).', descriptionText: null },
    ])
  })

  it('REST (no language) reads exactly what it read before; a Spanish page reads Spanish', async () => {
    const english = await read()
    expect(english(actions.preTrip).comments).toBe('Defects reported by Jamal Carter on the pre-trip inspection of 2026-03-04 (odometer 61,250 mi).')
    expect(english(actions.preTrip).tasks.map((t) => t.description)).toEqual([
      "Reported defective on the pre-trip (Driver's Cabin).",
      'Reported defective (Engine & Compartment). Inspect and repair.',
      'Cracked bumper',
    ])
    expect(english(actions.inspection).comments).toBe('Unsatisfactory items found by Mia Mechanic on the inspection of 2026-03-05 (odometer not recorded).')
    expect(english(actions.inspection).tasks[0]!.description).toBe('Unsatisfactory on the inspection (Brakes).')
    expect(english(actions.exitCheck).comments).toBe("Unsatisfactory emergency exits found by Dan O'Brien (Mechanic) on the 90-day emergency-exit check of 2026-03-06 (odometer 123,456 mi).")
    expect(english(actions.exitCheck).tasks[0]!.description).toBe('Unsatisfactory on the 90-day emergency-exit check.')
    expect(english(actions.typed).comments).toBe('Defects reported on the pre-trip')

    const spanish = await read('es')
    expect(spanish(actions.preTrip).comments).toBe('Defectos reportados por Jamal Carter en la inspección previa al viaje del 4 mar 2026 (odómetro 61,250 mi).')
    expect(spanish(actions.preTrip).tasks.map((t) => t.description)).toEqual([
      'Defecto reportado en la inspección previa al viaje (Cabina del conductor).',
      'Defecto reportado (Motor y compartimiento). Inspeccionar y reparar.',
      'Cracked bumper',
    ])
    expect(spanish(actions.inspection).comments).toBe('Elementos insatisfactorios encontrados por Mia Mechanic en la inspección del 5 mar 2026 (odómetro no registrado).')
    expect(spanish(actions.inspection).tasks[0]!.description).toBe('Resultado insatisfactorio en la inspección (Frenos).')
    expect(spanish(actions.exitCheck).comments).toBe(
      "Salidas de emergencia insatisfactorias encontradas por Dan O'Brien (Mecánico) en la revisión de salidas de emergencia de 90 días del 6 mar 2026 (odómetro 123,456 mi).",
    )
    expect(spanish(actions.exitCheck).tasks[0]!.description).toBe('Resultado insatisfactorio en la revisión de salidas de emergencia de 90 días.')
  })
})
