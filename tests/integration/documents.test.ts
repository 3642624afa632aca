/**
 * Vehicle documents end to end: the use cases (type by content, limits, all
 * or none, who may read and change), the REST paths as a legacy client calls
 * them, the Documents tab's form handling and the browser download route.
 */
import { crc32 } from 'node:zlib'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { documentContents, operatorAssignments, vehicleDocuments, vehicles } from '#db/schema/index.ts'
import { handleDocumentsIntent, loadDocumentsForTab, readFormWithDocuments, runDocumentsIntent } from '#app/routes/_app+/fleet-documents.server.ts'
import * as downloadRoute from '#app/routes/vehicles.$vehicleId.documents.$documentId.ts'
import * as uploadRoute from '#app/routes/vehicles.$vehicleId.documents.ts'
import { takeToast } from '#app/utils/toast.server.ts'
import { DOCUMENT_TEXT, MAX_DOCUMENT_BYTES } from '#catalog/documents.ts'
import type { UseCaseContext } from '#server/context/use-case-context.ts'
import {
  deleteVehicleDocument,
  getDocumentFile,
  listVehicleDocuments,
  sanitizeFileName,
  uploadVehicleDocumentFiles,
  uploadVehicleDocuments,
} from '#server/documents/documents.server.ts'
import { contentDisposition } from '#server/documents/download.server.ts'
import { isAppError } from '#server/errors.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { detectDocumentType } from '#server/uploads/document-type.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { fileContent, storedBytes } from '#tests/helpers/blobs.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'

// ---------------------------------------------------------------- fixtures

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
)
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
/** A 1×1 baseline JPEG. */
const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
)
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)])
const PE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0), Buffer.from('PE\0\0'), Buffer.alloc(200, 0x90)])
const HTML = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>')

/** A ZIP of stored (uncompressed) entries: enough for an OOXML container. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text)
    const fileName = Buffer.from(name)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4) // version needed
    local.writeUInt16LE(0, 6) // flags
    local.writeUInt16LE(0, 8) // stored
    local.writeUInt32LE(0, 10) // time, date
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(fileName.length, 26)
    local.writeUInt16LE(0, 28)
    locals.push(local, fileName, data)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(fileName.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, fileName)
    offset += 30 + fileName.length + data.length
  }
  const dir = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(entries).length, 8)
  end.writeUInt16LE(Object.keys(entries).length, 10)
  end.writeUInt32LE(dir.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, dir, end])
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/main.xml" ContentType="${main}"/></Types>`
const DOCX = zip({
  '[Content_Types].xml': contentTypes('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'),
  'word/document.xml': '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>',
})
const XLSX = zip({
  '[Content_Types].xml': contentTypes('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'),
  'xl/workbook.xml': '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
})
const PLAIN_ZIP = zip({ 'readme.txt': 'hello' })

/** A minimal OLE2 compound file (512-byte sectors: header, FAT, directory) with one stream name. */
function cfb(streamName: string): Buffer {
  const buf = Buffer.alloc(512 * 3, 0)
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(buf, 0)
  buf.writeUInt16LE(0x3e, 0x18)
  buf.writeUInt16LE(3, 0x1a)
  buf.writeUInt16LE(0xfffe, 0x1c)
  buf.writeUInt16LE(9, 0x1e)
  buf.writeUInt16LE(6, 0x20)
  buf.writeUInt32LE(1, 0x2c) // one FAT sector
  buf.writeUInt32LE(1, 0x30) // directory at sector 1
  buf.writeUInt32LE(4096, 0x38)
  buf.writeUInt32LE(0xfffffffe, 0x3c)
  buf.writeUInt32LE(0xfffffffe, 0x44)
  buf.writeUInt32LE(0, 0x4c) // DIFAT[0] = sector 0
  for (let i = 1; i < 109; i++) buf.writeUInt32LE(0xffffffff, 0x4c + i * 4)
  const fat = 512
  buf.writeUInt32LE(0xfffffffd, fat) // sector 0: FAT
  buf.writeUInt32LE(0xfffffffe, fat + 4) // sector 1: directory, end of chain
  for (let i = 2; i < 128; i++) buf.writeUInt32LE(0xffffffff, fat + i * 4)
  const dir = 1024
  const entry = (at: number, name: string, type: number) => {
    const n = Buffer.from(`${name}\0`, 'utf16le')
    n.copy(buf, at)
    buf.writeUInt16LE(n.length, at + 0x40)
    buf[at + 0x42] = type
  }
  entry(dir, 'Root Entry', 5)
  entry(dir + 128, streamName, 2)
  return buf
}
const DOC = cfb('WordDocument')
const XLS = cfb('Workbook')
const MSI_LIKE = cfb('\u4840\u3f3f\u4577')

const b64 = (b: Buffer) => b.toString('base64')

// ---------------------------------------------------------------- setup

