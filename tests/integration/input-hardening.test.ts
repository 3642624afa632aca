/**
 * Issue 9, points 5 and 10 (data): pictures are re-encoded so an EXIF GPS
 * position is never served back; document storage quotas answer 413; names
 * and free texts refuse control and text-direction characters and say which
 * field. Sent through REST with API.md's shapes and read back through every
 * way a picture leaves the server.
 */
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import * as imageRoute from '#app/routes/vehicles.$vehicleId.image.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { UNSAFE_CHARACTERS_MESSAGE } from '#server/validation.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'

let db: Database
let companyId: number
let token: string
let cookie: string
let seq = 0
const newVin = () => withVinCheckDigit(`1BAKGCPA0NF${String(500000 + seq++).slice(-6)}`)

async function rest(method: string, path: string, body?: unknown, bearer = token) {
  const res = await handleRestRequest(
    new Request(`http://localhost${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: body === undefined ? undefined : JSON.stringify(body) }),
    db,
    '127.0.0.1',
  )
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

/** A real JPEG from a phone-like camera: EXIF with a GPS position (45°30′N 122°40′W) and a maker. */
async function jpegWithGps(width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: { r: 220, g: 180, b: 20 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SpyCam', Model: 'Tracker 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '122/1 40/1 0/1' },
    })
    .toBuffer()
}

/**
 * The GPS latitude in a JPEG's EXIF, read straight from the bytes (APP1 →
 * TIFF → IFD0 → GPS IFD → tag 2), or null when there is none.
 */
function gpsLatitude(jpeg: Buffer): number | null {
  let i = 2
  while (i + 4 < jpeg.length && jpeg[i] === 0xff) {
    const marker = jpeg[i + 1]!
    const len = jpeg.readUInt16BE(i + 2)
    if (marker === 0xe1 && jpeg.toString('latin1', i + 4, i + 10) === 'Exif\0\0') {
      const t = i + 10
      const le = jpeg.toString('latin1', t, t + 2) === 'II'
      const u16 = (o: number) => (le ? jpeg.readUInt16LE(t + o) : jpeg.readUInt16BE(t + o))
      const u32 = (o: number) => (le ? jpeg.readUInt32LE(t + o) : jpeg.readUInt32BE(t + o))
      const entry = (ifd: number, tag: number) => {
        for (let k = 0; k < u16(ifd); k++) if (u16(ifd + 2 + k * 12) === tag) return ifd + 2 + k * 12
        return null
      }
      const gpsPtr = entry(u32(4), 0x8825)
      if (gpsPtr === null) return null
      const lat = entry(u32(gpsPtr + 8), 0x0002)
      if (lat === null) return null
      const at = u32(lat + 8)
      const r = (n: number) => u32(at + n * 8) / u32(at + n * 8 + 4)
      return r(0) + r(1) / 60 + r(2) / 3600
    }
    if (marker === 0xda) break
    i += 2 + len
  }
  return null
}

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  companyId = (await createCompany(db, 'Metadata Leasing', ['Owner'])).id
  const user = await createUser(db)
  await grantRole(db, user.id, companyId, 'Owner')
  token = await apiTokenFor(db, user.id)
  cookie = await webSessionFor(db, user.id)
})
afterAll(() => {
  delete process.env.DOCUMENT_QUOTA_VEHICLE_MB
  delete process.env.DOCUMENT_QUOTA_COMPANY_MB
  resetEnvCache()
  return db.close()
})

describe('pictures lose their metadata', () => {
  it('the test picture really carries a GPS position', async () => {
    expect(gpsLatitude(await jpegWithGps())).toBeCloseTo(45.5, 5)
  })

  it('a vehicle picture: no EXIF in the REST answer, the lists, or the image route', async () => {
    const original = await jpegWithGps()
    const added = await rest('POST', '/api/Fleet/addVehicle', { ownerId: companyId, make: 'Blue Bird', model: 'Vision', vin: newVin(), licensePlate: 'EXIF-1', fuelType: 1, imageData: `data:image/jpeg;base64,${original.toString('base64')}` })
    expect(added.status).toBe(201)
    const served = [Buffer.from(added.body.imageData, 'base64')]
    const list = await rest('GET', `/api/Fleet/getAllVehicles?companyId=${companyId}`)
    served.push(Buffer.from(list.body.find((v: { id: number }) => v.id === added.body.id).imageData, 'base64'))
    const res = (await imageRoute.loader({ request: new Request(`http://localhost/vehicles/${added.body.id}/image`, { headers: { cookie: `operon_session=${cookie}` } }), params: { vehicleId: String(added.body.id) }, context: { cspNonce: '', clientIp: '127.0.0.1' } })) as Response
    expect(res.headers.get('content-type')).toBe('image/jpeg')
    served.push(Buffer.from(await res.arrayBuffer()))
    for (const bytes of served) {
      expect(gpsLatitude(bytes)).toBeNull()
      expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false)
      expect(bytes.includes(Buffer.from('SpyCam'))).toBe(false)
      const meta = await sharp(bytes).metadata()
      expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48 })
      expect(meta.exif).toBeUndefined()
    }
  })

  it('a profile photo: re-encoded too', async () => {
    const original = await jpegWithGps(120, 90)
    const put = await rest('PUT', '/api/Profile', { firstName: 'Exif', lastName: 'Free', dateOfBirth: '1990-01-01', gender: 1, countryCode: 'CA', phoneNumber: '+1 555 0100', profilePhoto: original.toString('base64') })
    expect(put.status).toBe(200)
    const photo = Buffer.from((await rest('GET', '/api/Profile')).body.profilePhoto, 'base64')
    expect(gpsLatitude(photo)).toBeNull()
    expect(photo.includes(Buffer.from('SpyCam'))).toBe(false)
    expect((await sharp(photo).metadata()).exif).toBeUndefined()
  })

  it('a picture that only looks like a JPEG (valid header, broken body) is 415, not 500', async () => {
    const fake = Buffer.concat([(await jpegWithGps()).subarray(0, 200), Buffer.alloc(200, 0x41)])
    const r = await rest('POST', '/api/Fleet/addVehicle', { ownerId: companyId, make: 'Blue Bird', model: 'Vision', vin: newVin(), licensePlate: 'EXIF-2', fuelType: 1, imageData: fake.toString('base64') })
    expect(r.status).toBe(415)
  })
})

