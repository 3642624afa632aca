/**
 * Issue 22 point 5: zip bombs were stored and served as vehicle documents (a
 * .docx of 2 MB whose document part inflates to 2 GiB; a .docx of 5,003
 * entries). A ZIP-based document (.docx, .xlsx, or a .doc holding one) is now
 * read by its central directory before anything is stored (decision 022,
 * amended): a bomb is a 415 with the reason on every door, and nothing is
 * stored; honest documents still go in.
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { auditLog, documentContents, vehicleDocuments } from '#db/schema/index.ts'
import { readFormWithDocuments, runDocumentsIntent } from '#app/routes/_app+/fleet-documents.server.ts'
import type { UseCaseContext } from '#server/context/use-case-context.ts'
import { getDocumentFile, uploadVehicleDocumentFiles, uploadVehicleDocuments } from '#server/documents/documents.server.ts'
import { isAppError } from '#server/errors.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { fileContent } from '#tests/helpers/blobs.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle } from '#tests/helpers/factory.ts'
import { buildZip, deflatedPart, excelContentTypes, smallDocx, smallXlsx, storedPart, wordContentTypes, zerosPart } from '#tests/helpers/zip.ts'

const MiB = 1024 * 1024
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')

/** A .docx of about 2 MB whose document part is a real deflate stream of 2 GiB of zeros. */
let GIGA_DOCX: Buffer
/** A .docx of 5,003 entries (the content types, the document and 5,001 tiny parts). */
const MANY_DOCX = buildZip([
  wordContentTypes(),
  deflatedPart('word/document.xml', '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body/></w:document>'),
  ...Array.from({ length: 5001 }, (_, i) => storedPart(`customXml/item${i}.xml`, '<a/>')),
])
/** An .xlsx whose sheet is 10 MiB of zeros in about 10 KB (under 50 MB, 1,000:1). */
let DENSE_XLSX: Buffer

let db: Database
let owner: UseCaseContext
let ownerToken: string
let vehicleId: number

beforeAll(async () => {
  GIGA_DOCX = buildZip([wordContentTypes(), zerosPart('word/document.xml', 2048, MiB)])
  DENSE_XLSX = buildZip([excelContentTypes(), zerosPart('xl/worksheets/sheet1.xml', 10, MiB)])
  db = createTestDb()
  useAsAppDb(db)
  const co = await createCompany(db, 'Bomb Squad Coaches', ['Owner'])
  const user = await createUser(db, { firstName: 'Bo', lastName: 'Owner' })
  await grantRole(db, user.id, co.id, 'Owner')
  owner = await ctxFor(db, user.id)
  ownerToken = await apiTokenFor(db, user.id)
  vehicleId = (await insertVehicle(db, co.id)).id
})
afterAll(() => db.close())

/** Everything an upload writes: document rows, their bytes, the upload audit rows. */
async function stored() {
  const count = async (table: typeof vehicleDocuments | typeof documentContents) =>
    (await db.read.select({ n: sql<number>`count(*)` }).from(table))[0]!.n
  const audits = (await db.read.select({ n: sql<number>`count(*)` }).from(auditLog).where(eq(auditLog.action, 'document.upload')))[0]!.n
  return { documents: await count(vehicleDocuments), contents: await count(documentContents), audits }
}

async function refusal(p: Promise<unknown>) {
  try {
    await p
  } catch (error) {
    if (!isAppError(error)) throw error
    return { status: error.status, message: error.message }
  }
  throw new Error('expected a refusal')
}