let db: Database
let owner: UseCaseContext
let ownerId: number
let operator: UseCaseContext
let operatorUserId: number
let driver: UseCaseContext
let stranger: UseCaseContext
let vehicleId: number
let otherVehicleId: number
let assignmentId: number
let ownerToken: string
let operatorToken: string
let strangerToken: string
const context = { cspNonce: '', clientIp: '127.0.0.1' }

let seq = 0
async function insertVehicle(companyId: number) {
  seq++
  const [v] = await db.transaction((tx) =>
    tx
      .insert(vehicles)
      .values({
        ownerCompanyId: companyId,
        make: 'Blue Bird',
        model: 'Vision',
        vin: `1BAKGCPA0HF${String(100000 + seq)}`,
        vehicleIdentifier: `DOC-${Date.now().toString(36)}-${seq}`,
        licensePlate: `DOC${seq}`,
      })
      .returning({ id: vehicles.id }),
  )
  return v!.id
}

beforeAll(async () => {
  db = createTestDb()
  useAsAppDb(db)
  const ownerCo = await createCompany(db, 'Docs Owner Coaches', ['Owner'])
  const operatorCo = await createCompany(db, 'Docs Operator Transit', ['Operator'])
  const otherCo = await createCompany(db, 'Other Owner Lines', ['Owner'])

  const ownerUser = await createUser(db, { firstName: 'Olga', lastName: 'Owner' })
  const operatorUser = await createUser(db, { firstName: 'Oscar', lastName: 'Operator' })
  const driverUser = await createUser(db, { firstName: 'Dina', lastName: 'Driver' })
  const strangerUser = await createUser(db, { firstName: 'Sam', lastName: 'Stranger' })
  await grantRole(db, ownerUser.id, ownerCo.id, 'Owner')
  await grantRole(db, operatorUser.id, operatorCo.id, 'Operator')
  await grantRole(db, driverUser.id, operatorCo.id, 'Driver')
  await grantRole(db, strangerUser.id, otherCo.id, 'Owner')
  ownerId = ownerUser.id
  operatorUserId = operatorUser.id

  vehicleId = await insertVehicle(ownerCo.id)
  otherVehicleId = await insertVehicle(ownerCo.id)
  const [a] = await db.transaction((tx) =>
    tx.insert(operatorAssignments).values({ vehicleId, operatorCompanyId: operatorCo.id, startDate: '2000-01-01', endDate: null }).returning(),
  )
  assignmentId = a!.id

  owner = await ctxFor(db, ownerUser.id)
  operator = await ctxFor(db, operatorUser.id)
  driver = await ctxFor(db, driverUser.id)
  stranger = await ctxFor(db, strangerUser.id)
  ownerToken = await apiTokenFor(db, ownerUser.id)
  operatorToken = await apiTokenFor(db, operatorUser.id)
  strangerToken = await apiTokenFor(db, strangerUser.id)
})
afterAll(() => db.close())

async function expectError(p: Promise<unknown>, status: number, message?: string | RegExp) {
  try {
    await p
  } catch (error) {
    if (!isAppError(error)) throw error
    expect(error.status).toBe(status)
    if (message) expect(error.message).toMatch(message)
    return error
  }
  throw new Error(`expected a ${status}`)
}

async function countDocs(vId = vehicleId) {
  return (await db.read.select({ id: vehicleDocuments.id }).from(vehicleDocuments).where(eq(vehicleDocuments.vehicleId, vId))).length
}

const upload = (ctx: UseCaseContext, files: { name: string; bytes: Buffer; vId?: number }[]) =>
  uploadVehicleDocuments(
    ctx,
    files.map((f) => ({ vehicleId: f.vId ?? vehicleId, fileName: f.name, contentType: 'application/octet-stream', fileContent: b64(f.bytes) })),
  )

// ---------------------------------------------------------------- content check