describe('document storage quotas', () => {
  const pdf = (kb: number) => Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n'), Buffer.alloc(kb * 1024, 0x20), Buffer.from('\ntrailer<</Root 1 0 R>>\n%%EOF\n')])
  const upload = (vehicleId: number, kb: number) => rest('POST', '/api/Fleet/uploadVehicleDocument', [{ vehicleId, fileName: `papers-${kb}.pdf`, contentType: 'application/pdf', fileContent: pdf(kb).toString('base64') }])
  const vehicle = async () => (await rest('POST', '/api/Fleet/addVehicle', { ownerId: companyId, make: 'MCI', model: 'J4500', vin: newVin(), licensePlate: `Q-${seq}`, fuelType: 1 })).body.id as number

  it('per vehicle: a full vehicle answers 413 with a clear message; deleted documents still count', async () => {
    process.env.DOCUMENT_QUOTA_VEHICLE_MB = '0.1' // ~102 KB
    process.env.DOCUMENT_QUOTA_COMPANY_MB = '100'
    resetEnvCache()
    const id = await vehicle()
    expect((await upload(id, 60)).status).toBe(200)
    const full = await upload(id, 60)
    expect(full.status).toBe(413)
    expect(full.body.message).toMatch(/^This vehicle's documents are full: 0\.1 MB of 0\.1 MB used/)
    const [doc] = (await rest('GET', `/api/Fleet/getVehicleDocuments?vehicleId=${id}`)).body
    expect((await rest('DELETE', `/api/fleet/deleteVehicleDocument?documentId=${doc.id}`)).status).toBe(200)
    expect((await upload(id, 60)).status).toBe(413)
    // Another vehicle has room of its own.
    expect((await upload(await vehicle(), 60)).status).toBe(200)
  })

  it('per company: the sum over its vehicles', async () => {
    process.env.DOCUMENT_QUOTA_VEHICLE_MB = '100'
    process.env.DOCUMENT_QUOTA_COMPANY_MB = '0.5' // ~512 KB, some already used above
    resetEnvCache()
    let answer = await upload(await vehicle(), 150)
    for (let i = 0; i < 8 && answer.status === 200; i++) answer = await upload(await vehicle(), 150)
    expect(answer.status).toBe(413)
    expect(answer.body.message).toMatch(/^Your company's document storage is full/)
  })
})

describe('names and free texts refuse control and text-direction characters, naming the field', () => {
  it('vehicle fields (REST)', async () => {
    const r = await rest('POST', '/api/Fleet/addVehicle', { ownerId: companyId, make: 'Blue\u0000Bird', model: 'Vision\u202Etxt.exe', vin: newVin(), licensePlate: 'OK-1', color: 'Red\u0007', fuelType: 1 })
    expect(r.status).toBe(400)
    expect(r.body.errors).toEqual({ make: UNSAFE_CHARACTERS_MESSAGE, model: UNSAFE_CHARACTERS_MESSAGE, color: UNSAFE_CHARACTERS_MESSAGE })
  })

  it('registration and profile names (REST)', async () => {
    const reg = await rest('POST', '/api/Auth/register', { Username: `bidi-${Date.now()}@test.operon.app`, Password: 'Unlisted-Phrase-88', FirstName: '\u202Enimda', Role: 'Driver', TwoFactorType: 1 })
    expect(reg).toMatchObject({ status: 400, body: { errors: { firstName: UNSAFE_CHARACTERS_MESSAGE } } })
    const put = await rest('PUT', '/api/Profile', { firstName: 'Ok', lastName: 'Null\u0000Byte', dateOfBirth: '1990-01-01', gender: 1, countryCode: 'CA', phoneNumber: '+1 555 0100' })
    expect(put).toMatchObject({ status: 400, body: { errors: { lastName: UNSAFE_CHARACTERS_MESSAGE } } })
  })

  it('company names (REST), while ordinary accents and scripts pass', async () => {
    const bad = await rest('POST', '/api/Company/create', { name: 'Evil\u2066Co', types: ['Owner'] })
    expect(bad).toMatchObject({ status: 400, body: { errors: { name: UNSAFE_CHARACTERS_MESSAGE } } })
    const good = await rest('POST', '/api/Fleet/addVehicle', { ownerId: companyId, make: 'Škoda', model: 'Autobus \u05D0 ĳ', vin: newVin(), licensePlate: 'ÅÄÖ-1', fuelType: 1 })
    expect(good.status).toBe(201)
  })
})
