/**
 * Demo running costs (issue 36, decision 085): what the buses cost to run, so the dashboards'
 * cost cards, /costs and /fuel show real figures.
 *
 * - Every bus gets its fuel unit and tank size (gallons); Tyler's usual Blue Bird at Evergreen
 *   (FLEET index 4) is an electric All American: kWh, a 155 kWh battery. Cascade's buses and
 *   Summit's coaches carry a fuel card.
 * - The seeded odometer readings were written in bulk (drives.ts): their miles are added to the
 *   months they were read in here, as every reading adds them in the app (the first one a bus has
 *   is its baseline).
 * - Four months of fill-ups and charges after the drives, through the app's own insertFuelEntry
 *   (efficiency, flags and the monthly rollup as the app computes them): Evergreen's and Pacific
 *   Crest's drivers from their phones, Cascade's typed by Dana with the card's number. A few
 *   fill-ups are partial; the electric bus charges at the depot after each day's run.
 * - Five months of repair costs: parts, labour, outside work and tax on the repair actions of
 *   the drives' defects, charged by Summit's rule (its operator pays for defects found on its
 *   pre-trips; worn parts are the owner's) and Cascade's (the owner pays).
 * - The PM-A done at Valley Diesel Service (maintenance.ts) cost $486.50.
 *
 * Deterministic: its own PRNG (the other parts' draws are unchanged) and dates relative to `now`.
 */
import { and, asc, eq, gte, inArray, isNotNull } from 'drizzle-orm'
import * as t from '#db/schema/index.ts'
import type { FuelUnit } from '#catalog/costs.ts'
import { hundredthsTimesCents, milliTimesCents } from '#catalog/money.ts'
import { todayIn } from '../access/vehicle-access.server.ts'
import { insertFuelEntry } from '../costs/fuel-entries.server.ts'
import { addMonthCost, monthOfDate } from '../rollups/month-rollups.server.ts'
import { companySpec, type CompanyKey } from './cast.ts'
import type { SeedVehicle } from './fleet.ts'
import { DAY, HOUR, insertMany, MINUTE, Random, type SeedContext } from './helpers.ts'
import type { SeededPeople } from './people.ts'

/** FLEET index of the demo's electric bus (Tyler's usual bus at Evergreen). */
export const DEMO_ELECTRIC_BUS = 4
/** Days of fill-ups and charges, and of repair costs. */
const FUEL_DAYS = 120
const REPAIR_COST_DAYS = 150
const ELECTRIC_CAPACITY_KWH = 155

/** Tank (gallons) and miles per gallon of each kind of bus. */
const TANK: Record<SeedVehicle['kind'], { gallons: number; mpg: number }> = {
  school: { gallons: 60, mpg: 7.4 },
  coach: { gallons: 200, mpg: 6.3 },
  transit: { gallons: 125, mpg: 4.4 },
}
/** kWh the electric school bus uses per mile. */
const KWH_PER_MILE = 1.15

const STATIONS: Record<CompanyKey, string[]> = {
  evergreen: ['Pilot Travel Center, Fife WA', 'Chevron Commercial, Tacoma WA', 'Pacific Pride, Lakewood WA'],
  pacific: ['Love’s Travel Stop, Troutdale OR', 'Pacific Pride, Portland OR', 'TA Petro, Portland OR'],
  cascade: ['Cascade depot pump, Eugene OR', 'Pacific Pride, Eugene OR'],
  summit: ['Pacific Pride, Boise ID'],
  keystone: ['Pacific Pride, Salem OR'],
}
const DEPOT_CHARGER = 'Evergreen depot, charger 3'

/** The fuel card of a bus (Cascade's buses, Summit's coaches). */
export const demoFuelCard = (index: number) => `7083050${String(10_000 + index * 37).padStart(5, '0')}`