describe('detectDocumentType: the type comes from the content', () => {
  it.each([
    ['permit.pdf', PDF, 'application/pdf'],
    ['front.png', PNG, 'image/png'],
    ['front.JPG', JPEG, 'image/jpeg'],
    ['front.jpeg', JPEG, 'image/jpeg'],
    ['contract.docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['costs.xlsx', XLSX, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['old.doc', DOC, 'application/msword'],
    ['old.xls', XLS, 'application/vnd.ms-excel'],
    // Same family: a .doc holding a .docx, a .jpg holding a PNG are what they are.
    ['renamed.doc', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['photo.jpg', PNG, 'image/png'],
  ])('%s is stored as %s', async (name, bytes, mime) => {
    expect((await detectDocumentType(bytes, name)).contentType).toBe(mime)
  })

  it.each([
    ['invoice.pdf', ELF, /invoice\.pdf is not a PDF document: it contains an ELF file$/],
    ['invoice.pdf', PE, /invoice\.pdf is not a PDF document: it contains an EXE file$/],
    ['front.png', HTML, /front\.png is not a PNG image: its content is not a PDF, Word, Excel, PNG or JPEG file$/],
    ['contract.docx', PLAIN_ZIP, /is not a Word document: it contains a ZIP file$/],
    ['contract.docx', PDF, /is not a Word document: it contains a PDF document$/],
    ['old.doc', MSI_LIKE, /it contains an OLE2 compound file that is neither Word nor Excel$/],
    ['old.xls', DOC, /old\.xls is not an Excel workbook: it contains a Word document$/],
    ['tool.exe', PE, /not an allowed file type/],
    ['noextension', PDF, /not an allowed file type/],
  ])('%s with the wrong content is refused with 415', async (name, bytes, reason) => {
    const error = await expectError(detectDocumentType(bytes, name), 415, reason)
    expect((error as Error).message.startsWith('Issue uploading files: ')).toBe(true)
  })
})

describe('sanitizeFileName and Content-Disposition', () => {
  it('drops paths and control characters and keeps the extension within 200 characters', () => {
    expect(sanitizeFileName('C:\\Users\\me\\Desktop\\permit.pdf')).toBe('permit.pdf')
    expect(sanitizeFileName('../../etc/passwd.pdf')).toBe('passwd.pdf')
    expect(sanitizeFileName('in\u0000sur\nance\u202e.pdf')).toBe('insurance.pdf')
    const long = sanitizeFileName(`${'a'.repeat(300)}.xlsx`)
    expect(long).toHaveLength(200)
    expect(long.endsWith('.xlsx')).toBe(true)
  })
  it('sends an ASCII name and an RFC 5987 name for non-ASCII ones', () => {
    expect(contentDisposition('permit.pdf')).toBe('inline; filename="permit.pdf"')
    expect(contentDisposition('Zulassung "Bus" ü.pdf')).toBe(
      `inline; filename="Zulassung _Bus_ _.pdf"; filename*=UTF-8''Zulassung%20%22Bus%22%20%C3%BC.pdf`,
    )
  })
})

// ---------------------------------------------------------------- use cases

describe('uploading', () => {
  it('stores a PDF, PNG, JPEG and DOCX with the detected type, the uploader and the bytes', async () => {
    const stored = await upload(owner, [
      { name: 'permit.pdf', bytes: PDF },
      { name: 'side.png', bytes: PNG },
      { name: 'front.jpeg', bytes: JPEG },
      { name: 'C:\\fakepath\\contract.docx', bytes: DOCX },
    ])
    expect(stored.map((d) => [d.fileName, d.contentType])).toEqual([
      ['permit.pdf', 'application/pdf'],
      ['side.png', 'image/png'],
      ['front.jpeg', 'image/jpeg'],
      ['contract.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ])
    expect(stored.every((d) => d.uploadedBy === 'Olga Owner' && d.isActive && d.vehicleId === vehicleId)).toBe(true)
    const [row] = await db.read
      .select({ blobId: documentContents.blobId, size: vehicleDocuments.sizeBytes, by: vehicleDocuments.uploadedByUserId })
      .from(vehicleDocuments)
      .innerJoin(documentContents, eq(documentContents.documentId, vehicleDocuments.id))
      .where(eq(vehicleDocuments.id, stored[3]!.id))
    expect((await storedBytes(db, row!.blobId)).equals(DOCX)).toBe(true)
    expect(row!.size).toBe(DOCX.length)
    expect(row!.by).toBe(ownerId)
  })

  it('refuses an executable renamed .pdf and HTML renamed .png with 415 and stores nothing', async () => {
    const before = await countDocs()
    await expectError(upload(owner, [{ name: 'invoice.pdf', bytes: ELF }]), 415, /^Issue uploading files: invoice\.pdf is not a PDF document: it contains an ELF file$/)
    await expectError(upload(owner, [{ name: 'setup.pdf', bytes: PE }]), 415, /setup\.pdf is not a PDF document: it contains an EXE file/)
    await expectError(upload(owner, [{ name: 'photo.png', bytes: HTML }]), 415, /photo\.png/)
    expect(await countDocs()).toBe(before)
  })

  it('refuses 5 MB + 1 byte with 413 "Issue uploading files: <name> is larger than 5 MB"; exactly 5 MB passes', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_DOCUMENT_BYTES + 1 - PDF.length, 0x20)])
    await expectError(upload(owner, [{ name: 'scan.pdf', bytes: big }]), 413, /^Issue uploading files: scan\.pdf is larger than 5 MB$/)
    const edge = big.subarray(0, MAX_DOCUMENT_BYTES)
    const [ok] = await upload(owner, [{ name: 'edge.pdf', bytes: edge }])
    expect(ok!.sizeBytes).toBe(MAX_DOCUMENT_BYTES)
  })

  it('stores all or none: one bad file in a batch of three stores nothing', async () => {
    const before = await countDocs()
    await expectError(
      upload(owner, [
        { name: 'a.pdf', bytes: PDF },
        { name: 'b.png', bytes: HTML },
        { name: 'c.xlsx', bytes: XLSX },
      ]),
      415,
    )
    expect(await countDocs()).toBe(before)
  })

  it('answers 400 for an empty batch, a missing content, bad base64 and an empty file', async () => {
    await expectError(uploadVehicleDocuments(owner, []), 400, DOCUMENT_TEXT.selectFiles)
    await expectError(uploadVehicleDocuments(owner, [{ vehicleId, fileName: 'a.pdf' }]), 400, /fileContent/)
    await expectError(uploadVehicleDocuments(owner, [{ vehicleId, fileName: 'a.pdf', fileContent: '%%%not base64' }]), 400, /base64/)
    await expectError(uploadVehicleDocumentFiles(owner, [{ vehicleId, fileName: 'a.pdf', bytes: new Uint8Array() }]), 400, /a\.pdf is empty/)
  })

  it('accepts a data: URL prefix on the content', async () => {
    const [d] = await uploadVehicleDocuments(owner, [{ vehicleId, fileName: 'pic.png', fileContent: `data:image/png;base64,${b64(PNG)}` }])
    expect(d!.contentType).toBe('image/png')
  })

  it('only the owner company managers upload: the operator company (who sees the vehicle) gets 403, another owner 404, nothing stored', async () => {
    const before = await countDocs()
    for (const ctx of [operator, driver]) {
      await expectError(upload(ctx, [{ name: 'x.pdf', bytes: PDF }]), 403, 'Only the owner company may change this vehicle')
    }
    await expectError(upload(stranger, [{ name: 'x.pdf', bytes: PDF }]), 404)
    expect(await countDocs()).toBe(before)
  })
})

describe('reading, downloading and deleting', () => {
  it('lists active documents newest first, never with their bytes, for the owner and the active operator', async () => {
    const t1 = new Date('2024-01-01T10:00:00Z')
    const t2 = new Date('2024-06-01T10:00:00Z')
    const vId = otherVehicleId
    await uploadVehicleDocumentFiles({ ...owner, now: t1 }, [{ vehicleId: vId, fileName: 'old.pdf', bytes: PDF }])
    await uploadVehicleDocumentFiles({ ...owner, now: t2 }, [{ vehicleId: vId, fileName: 'new.png', bytes: PNG }])
    const list = await listVehicleDocuments(owner, vId)
    expect(list.map((d) => d.fileName)).toEqual(['new.png', 'old.pdf'])
    expect(list[0]).toEqual({
      id: expect.any(Number),
      vehicleId: vId,
      fileName: 'new.png',
      contentType: 'image/png',
      sizeBytes: PNG.length,
      uploadedBy: 'Olga Owner',
      isActive: true,
      uploadedAt: t2.toISOString(),
    })
    // otherVehicleId has no assignment: the operator sees nothing of it.
    await expectError(listVehicleDocuments(operator, vId), 404)
  })

  it('the operator of an active assignment reads the list and downloads, but cannot upload or delete', async () => {
    const [doc] = await upload(owner, [{ name: 'insurance.pdf', bytes: PDF }])
    const list = await listVehicleDocuments(operator, vehicleId)
    expect(list.map((d) => d.id)).toContain(doc!.id)
    const file = await fileContent(await getDocumentFile(operator, vehicleId, doc!.id))
    expect(file).toEqual({ fileName: 'insurance.pdf', contentType: 'application/pdf', content: PDF })
    await expectError(deleteVehicleDocument(operator, doc!.id), 403)
    await expectError(upload(operator, [{ name: 'y.pdf', bytes: PDF }]), 403)
    // A driver of the operator is not a reader of documents.
    await expectError(listVehicleDocuments(driver, vehicleId), 404)
    await expectError(getDocumentFile(driver, vehicleId, doc!.id), 404, DOCUMENT_TEXT.notFound)
  })

  it('another company owner sees nothing: 404 for the list, the file and the delete', async () => {
    const [doc] = await upload(owner, [{ name: 'secret.pdf', bytes: PDF }])
    await expectError(listVehicleDocuments(stranger, vehicleId), 404)
    await expectError(getDocumentFile(stranger, vehicleId, doc!.id), 404, DOCUMENT_TEXT.notFound)
    await expectError(deleteVehicleDocument(stranger, doc!.id), 404, DOCUMENT_TEXT.notFound)
  })

  it('a document of another vehicle, or an unknown one, is "Document not found"', async () => {
    const [doc] = await upload(owner, [{ name: 'mine.pdf', bytes: PDF }])
    await expectError(getDocumentFile(owner, otherVehicleId, doc!.id), 404, DOCUMENT_TEXT.notFound)
    await expectError(getDocumentFile(owner, vehicleId, 999_999), 404, DOCUMENT_TEXT.notFound)
    await expectError(getDocumentFile(owner, 999_999, doc!.id), 404, DOCUMENT_TEXT.notFound)
  })

  it('delete deactivates (the record and bytes are kept); deleting twice is 404', async () => {
    const [doc] = await upload(owner, [{ name: 'gone.pdf', bytes: PDF }])
    expect(await deleteVehicleDocument(owner, doc!.id)).toEqual({ message: DOCUMENT_TEXT.deleted })
    const [row] = await db.read.select({ isActive: vehicleDocuments.isActive }).from(vehicleDocuments).where(eq(vehicleDocuments.id, doc!.id))
    expect(row!.isActive).toBe(false)
    const [content] = await db.read.select({ id: documentContents.documentId }).from(documentContents).where(eq(documentContents.documentId, doc!.id))
    expect(content).toBeDefined()
    expect((await listVehicleDocuments(owner, vehicleId)).map((d) => d.id)).not.toContain(doc!.id)
    await expectError(getDocumentFile(owner, vehicleId, doc!.id), 404, DOCUMENT_TEXT.notFound)
    await expectError(deleteVehicleDocument(owner, doc!.id), 404, DOCUMENT_TEXT.notFound)
  })
})

// ---------------------------------------------------------------- REST

const call = (path: string, init: RequestInit & { token?: string } = {}) => {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('Authorization', `Bearer ${init.token}`)
  return handleRestRequest(new Request(`http://localhost${path}`, { ...init, headers }), db, '127.0.0.1')
}
const postJson = (path: string, token: string, body: unknown) =>
  call(path, { token, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

describe('REST paths', () => {
  it('POST /api/Fleet/uploadVehicleDocument stores and answers the documents with fileContent null (PascalCase keys bound)', async () => {
    const res = await postJson('/api/Fleet/uploadVehicleDocument', ownerToken, [
      { VehicleId: vehicleId, FileName: 'rest.pdf', ContentType: 'text/plain', FileContent: b64(PDF) },
      { vehicleId, fileName: 'rest.xlsx', contentType: 'application/pdf', fileContent: b64(XLSX) },
    ])
    expect(res.status).toBe(200)
    const body = (await res.json()) as Record<string, unknown>[]
    expect(body).toHaveLength(2)
    expect(body[0]).toEqual({
      id: expect.any(Number),
      vehicleId,
      fileName: 'rest.pdf',
      contentType: 'application/pdf',
      fileContent: null,
      uploadedBy: 'Olga Owner',
      isActive: true,
      uploadedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    })
    expect(body[1]!.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  })

  it('answers 415 / 413 / 400 with the reason in message', async () => {
    let res = await postJson('/api/Fleet/uploadVehicleDocument', ownerToken, [{ vehicleId, fileName: 'evil.pdf', contentType: 'application/pdf', fileContent: b64(PE) }])
    expect(res.status).toBe(415)
    expect(((await res.json()) as { message: string }).message).toMatch(/^Issue uploading files: evil\.pdf is not a PDF document: it contains an EXE file$/)
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x20)
    PDF.copy(big)
    res = await postJson('/api/Fleet/uploadVehicleDocument', ownerToken, [{ vehicleId, fileName: 'big.pdf', contentType: 'application/pdf', fileContent: b64(big) }])
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ message: 'Issue uploading files: big.pdf is larger than 5 MB' })
    res = await postJson('/api/Fleet/uploadVehicleDocument', ownerToken, [])
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toBe(DOCUMENT_TEXT.selectFiles)
    // The operator sees the vehicle (active assignment) but may not change it: 403 (API.md).
    res = await postJson('/api/Fleet/uploadVehicleDocument', operatorToken, [{ vehicleId, fileName: 'a.pdf', fileContent: b64(PDF) }])
    expect(res.status).toBe(403)
  })

  it('GET /api/Fleet/getVehicleDocuments lists with the documented shape; 404 for another company', async () => {
    const res = await call(`/api/Fleet/getVehicleDocuments?vehicleId=${vehicleId}`, { token: operatorToken })
    expect(res.status).toBe(200)
    const list = (await res.json()) as Record<string, unknown>[]
    expect(list.length).toBeGreaterThan(0)
    for (const d of list) {
      expect(Object.keys(d).sort()).toEqual(['contentType', 'fileContent', 'fileName', 'id', 'isActive', 'uploadedAt', 'uploadedBy', 'vehicleId'])
      expect(d.fileContent).toBeNull()
      expect(d.isActive).toBe(true)
    }
    expect((await call(`/api/fleet/getvehicledocuments?VEHICLEID=${vehicleId}`, { token: strangerToken })).status).toBe(404)
    expect((await call(`/api/Fleet/getVehicleDocuments?vehicleId=${vehicleId}`)).status).toBe(401)
  })

  it('GET /api/fleet/{vehicleId}/documents/{documentId} answers the bytes with the stored type and safe headers', async () => {
    const [doc] = await uploadVehicleDocumentFiles(owner, [{ vehicleId, fileName: 'Prüfbericht 2024.pdf', bytes: PDF }])
    for (const token of [ownerToken, operatorToken]) {
      const res = await call(`/api/fleet/${vehicleId}/documents/${doc!.id}`, { token })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/pdf')
      // The route sends nosniff itself; the HTTP layer lets it replace the security headers'
      // default, so it reaches the client once (tests/e2e/legacy-contract.spec.ts).
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('cache-control')).toBe('private, no-store')
      expect(res.headers.get('content-disposition')).toBe(`inline; filename="Pr_fbericht 2024.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%202024.pdf`)
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true)
    }
    const res = await call(`/api/fleet/${vehicleId}/documents/${doc!.id}`, { token: strangerToken })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ message: 'Document not found' })
    expect((await call(`/api/fleet/${otherVehicleId}/documents/${doc!.id}`, { token: ownerToken })).status).toBe(404)
  })

  it('DELETE /api/fleet/deleteVehicleDocument answers 200, then 404 the second time; the operator gets 403, another owner 404', async () => {
    const [doc] = await uploadVehicleDocumentFiles(owner, [{ vehicleId, fileName: 'del.pdf', bytes: PDF }])
    expect((await call(`/api/fleet/deleteVehicleDocument?documentId=${doc!.id}`, { token: operatorToken, method: 'DELETE' })).status).toBe(403)
    expect((await call(`/api/fleet/deleteVehicleDocument?documentId=${doc!.id}`, { token: strangerToken, method: 'DELETE' })).status).toBe(404)
    const first = await call(`/api/fleet/deleteVehicleDocument?documentId=${doc!.id}`, { token: ownerToken, method: 'DELETE' })
    expect(first.status).toBe(200)
    expect(await first.json()).toEqual({ message: DOCUMENT_TEXT.deleted })
    const second = await call(`/api/Fleet/DeleteVehicleDocument?documentId=${doc!.id}`, { token: ownerToken, method: 'DELETE' })
    expect(second.status).toBe(404)
    expect(await second.json()).toEqual({ message: 'Document not found' })
  })

  it('documents the four paths in /api/openapi.json', async () => {
    const res = await call('/api/openapi.json')
    const doc = (await res.json()) as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/Fleet/getVehicleDocuments',
        '/api/Fleet/uploadVehicleDocument',
        '/api/fleet/deleteVehicleDocument',
        '/api/fleet/{vehicleId}/documents/{documentId}',
      ]),
    )
  })
})