const b64 = (b: Buffer) => b.toString('base64')
const rest = (body: unknown) =>
  handleRestRequest(
    new Request('http://localhost/api/Fleet/uploadVehicleDocument', {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
    db,
    '127.0.0.1',
  )

describe('the fixtures', () => {
  it('are what the finding describes: 2 GiB declared in about 2 MB (under the 5 MB limit), and 5,003 entries', () => {
    expect(GIGA_DOCX.length).toBeLessThan(2.5 * MiB)
    expect(GIGA_DOCX.readUInt32LE(GIGA_DOCX.length - 22)).toBe(0x06054b50)
    expect(MANY_DOCX.readUInt16LE(MANY_DOCX.length - 12)).toBe(5003)
  })
})

describe('the use case refuses a bomb with 415 and stores nothing', () => {
  it.each([
    ['report.docx', () => GIGA_DOCX, /^Issue uploading files: report\.docx is not a valid Word document: it expands to more than 50 MB$/],
    ['report.docx', () => MANY_DOCX, /^Issue uploading files: report\.docx is not a valid Word document: it has more than 1,000 parts$/],
    // A .doc may hold a .docx (same family): the bomb inside is refused all the same.
    ['old.doc', () => GIGA_DOCX, /^Issue uploading files: old\.doc is not a valid Word document: it expands to more than 50 MB$/],
    ['costs.xlsx', () => DENSE_XLSX, /^Issue uploading files: costs\.xlsx is not a valid Excel workbook: a part of it expands more than 100 times$/],
  ])('%s (%#)', async (fileName, bytes, message) => {
    const before = await stored()
    const r = await refusal(uploadVehicleDocumentFiles(owner, [{ vehicleId, fileName, bytes: bytes() }]))
    expect(r.status).toBe(415)
    expect(r.message).toMatch(message)
    expect(await stored()).toEqual(before)
  })

  it('one bomb in a batch stores none of the batch', async () => {
    const before = await stored()
    const r = await refusal(
      uploadVehicleDocumentFiles(owner, [
        { vehicleId, fileName: 'permit.pdf', bytes: PDF },
        { vehicleId, fileName: 'contract.docx', bytes: smallDocx() },
        { vehicleId, fileName: 'many.docx', bytes: MANY_DOCX },
      ]),
    )
    expect(r.status).toBe(415)
    expect(await stored()).toEqual(before)
  })
})

describe('POST /api/Fleet/uploadVehicleDocument (REST) answers 415 with the reason; nothing stored', () => {
  it.each([
    ['bomb.docx', () => GIGA_DOCX, 'Issue uploading files: bomb.docx is not a valid Word document: it expands to more than 50 MB'],
    ['many.docx', () => MANY_DOCX, 'Issue uploading files: many.docx is not a valid Word document: it has more than 1,000 parts'],
  ])('%s', async (fileName, bytes, message) => {
    const before = await stored()
    const res = await rest([{ vehicleId, fileName, contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', fileContent: b64(bytes()) }])
    expect(res.status).toBe(415)
    expect(await res.json()).toEqual({ message })
    expect(await stored()).toEqual(before)
  })
})

describe('the Documents tab (multipart form) refuses it too', () => {
  it('answers 415 with the reason in the toast; nothing stored', async () => {
    const before = await stored()
    const form = new FormData()
    form.append('intent', 'uploadDocuments')
    form.append('vehicleId', String(vehicleId))
    form.append('files', new File([new Uint8Array(MANY_DOCX)], 'many.docx', { type: 'application/octet-stream' }))
    const outcome = await runDocumentsIntent(owner, await readFormWithDocuments(new Request('http://localhost/fleet/1', { method: 'POST', body: form })))
    expect(outcome).toEqual({ status: 415, toast: { type: 'error', message: 'Issue uploading files: many.docx is not a valid Word document: it has more than 1,000 parts' } })
    expect(await stored()).toEqual(before)
  })
})

describe('honest documents still go in', () => {
  it('a small .docx and a small .xlsx (data descriptors) through the use case and REST, bytes served back unchanged', async () => {
    const docx = smallDocx()
    const xlsx = smallXlsx()
    const [d, x] = await uploadVehicleDocuments(owner, [
      { vehicleId, fileName: 'contract.docx', fileContent: b64(docx) },
      { vehicleId, fileName: 'costs.xlsx', fileContent: b64(xlsx) },
    ])
    expect(d!.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
    expect(x!.contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect((await fileContent(await getDocumentFile(owner, vehicleId, d!.id))).content.equals(docx)).toBe(true)
    const res = await rest([{ vehicleId, fileName: 'renamed.doc', fileContent: b64(docx) }])
    expect(res.status).toBe(200)
    expect(((await res.json()) as { contentType: string }[])[0]!.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document')
  })
})