/** What the shop fits for each pre-trip finding: a part (name, number, unit cost in cents) and the labour hours. */
interface ShopRepair {
  part: string
  partNumber: string
  unitCents: number
  quantity: number
  hours: number
  /** A worn part (the owner pays it under Summit's rule). */
  wear?: boolean
  /** Work sent out besides. */
  outside?: { vendor: string; what: string; cents: number }
}
const REPAIRS: Record<string, ShopRepair> = {
  lightsAndSignals: { part: 'LED stop/turn/tail lamp, 4 in', partNumber: 'GRT-54102', unitCents: 4_895, quantity: 1, hours: 0.5 },
  serviceBrakes: { part: 'Brake shoe kit, front axle', partNumber: 'MER-4707Q', unitCents: 18_450, quantity: 2, hours: 3.5, wear: true },
  parkingBrake: { part: 'Parking brake chamber, 30/30', partNumber: 'BW-K044170', unitCents: 13_975, quantity: 1, hours: 1.5, wear: true },
  tires: { part: 'Tire 11R22.5 drive, recap', partNumber: 'BDG-R195', unitCents: 28_900, quantity: 2, hours: 1.25, wear: true },
  wheelsAndLugNuts: { part: 'Wheel stud and nut set', partNumber: 'DOR-610-0432', unitCents: 2_150, quantity: 10, hours: 1 },
  battery: { part: 'Battery group 31, 950 CCA', partNumber: 'INT-31-950', unitCents: 21_995, quantity: 2, hours: 0.75, wear: true },
  beltsAndHoses: { part: 'Serpentine belt', partNumber: 'GAT-K081175HD', unitCents: 6_840, quantity: 1, hours: 1, wear: true },
  windshieldAndWipers: { part: 'Wiper blade, 28 in', partNumber: 'TRI-67-281', unitCents: 2_475, quantity: 2, hours: 0.25, outside: { vendor: 'Safelite Fleet Services', what: 'Windshield chip repair on site', cents: 12_500 } },
  mirrors: { part: 'Crossview mirror head', partNumber: 'ROS-605310', unitCents: 16_830, quantity: 1, hours: 0.75 },
  operationOfDoor: { part: 'Door actuator valve', partNumber: 'VAP-BE0118', unitCents: 11_260, quantity: 1, hours: 2 },
  emergencyDoor: { part: 'Emergency door buzzer switch', partNumber: 'BB-0019834', unitCents: 3_610, quantity: 1, hours: 1 },
  fluidLeaksUnderBus: { part: 'Oil pan gasket', partNumber: 'CUM-4934811', unitCents: 8_925, quantity: 1, hours: 4, wear: true },
  horn: { part: 'Electric horn, 12 V', partNumber: 'HEL-3FH', unitCents: 3_990, quantity: 1, hours: 0.5 },
  gaugesAndWarningLights: { part: 'Instrument cluster bulb kit', partNumber: 'BB-1001927', unitCents: 1_860, quantity: 1, hours: 1.5 },
  passengerSeats: { part: 'Seat belt assembly, lap/shoulder', partNumber: 'SAF-LS3P', unitCents: 9_450, quantity: 2, hours: 1.25 },
  driverSeatBelt: { part: 'Driver seat belt retractor', partNumber: 'BEA-52075', unitCents: 12_780, quantity: 1, hours: 1 },
}
const DEFAULT_REPAIR: ShopRepair = { part: 'Shop supplies and fasteners', partNumber: 'SUP-100', unitCents: 3_500, quantity: 1, hours: 1 }
/** Body damage a driver reported (a side of the bus): sent out to the body shop. */
const BODY_SHOP = { vendor: 'Northwest Collision Center', cents: { front: 64_000, rear: 41_500, rightSide: 38_750, leftSide: 52_300 } as Record<string, number> }
/** Labour rates of the shops (cents an hour). */
const LABOUR_RATE: Partial<Record<CompanyKey, number>> = { keystone: 12_500, cascade: 9_800 }
/** Idaho's sales tax on parts (Summit's buses are serviced for a Boise owner); Oregon has none. */
const PARTS_TAX = { summit: { percent: 6, description: 'Idaho sales tax on parts (6%)' } } as const