// ---------------------------------------------------------------- the Documents tab and the browser routes

async function toastOf(response: Response) {
  const cookie = response.headers.get('set-cookie')?.match(/operon_toast=[^;]*/)?.[0]
  if (!cookie) return null
  return (await takeToast(new Request('http://localhost/', { headers: { cookie } }))).toast
}

function multipart(fields: Record<string, string>, files: { name: string; bytes: Buffer }[], headers: Record<string, string> = {}) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const f of files) form.append('files', new File([new Uint8Array(f.bytes)], f.name, { type: 'application/octet-stream' }))
  return new Request('http://localhost/fleet/1', { method: 'POST', body: form, headers })
}

describe('the Documents tab (fleet page action helpers)', () => {
  it('loadDocumentsForTab gives rows with labels and download links; read-only for the operator', async () => {
    const tab = await loadDocumentsForTab(owner, vehicleId)
    expect(tab.readOnly).toBe(false)
    expect(tab.error).toBeNull()
    const row = tab.documents[0]!
    expect(row.href).toBe(`/vehicles/${vehicleId}/documents/${row.id}`)
    expect(row.uploadedAtLabel).toMatch(/\d{4}, \d{1,2}:\d{2} [AP]M/)
    expect((await loadDocumentsForTab(operator, vehicleId)).readOnly).toBe(true)
    const denied = await loadDocumentsForTab(stranger, vehicleId)
    expect(denied).toMatchObject({ documents: [], error: 'Vehicle not found' })
  })

  it('uploads several files from a multipart form and redirects back with the success toast', async () => {
    const before = await countDocs()
    const form = await readFormWithDocuments(
      multipart({ intent: 'uploadDocuments', vehicleId: String(vehicleId), redirectTo: '/fleet/1?open=2&tab=documents' }, [
        { name: 'a.pdf', bytes: PDF },
        { name: 'b.jpg', bytes: JPEG },
      ]),
    )
    const res = (await handleDocumentsIntent(owner, form))!
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/fleet/1?open=2&tab=documents')
    expect(await toastOf(res)).toEqual({ type: 'success', message: DOCUMENT_TEXT.uploaded })
    expect(await countDocs()).toBe(before + 2)
  })

  it('warns "Please select files" when none is chosen (the empty file part a browser sends)', async () => {
    const form = await readFormWithDocuments(multipart({ intent: 'uploadDocuments', vehicleId: String(vehicleId) }, [{ name: '', bytes: Buffer.alloc(0) }]))
    expect(await runDocumentsIntent(owner, form)).toEqual({ status: 400, toast: { type: 'warning', message: DOCUMENT_TEXT.selectFiles } })
  })

  it('a file over 5 MB in the multipart body answers 413 "Issue uploading files: <name> is larger than 5 MB"', async () => {
    const before = await countDocs()
    const big = Buffer.alloc(MAX_DOCUMENT_BYTES + 64 * 1024, 0x20)
    const form = await readFormWithDocuments(
      multipart({ intent: 'uploadDocuments', vehicleId: String(vehicleId), redirectTo: '/fleet/1' }, [
        { name: 'ok.pdf', bytes: PDF },
        { name: 'huge scan.pdf', bytes: big },
      ]),
    )
    expect(await runDocumentsIntent(owner, form)).toEqual({
      status: 413,
      toast: { type: 'error', message: 'Issue uploading files: huge scan.pdf is larger than 5 MB' },
    })
    const res = (await handleDocumentsIntent(owner, form))!
    expect(res.headers.get('location')).toBe('/fleet/1')
    expect(await countDocs()).toBe(before)
  })

  it('answers a bad file with "Issue uploading files: {reason}" and stores none of the batch', async () => {
    const before = await countDocs()
    const form = await readFormWithDocuments(
      multipart({ intent: 'uploadDocuments', vehicleId: String(vehicleId) }, [
        { name: 'a.pdf', bytes: PDF },
        { name: 'b.png', bytes: HTML },
        { name: 'c.docx', bytes: DOCX },
      ]),
    )
    const outcome = await runDocumentsIntent(owner, form)
    expect(outcome!.status).toBe(415)
    expect(outcome!.toast.message).toMatch(/^Issue uploading files: b\.png/)
    expect(await countDocs()).toBe(before)
  })

  it('deletes with "Deleted document", fails with "Issue deleting document"; the operator cannot delete', async () => {
    const [doc] = await uploadVehicleDocumentFiles(owner, [{ vehicleId, fileName: 'tab-del.pdf', bytes: PDF }])
    const form = (id: number) => {
      const f = new FormData()
      f.set('intent', 'deleteDocument')
      f.set('documentId', String(id))
      f.set('redirectTo', '//evil.example/')
      return f
    }
    expect(await runDocumentsIntent(operator, form(doc!.id))).toEqual({ status: 403, toast: { type: 'error', message: DOCUMENT_TEXT.deleteFailed } })
    const res = (await handleDocumentsIntent(owner, form(doc!.id), { redirectTo: '/fleet/7' }))!
    expect(res.headers.get('location')).toBe('/fleet/7')
    expect(await toastOf(res)).toEqual({ type: 'success', message: DOCUMENT_TEXT.deleted })
    const again = (await handleDocumentsIntent(owner, form(doc!.id)))!
    expect(again.headers.get('location')).toBe('/') // never an outside address
    expect(await toastOf(again)).toEqual({ type: 'error', message: DOCUMENT_TEXT.deleteFailed })
  })

  it('returns null for intents that are not the tab’s', async () => {
    const f = new FormData()
    f.set('intent', 'addVehicle')
    expect(await handleDocumentsIntent(owner, f)).toBeNull()
  })
})

