/**
 * What `npm run bench` sends (scripts/bench.ts) and `npm run bench:libsql` reuses
 * (scripts/bench/libsql.ts): the sign-ins of the data set's users, the pre-trip form with four
 * photos, and the measured paths.
 */
import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import type { Database } from '#db/client.ts'
import { PRE_INSPECTION_ITEMS } from '#catalog/checklists.ts'
import { apiTokenFor, webSessionFor } from '#tests/helpers/factory.ts'
import { wallTimeOf } from '#catalog/zoned-time.ts'
import type { BenchDataset } from './dataset.ts'
import { TIME_ZONE } from './seed-history.ts'

export interface Path {
  key: string
  label: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  connections: number
  body?: (key: string) => Buffer
}

export interface SignIns {
  fleetOwner: { bearer: string; cookie: string }
  historyOwner: { cookie: string }
  driver: { bearer: string; cookie: string }
  printer: { cookie: string }
}

/** API tokens and web sessions of the data set's users, written into `db`. */
export async function signIns(db: Database, m: BenchDataset): Promise<SignIns> {
  return {
    fleetOwner: { bearer: `Bearer ${await apiTokenFor(db, m.fleet.ownerUserId)}`, cookie: `operon_session=${await webSessionFor(db, m.fleet.ownerUserId)}` },
    historyOwner: { cookie: `operon_session=${await webSessionFor(db, m.history.users.ownerManager.id)}` },
    driver: { bearer: `Bearer ${await apiTokenFor(db, m.history.users.busiestDriver.id)}`, cookie: `operon_session=${await webSessionFor(db, m.preTrip.driverUserId)}` },
    printer: { cookie: `operon_session=${await webSessionFor(db, m.print.ownerUserId)}` },
  }
}

export const BOUNDARY = '----operonbench7MA4YWxkTrZu0gW'

/** The pre-trip form with four 320×240 JPEG photos, as the browser posts it; the idempotency key is the argument. */
export async function preTripForm(m: BenchDataset): Promise<(key: string) => Buffer> {
  const photo = (seedByte: number) =>
    sharp(Buffer.from(randomBytes(320 * 240 * 3).map((b) => (b >> 2) + seedByte)), { raw: { width: 320, height: 240, channels: 3 } })
      .jpeg({ quality: 70 })
      .toBuffer()
  const photos = await Promise.all([0, 40, 80, 120].map(photo))
  const part = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const odometer = String(m.preTrip.odometer + 1000)
  // The form takes the operator company's wall time (the seeded companies' zone).
  const timeIn = wallTimeOf(new Date(Date.now() - 20 * 60_000), TIME_ZONE)
  let text = part('intent', 'submitPreInspection')
  for (const item of PRE_INSPECTION_ITEMS) text += part(item.key, 'ok')
  for (const [k, v] of Object.entries({ timeIn, timeOut: '', odometerStart: odometer, odometerEnd: odometer, front: '', rear: '', rightSide: '', leftSide: '', comments: '', signatureName: 'Bench Driver' }))
    text += part(k, v)
  const files = (['front', 'rear', 'rightSide', 'leftSide'] as const).map((side, i) =>
    Buffer.concat([
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="photo_${side}"; filename="${side}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      photos[i]!,
      Buffer.from('\r\n'),
    ]),
  )
  const head = Buffer.from(`${text}--${BOUNDARY}\r\nContent-Disposition: form-data; name="idempotencyKey"\r\n\r\n`)
  const tail = Buffer.concat([Buffer.from('\r\n'), ...files, Buffer.from(`--${BOUNDARY}--\r\n`)])
  return (key: string) => Buffer.concat([head, Buffer.from(key), tail])
}

/** The paths `npm run bench` measures, in its order. */
export function benchPaths(m: BenchDataset, who: SignIns, preTripBody: (key: string) => Buffer, opts: { short: boolean }): Path[] {
  return [
    {
      key: 'rest-small',
      label: 'REST getPendingRequestsByOwner (empty)',
      method: 'GET',
      path: `/api/VehicleOperator/getPendingRequestsByOwner?ownerCompanyId=${m.fleet.companyId}`,
      headers: { authorization: who.fleetOwner.bearer },
      connections: 8,
    },
    { key: 'all-vehicles', label: `REST getAllVehicles (${m.fleet.vehicles})`, method: 'GET', path: `/api/Fleet/getAllVehicles?companyId=${m.fleet.companyId}`, headers: { authorization: who.fleetOwner.bearer }, connections: opts.short ? 1 : 2 },
    { key: 'fleet-page', label: 'page /fleet/{companyId}', method: 'GET', path: `/fleet/${m.fleet.companyId}`, headers: { cookie: who.fleetOwner.cookie }, connections: 8 },
    { key: 'dashboard-page', label: 'page /OwnerDashboard/{id}', method: 'GET', path: `/OwnerDashboard/${m.history.ownerCompanyId}`, headers: { cookie: who.historyOwner.cookie }, connections: 8 },
    { key: 'statistic', label: 'REST getDriverStatsByCompany', method: 'GET', path: '/api/Dashboard/getDriverStatsByCompany', headers: { authorization: who.driver.bearer }, connections: 8 },
    {
      key: 'pre-trip',
      label: 'POST pre-trip, 4 photos',
      method: 'POST',
      // The form's own submission with JavaScript on (Remix single fetch: the action's data, turbo-stream).
      path: `/preTrip/${m.preTrip.vehicleId}.data`,
      headers: { cookie: who.driver.cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      connections: 4,
      body: preTripBody,
    },
  ]
}

/** A path's answer is what it should be: 2xx, and for the pre-trip the action's "filed". */
export function answered(p: Path, status: number, body: string): boolean {
  return status >= 200 && status < 300 && (p.method !== 'POST' || body.includes('"filed"'))
}