export async function seedCosts(s: SeedContext, { uid, nameOf, cid }: SeededPeople, vehicles: SeedVehicle[]): Promise<void> {
  const { tx, nowMs } = s
  const rnd = new Random(36_2026)
  const byId = new Map(vehicles.map((v) => [v.id, v]))

  // 1. Fuel units, tank sizes, the electric bus, fuel cards; Summit's payer rule.
  for (const v of vehicles) {
    const electric = v.index === DEMO_ELECTRIC_BUS
    const card = v.owner === 'cascade' || v.kind === 'coach' ? demoFuelCard(v.index) : null
    await tx
      .update(t.vehicles)
      .set(
        electric
          ? { fuelType: 2, fuelUnit: 'kWh', fuelCapacityMilli: ELECTRIC_CAPACITY_KWH * 1000, fuelCard: card }
          : { fuelUnit: 'gal', fuelCapacityMilli: TANK[v.kind].gallons * 1000, fuelCard: card },
      )
      .where(eq(t.vehicles.id, v.id))
  }
  await tx.update(t.companies).set({ repairCostPayer: 'operatorPreTrip' }).where(eq(t.companies.id, cid('summit')))

  // 2. The miles of the seeded readings, by month in the owner's time zone (decision 085).
  const zoneOf = new Map(vehicles.map((v) => [v.id, companySpec(v.owner).timeZone]))
  const readings = await tx
    .select({ vehicleId: t.odometerReadings.vehicleId, reading: t.odometerReadings.reading, source: t.odometerReadings.source, at: t.odometerReadings.recordedAt })
    .from(t.odometerReadings)
    .orderBy(asc(t.odometerReadings.vehicleId), asc(t.odometerReadings.recordedAt), asc(t.odometerReadings.id))
  const miles = new Map<string, { vehicleId: number; month: string; miles: number }>()
  let previous: { vehicleId: number; reading: number } | null = null
  for (const r of readings) {
    const step = previous && previous.vehicleId === r.vehicleId && r.source !== 'correction' ? r.reading - previous.reading : 0
    previous = r
    if (step <= 0) continue
    const month = monthOfDate(todayIn(zoneOf.get(r.vehicleId), r.at))
    const key = `${r.vehicleId}:${month}`
    const row = miles.get(key) ?? { vehicleId: r.vehicleId, month, miles: 0 }
    row.miles += step
    miles.set(key, row)
  }
  await insertMany(
    tx,
    t.vehicleMonthMiles,
    [...miles.values()].map((m) => ({ ...m, ownerCompanyId: cid(byId.get(m.vehicleId)!.owner) })),
    500,
  )

  // 3. Fill-ups and charges after the drives of the last four months, oldest first.
  const since = new Date(nowMs - FUEL_DAYS * DAY)
  const drives = await tx
    .select({
      vehicleId: t.preInspections.vehicleId,
      operatorCompanyId: t.preInspections.operatorCompanyId,
      driverUserId: t.preInspections.driverUserId,
      driverName: t.preInspections.driverName,
      timeOut: t.preInspections.timeOut,
      odometerStart: t.preInspections.odometerStart,
      odometerEnd: t.preInspections.odometerEnd,
    })
    .from(t.preInspections)
    .where(and(gte(t.preInspections.timeOut, since), isNotNull(t.preInspections.odometerEnd)))
    .orderBy(asc(t.preInspections.timeOut), asc(t.preInspections.id))
  const keyOfCompany = new Map((['cascade', 'summit', 'evergreen', 'pacific', 'keystone'] as const).map((k) => [cid(k), k]))
  /** Per bus: the odometer of its last fill, fuel used since (gallons) or its state of charge. */
  const tank = new Map<number, { odometer: number; usedGallons: number; soc: number }>()
  // Diesel a little dearer each month of the autumn; electricity at the depot's rate.
  const dieselCents = (at: Date) => 389 + Math.round(((at.getTime() - since.getTime()) / DAY) * 0.15) + rnd.int(-9, 9)
  for (const d of drives) {
    const v = byId.get(d.vehicleId)
    if (!v || v.archived || d.odometerEnd === null || d.odometerStart === null || !d.timeOut) continue
    const fueledAt = new Date(d.timeOut.getTime() + rnd.int(12, 35) * MINUTE)
    if (fueledAt.getTime() > Math.min(nowMs, Date.now())) continue
    const operator = keyOfCompany.get(d.operatorCompanyId) ?? 'cascade'
    const state = tank.get(v.id) ?? { odometer: d.odometerStart, usedGallons: 0, soc: 92 }
    tank.set(v.id, state)
    const driven = Math.max(0, d.odometerEnd - state.odometer)
    state.odometer = d.odometerEnd
    // Cascade's fuel is typed by its manager from the card's statement; the operators' drivers record theirs on the phone.
    const who = operator === 'cascade'
      ? { source: 'manual' as const, userId: uid('cascade'), userName: nameOf('cascade') }
      : { source: 'driver' as const, userId: d.driverUserId, userName: d.driverName }
    const common = {
      vehicleId: v.id,
      companyId: d.operatorCompanyId,
      fueledAt,
      odometer: d.odometerEnd,
      importId: null,
      idempotencyKey: null,
      ...who,
    }
    if (v.index === DEMO_ELECTRIC_BUS) {
      const before = Math.max(8, state.soc - Math.round((driven * KWH_PER_MILE * 100) / ELECTRIC_CAPACITY_KWH))
      state.soc = before
      // The depot charger tops it up most nights; a quick partial charge to 80% now and then.
      if (before > 70 && rnd.chance(0.4)) continue
      const after = rnd.chance(0.8) ? 100 : 80
      if (after <= before) continue
      // What the charger delivered: the battery's share plus the charger's losses (about 7%).
      const kwhMilli = Math.round(((after - before) / 100) * ELECTRIC_CAPACITY_KWH * 1.07 * 1000)
      const rateCents = 17 + rnd.int(0, 3)
      await insertFuelEntry(tx, {
        ...common,
        quantityMilli: kwhMilli,
        unit: 'kWh',
        totalCents: milliTimesCents(kwhMilli, rateCents),
        station: DEPOT_CHARGER,
        card: null,
        full: after === 100,
        socBeforePct: before,
        socAfterPct: after,
      })
      state.soc = after
      continue
    }
    const { gallons, mpg } = TANK[v.kind]
    state.usedGallons += driven / (mpg * (0.92 + rnd.next() * 0.16))
    if (state.usedGallons < gallons * (0.4 + rnd.next() * 0.3)) continue
    const full = !rnd.chance(0.12)
    const put = Math.min(gallons * 0.97, full ? state.usedGallons : state.usedGallons * 0.5)
    state.usedGallons = Math.max(0, state.usedGallons - put)
    const quantityMilli = Math.round(put * 1000)
    const unit: FuelUnit = 'gal'
    await insertFuelEntry(tx, {
      ...common,
      quantityMilli,
      unit,
      totalCents: milliTimesCents(quantityMilli, dieselCents(fueledAt)),
      station: rnd.pick(STATIONS[operator]),
      card: v.owner === 'cascade' || v.kind === 'coach' ? demoFuelCard(v.index) : null,
      full,
      socBeforePct: null,
      socAfterPct: null,
    })
  }

  // 4. Repair costs on the drives' repair actions of the last five months.
  const actions = await tx
    .select({
      id: t.repairActions.id,
      vehicleId: t.repairActions.vehicleId,
      ownerCompanyId: t.repairActions.ownerCompanyId,
      shopCompanyId: t.repairActions.repairCompanyId,
      createdAt: t.repairActions.createdAt,
      repairedAt: t.repairActions.repairedAt,
      repairedByUserId: t.repairActions.repairedByUserId,
      repairedByName: t.repairActions.repairedByName,
      operatorCompanyId: t.preInspections.operatorCompanyId,
    })
    .from(t.repairActions)
    .innerJoin(t.preInspections, eq(t.preInspections.id, t.repairActions.preInspectionId))
    .where(gte(t.repairActions.createdAt, new Date(nowMs - REPAIR_COST_DAYS * DAY)))
    .orderBy(asc(t.repairActions.id))
  const tasks = actions.length
    ? await tx
        .select({ repairActionId: t.repairTasks.repairActionId, sourceKey: t.repairTasks.sourceKey })
        .from(t.repairTasks)
        .where(inArray(t.repairTasks.repairActionId, actions.map((a) => a.id)))
        .orderBy(asc(t.repairTasks.id))
    : []
  const lineRows: (typeof t.repairCostLines.$inferInsert)[] = []
  for (const a of actions) {
    const v = byId.get(a.vehicleId)
    const shop = a.shopCompanyId === null ? undefined : keyOfCompany.get(a.shopCompanyId)
    if (!v || a.shopCompanyId === null || !shop) continue
    const shopId = a.shopCompanyId
    const chargedOn = todayIn(companySpec(v.owner).timeZone, a.createdAt)
    const mechanic = a.repairedByUserId !== null ? { id: a.repairedByUserId, name: a.repairedByName } : { id: uid(shop === 'keystone' ? 'mechanic' : 'derek'), name: nameOf(shop === 'keystone' ? 'mechanic' : 'derek') }
    const linesAt = new Date(Math.min(nowMs, (a.repairedAt ?? new Date(a.createdAt.getTime() + 3 * HOUR)).getTime()))
    const line = (l: Omit<typeof t.repairCostLines.$inferInsert, 'repairActionId' | 'vehicleId' | 'ownerCompanyId' | 'shopCompanyId' | 'payer' | 'payerCompanyId' | 'chargedOn'>, wear: boolean) => {
      // Summit: its operator pays for the defects found on its pre-trips, the owner for worn parts. Cascade pays its own.
      const operatorPays = v.owner === 'summit' && !wear && a.operatorCompanyId !== a.ownerCompanyId
      lineRows.push({
        ...l,
        repairActionId: a.id,
        vehicleId: v.id,
        ownerCompanyId: a.ownerCompanyId,
        shopCompanyId: shopId,
        payer: operatorPays ? 'operator' : 'owner',
        payerCompanyId: operatorPays ? a.operatorCompanyId : a.ownerCompanyId,
        chargedOn,
        createdByUserId: mechanic.id,
        createdByName: mechanic.name,
        createdAt: linesAt,
        updatedAt: linesAt,
      })
    }
    const keys = tasks.filter((x) => x.repairActionId === a.id).map((x) => x.sourceKey ?? '')
    let partsCents = 0
    for (const key of keys.length ? keys : ['']) {
      const body = BODY_SHOP.cents[key]
      if (body !== undefined) {
        // The driver's own damage report: the operator pays (Summit's rule), once the body shop is done.
        if (a.repairedAt) line({ kind: 'outside', description: `Body repair and paint, ${key.replace('Side', ' side')}`, vendor: BODY_SHOP.vendor, amountCents: body }, false)
        continue
      }
      const r = (key && REPAIRS[key]) || DEFAULT_REPAIR
      const wear = r.wear === true
      const quantityMilli = r.quantity * 1000
      const partCents = milliTimesCents(quantityMilli, r.unitCents)
      partsCents += partCents
      line({ kind: 'part', description: r.part, partNumber: r.partNumber, quantityMilli, unitCostCents: r.unitCents, amountCents: partCents }, wear)
      // Labour once the work is done (an open repair has its parts on order).
      if (a.repairedAt) {
        const hoursHundredths = Math.round(r.hours * 100)
        const rateCents = LABOUR_RATE[shop] ?? 11_000
        line(
          { kind: 'labour', description: `Fit ${r.part.toLowerCase()}`, hoursHundredths, rateCents, mechanicName: mechanic.name, amountCents: hundredthsTimesCents(hoursHundredths, rateCents) },
          wear,
        )
      }
      const outside = r.outside
      if (outside && a.repairedAt) line({ kind: 'outside', description: outside.what, vendor: outside.vendor, amountCents: outside.cents }, wear)
    }
    if (v.owner === 'summit' && partsCents > 0) {
      const tax = PARTS_TAX.summit
      line({ kind: 'tax', description: tax.description, amountCents: Math.floor((partsCents * tax.percent + 50) / 100) }, true)
    }
  }
  await insertMany(tx, t.repairCostLines, lineRows)
  // The monthly rollup, one addition per bus, month and payer.
  const repairSums = new Map<string, { vehicleId: number; ownerCompanyId: number; payerCompanyId: number; date: string; cents: number }>()
  for (const l of lineRows) {
    const key = `${l.vehicleId}:${monthOfDate(l.chargedOn)}:${l.payerCompanyId}`
    const sum = repairSums.get(key) ?? { vehicleId: l.vehicleId, ownerCompanyId: l.ownerCompanyId, payerCompanyId: l.payerCompanyId, date: l.chargedOn, cents: 0 }
    sum.cents += l.amountCents
    repairSums.set(key, sum)
  }
  for (const sum of repairSums.values()) await addMonthCost(tx, { ...sum, column: 'repair' })

  // 5. The outside PM-A's invoice (maintenance.ts): paid by the owner.
  const services = await tx
    .select({ id: t.serviceRecords.id, vehicleId: t.serviceRecords.vehicleId, ownerCompanyId: t.serviceRecords.ownerCompanyId, performedOn: t.serviceRecords.performedOn })
    .from(t.serviceRecords)
    .where(and(eq(t.serviceRecords.ownerCompanyId, cid('summit')), eq(t.serviceRecords.performedBy, 'Valley Diesel Service')))
  for (const r of services) {
    const cents = 48_650
    await tx.update(t.serviceRecords).set({ costCents: cents }).where(eq(t.serviceRecords.id, r.id))
    await addMonthCost(tx, { vehicleId: r.vehicleId, ownerCompanyId: r.ownerCompanyId, payerCompanyId: r.ownerCompanyId, date: r.performedOn, column: 'service', cents })
  }
}