describe('browser routes', () => {
  it('POST /vehicles/{id}/documents answers JSON for the XMLHttpRequest upload, and redirects without JavaScript', async () => {
    const cookie = `operon_session=${await webSessionFor(db, ownerId)}`
    const before = await countDocs()
    let request = multipart({ intent: 'uploadDocuments' }, [{ name: 'xhr.png', bytes: PNG }], { cookie, accept: 'application/json' })
    let res = (await uploadRoute.action({ request, params: { vehicleId: String(vehicleId) }, context })) as Response
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ toast: { type: 'success', message: DOCUMENT_TEXT.uploaded } })
    expect(await countDocs()).toBe(before + 1)

    request = multipart({ intent: 'uploadDocuments' }, [{ name: 'evil.pdf', bytes: ELF }], { cookie, accept: 'application/json' })
    res = (await uploadRoute.action({ request, params: { vehicleId: String(vehicleId) }, context })) as Response
    expect(res.status).toBe(415)

    request = multipart({ intent: 'uploadDocuments', redirectTo: '/fleet/3' }, [{ name: 'nojs.pdf', bytes: PDF }], { cookie })
    res = (await uploadRoute.action({ request, params: { vehicleId: String(vehicleId) }, context })) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/fleet/3')

    // The operator's session sees the vehicle but cannot upload: 403.
    const opCookie = `operon_session=${await webSessionFor(db, operatorUserId)}`
    request = multipart({ intent: 'uploadDocuments' }, [{ name: 'op.pdf', bytes: PDF }], { cookie: opCookie, accept: 'application/json' })
    res = (await uploadRoute.action({ request, params: { vehicleId: String(vehicleId) }, context })) as Response
    expect(res.status).toBe(403)
    // No session: 401 for the script, the login page for a form.
    request = multipart({ intent: 'uploadDocuments' }, [{ name: 'anon.pdf', bytes: PDF }], { accept: 'application/json' })
    res = (await uploadRoute.action({ request, params: { vehicleId: String(vehicleId) }, context })) as Response
    expect(res.status).toBe(401)
  })

  it('GET /vehicles/{id}/documents/{docId} sends the file to the owner and the active operator; "Document not found" otherwise', async () => {
    const [doc] = await uploadVehicleDocumentFiles(owner, [{ vehicleId, fileName: 'browser.png', bytes: PNG }])
    const get = async (userId: number | null, vId = vehicleId, dId = doc!.id) => {
      const headers: Record<string, string> = { referer: 'http://localhost/fleet/5?open=1' }
      if (userId) headers.cookie = `operon_session=${await webSessionFor(db, userId)}`
      const request = new Request(`http://localhost/vehicles/${vId}/documents/${dId}`, { headers })
      try {
        return (await downloadRoute.loader({ request, params: { vehicleId: String(vId), documentId: String(dId) }, context })) as Response
      } catch (thrown) {
        if (thrown instanceof Response) return thrown
        throw thrown
      }
    }
    for (const userId of [ownerId, operatorUserId]) {
      const res = await get(userId)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      expect(res.headers.get('content-disposition')).toBe('inline; filename="browser.png"')
      // The route sends nosniff itself; the HTTP layer lets it replace the security headers'
      // default, so it reaches the client once (tests/e2e/legacy-contract.spec.ts).
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true)
    }
    const strangerUser = stranger.actor.kind === 'user' ? stranger.actor.userId : 0
    const denied = await get(strangerUser)
    expect(denied.status).toBe(302)
    expect(denied.headers.get('location')).toBe('/fleet/5?open=1')
    expect(await toastOf(denied)).toEqual({ type: 'warning', message: DOCUMENT_TEXT.notFound })
    const anonymous = await get(null)
    expect(anonymous.status).toBe(302)
    expect(anonymous.headers.get('location')).toMatch(/^\/login/)
  })
})

describe('when the assignment ends', () => {
  it('the operator reads nothing any more (404), the owner still does', async () => {
    const [doc] = await uploadVehicleDocumentFiles(owner, [{ vehicleId, fileName: 'after.pdf', bytes: PDF }])
    await db.transaction((tx) => tx.update(operatorAssignments).set({ endedAt: new Date() }).where(and(eq(operatorAssignments.id, assignmentId))))
    await expectError(listVehicleDocuments(operator, vehicleId), 404)
    await expectError(getDocumentFile(operator, vehicleId, doc!.id), 404, DOCUMENT_TEXT.notFound)
    const res = await call(`/api/fleet/${vehicleId}/documents/${doc!.id}`, { token: operatorToken })
    expect(res.status).toBe(404)
    expect((await call(`/api/Fleet/getVehicleDocuments?vehicleId=${vehicleId}`, { token: operatorToken })).status).toBe(404)
    expect((await listVehicleDocuments(owner, vehicleId)).length).toBeGreaterThan(0)
  })
})

describe.each(DRIVERS)('on %s', (driver) => {
  let ddb: Database
  beforeAll(() => {
    ddb = createTestDb(driver)
  })
  afterAll(() => ddb.close())

  it('stores the bytes and gives them back unchanged; a refused batch stores nothing', async () => {
    const co = await createCompany(ddb, 'Driver Check Coaches', ['Owner'])
    const u = await createUser(ddb, { firstName: 'Dee', lastName: 'Driver' })
    await grantRole(ddb, u.id, co.id, 'Owner')
    const ctx = await ctxFor(ddb, u.id)
    const [v] = await ddb.transaction((tx) =>
      tx.insert(vehicles).values({ ownerCompanyId: co.id, make: 'MCI', model: 'J4500', vin: '2M93JMPA0KW123456', vehicleIdentifier: `DRV-${driver}`, licensePlate: 'DRV1' }).returning(),
    )
    const stored = await uploadVehicleDocumentFiles(ctx, [
      { vehicleId: v!.id, fileName: 'a.xlsx', bytes: XLSX },
      { vehicleId: v!.id, fileName: 'b.doc', bytes: DOC },
    ])
    expect(stored.map((d) => d.contentType)).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/msword'])
    const file = await fileContent(await getDocumentFile(ctx, v!.id, stored[1]!.id))
    expect(Buffer.isBuffer(file.content) && file.content.equals(DOC)).toBe(true)
    await expectError(
      uploadVehicleDocumentFiles(ctx, [
        { vehicleId: v!.id, fileName: 'c.pdf', bytes: PDF },
        { vehicleId: v!.id, fileName: 'd.pdf', bytes: ELF },
      ]),
      415,
    )
    expect(await listVehicleDocuments(ctx, v!.id)).toHaveLength(2)
  })
})
