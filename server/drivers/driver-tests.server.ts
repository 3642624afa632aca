/**
 * Drug and alcohol testing records (49 CFR part 382; issue 37 point 2, decision 086): the tests of
 * one driver at one operator company, each with its type, substance, date, result, collection
 * site, note and an optional document. Every door (the page, tRPC `driverTests.*`, REST
 * `/api/DriverTests/…`) calls these use cases; the rule of who sees what is
 * ./driver-access.server.ts's: the operator's managers read and write, the driver reads their own
 * tests, nobody else sees anything.
 *
 * Privacy: a test's result is never written into an audit row's details, never sent by a webhook
 * and never exported (there is no export of tests). The audit rows carry the driver, the substance,
 * the type and the date (catalog/audit-actions.ts), so the activity log links to the file.
 *
 * Kept until: the test's date + the company's retention period for its result ('drugTestsNegative'
 * or 'drugTestsPositive', catalog/compliance.ts; the company may keep them longer than the rule's
 * default, never shorter than 382.401's minimum). The daily retention job removes a test the day
 * after that date (records dated before today − period go).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { plusMonths, retentionRuleOf } from '#catalog/compliance.ts'
import {
  DRIVER_FILE_LIMITS,
  DRUG_TEST_RESULT_VALUES,
  DRUG_TEST_RESULTS,
  DRUG_TEST_SUBSTANCE_VALUES,
  DRUG_TEST_TYPE_VALUES,
  type DrugTestResult,
  type DrugTestSubstance,
  type DrugTestType,
} from '#catalog/drivers.ts'
import { msg, withValues } from '#catalog/i18n.ts'
import type { Tx } from '#db/client.ts'
import { driverDocuments, driverFileItems, driverFiles, driverTests, retentionSettings, users } from '#db/schema/index.ts'
import { audit } from '../activity/audit.server.ts'
import { companyToday } from '../access/vehicle-access.server.ts'
import type { UserActor } from '../context/actor.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { AppError, forbidden } from '../errors.ts'
import { decodeBase64 } from '../uploads/base64.ts'
import { atMostCharacters, dateOnly, freeText, idSchema, isPlainLine, parseInput, UNSAFE_CHARACTERS_MESSAGE } from '../validation.ts'
import { driverFileIdOf, driverRecordsAccess, requireDriverManager, requireDriverOfCompany } from './driver-access.server.ts'
import { deleteDriverDocument, prepareDocumentFile, storeDriverDocument, type PreparedDocument } from './driver-documents.server.ts'

export const DRIVER_TEST_TEXT = {
  notFound: msg('Test not found'),
  substance: msg('Choose a drug test or an alcohol test'),
  testType: msg('Choose a test type from the list'),
  result: msg('Choose negative, positive or refusal to test'),
  realDate: msg('Enter a real date (YYYY-MM-DD)'),
  inFuture: msg('The date cannot be in the future'),
  keyFormat: msg('Letters, digits and punctuation only'),
  keyReused: msg('This idempotency key was already used for a test of another driver'),
  tooMany: msg('A driver’s file holds at most {n} items and tests: delete old ones first'),
  added: msg('Test recorded'),
  updated: msg('Test saved'),
  deleted: msg('Test deleted'),
} as const

export const DRIVER_TEST_KEY_MAX = 100

const blank = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v)

const isRealDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
}

const line = (max: number) => z.preprocess(blank, z.string().trim().max(max, atMostCharacters(max)).refine(isPlainLine, UNSAFE_CHARACTERS_MESSAGE).optional())

/** A document sent as JSON (REST, tRPC): its name and base64 content (a `data:…;base64,` prefix is accepted). */
const documentJson = z.preprocess(
  blank,
  z
    .object({
      fileName: z.string().trim().min(1, msg('A file name is required')).max(255, atMostCharacters(255)),
      content: z.string().min(1, msg('The file content is required')),
    })
    .optional(),
)

const testFields = {
  substance: z.enum(DRUG_TEST_SUBSTANCE_VALUES, { error: DRIVER_TEST_TEXT.substance }),
  testType: z.enum(DRUG_TEST_TYPE_VALUES, { error: DRIVER_TEST_TEXT.testType }),
  testDate: z.string({ error: DRIVER_TEST_TEXT.realDate }).trim().pipe(dateOnly).refine(isRealDate, DRIVER_TEST_TEXT.realDate),
  result: z.enum(DRUG_TEST_RESULT_VALUES, { error: DRIVER_TEST_TEXT.result }),
  collectionSite: line(DRIVER_FILE_LIMITS.siteChars),
  note: z.preprocess(blank, freeText(DRIVER_FILE_LIMITS.noteChars).optional()),
  document: documentJson,
}

export const listDriverTestsInput = z.object({ companyId: idSchema, driverUserId: idSchema })
export type ListDriverTestsInput = z.input<typeof listDriverTestsInput>

export const addDriverTestInput = z.object({
  companyId: idSchema,
  driverUserId: idSchema,
  ...testFields,
  idempotencyKey: z.preprocess(
    blank,
    z.string().trim().max(DRIVER_TEST_KEY_MAX, atMostCharacters(DRIVER_TEST_KEY_MAX)).regex(/^[\x21-\x7e]+$/, DRIVER_TEST_TEXT.keyFormat).optional(),
  ),
})
export type AddDriverTestInput = z.input<typeof addDriverTestInput>

const removeDocumentField = z.preprocess((v) => {
  if (v === undefined || v === null || v === '') return undefined
  if (typeof v === 'string') return ['true', 'on', '1', 'yes'].includes(v.trim().toLowerCase())
  return v
}, z.boolean().optional())

export const updateDriverTestInput = z.object({
  id: idSchema,
  ...testFields,
  /** Removes the test's document (a new `document` replaces it anyway). */
  removeDocument: removeDocumentField,
})
export type UpdateDriverTestInput = z.input<typeof updateDriverTestInput>

export const deleteDriverTestInput = z.object({ id: idSchema })
export type DeleteDriverTestInput = z.input<typeof deleteDriverTestInput>

/** A document read by a page (multipart): its name and bytes, checked like every upload. */
export interface DriverTestUpload {
  fileName: string
  bytes: Uint8Array
}

export interface DriverTestView {
  id: number
  substance: DrugTestSubstance
  testType: DrugTestType
  /** YYYY-MM-DD */
  testDate: string
  result: DrugTestResult
  collectionSite: string | null
  note: string | null
  document: { id: number; fileName: string; contentType: string; sizeBytes: number } | null
  /** Months the test is kept (the company's period for its result). */
  keptMonths: number
  /** YYYY-MM-DD: the last day the test is kept; the retention job removes it after. */
  keptUntil: string
}

export interface DriverTestsList {
  companyId: number
  driverUserId: number
  driverName: string
  /** The caller manages the company's drivers (writes); false: the driver reading their own tests. */
  canEdit: boolean
  /** YYYY-MM-DD in the company's time zone (the latest date a test may have). */
  today: string
  /** The company's periods, in months. */
  keptMonths: { negative: number; positive: number }
  tests: DriverTestView[]
}

export interface SavedDriverTest {
  test: DriverTestView
  /** A repeated idempotency key: the first test, nothing recorded now. */
  replayed: boolean
}

export const testNotFound = () => new AppError('NOT_FOUND', DRIVER_TEST_TEXT.notFound)

type Reader = Pick<Tx, 'select'>

/** The company's retention periods for tests (its settings, else the rules' defaults; never below the minimum). */
export async function testRetentionMonths(read: Reader, companyId: number): Promise<{ negative: number; positive: number }> {
  const rows = await read
    .select({ recordType: retentionSettings.recordType, months: retentionSettings.months })
    .from(retentionSettings)
    .where(and(eq(retentionSettings.companyId, companyId), inArray(retentionSettings.recordType, ['drugTestsNegative', 'drugTestsPositive'])))
  const period = (type: 'drugTestsNegative' | 'drugTestsPositive') => {
    const rule = retentionRuleOf(type)
    return Math.max(rows.find((r) => r.recordType === type)?.months ?? rule.defaultMonths, rule.minimumMonths)
  }
  return { negative: period('drugTestsNegative'), positive: period('drugTestsPositive') }
}

/**
 * Months a test with `result` is kept: the company's period for its retention type, and at least
 * the result's own keptMonths (382.401(b)).
 */
export function testKeptMonths(result: DrugTestResult, months: { negative: number; positive: number }): number {
  const legal = DRUG_TEST_RESULTS.find((r) => r.value === result)?.keptMonths ?? 60
  return Math.max(result === 'negative' ? months.negative : months.positive, legal)
}

/** The last day a test dated `testDate` is kept for `keptMonths` (the retention job's cut-off, seen from the test). */
export function testKeptUntil(testDate: string, keptMonths: number): string {
  return plusMonths(testDate, keptMonths)
}

const testColumns = {
  id: driverTests.id,
  driverFileId: driverTests.driverFileId,
  companyId: driverTests.companyId,
  substance: driverTests.substance,
  testType: driverTests.testType,
  testDate: driverTests.testDate,
  result: driverTests.result,
  collectionSite: driverTests.collectionSite,
  note: driverTests.note,
  documentId: driverTests.documentId,
  documentFileName: driverDocuments.fileName,
  documentContentType: driverDocuments.contentType,
  documentSizeBytes: driverDocuments.sizeBytes,
  driverUserId: driverFiles.driverUserId,
}

function selectTests(read: Reader) {
  return read
    .select(testColumns)
    .from(driverTests)
    .innerJoin(driverFiles, eq(driverFiles.id, driverTests.driverFileId))
    .leftJoin(driverDocuments, eq(driverDocuments.id, driverTests.documentId))
}
type TestRow = Awaited<ReturnType<ReturnType<typeof selectTests>['where']>>[number]

function viewOf(row: TestRow, months: { negative: number; positive: number }): DriverTestView {
  const keptMonths = testKeptMonths(row.result, months)
  return {
    id: row.id,
    substance: row.substance,
    testType: row.testType,
    testDate: row.testDate,
    result: row.result,
    collectionSite: row.collectionSite,
    note: row.note,
    document:
      row.documentId !== null && row.documentFileName !== null
        ? { id: row.documentId, fileName: row.documentFileName, contentType: row.documentContentType ?? 'application/octet-stream', sizeBytes: row.documentSizeBytes ?? 0 }
        : null,
    keptMonths,
    keptUntil: testKeptUntil(row.testDate, keptMonths),
  }
}

async function testView(read: Reader, id: number): Promise<DriverTestView> {
  const [row] = await selectTests(read).where(eq(driverTests.id, id))
  if (!row) throw testNotFound()
  return viewOf(row, await testRetentionMonths(read, row.companyId))
}

const nameOf = (u: { firstName: string; lastName: string; email: string | null }) => `${u.firstName} ${u.lastName}`.trim() || u.email || ''

/**
 * GET /api/DriverTests/getTests, tRPC `driverTests.list` and the page: a driver's tests at the
 * company, newest first, each with how long it is kept. The operator's managers, or the driver
 * themself (read-only); the opening is written in the activity log ('driverTests.view').
 */
export async function listDriverTests(ctx: UseCaseContext, input: unknown): Promise<DriverTestsList> {
  const v = parseInput(listDriverTestsInput, input)
  const access = await driverRecordsAccess(ctx, v.companyId, v.driverUserId)
  const read = ctx.db.read
  const [person] = await read.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, v.driverUserId))
  const months = await testRetentionMonths(read, v.companyId)
  const rows = await selectTests(read)
    .where(and(eq(driverTests.companyId, v.companyId), eq(driverFiles.driverUserId, v.driverUserId)))
    .orderBy(desc(driverTests.testDate), desc(driverTests.id))
  await ctx.db.transaction(async (tx) => {
    await audit(tx, access.me, { action: 'driverTests.view', companyId: v.companyId, entityType: 'driverFile', entityId: v.driverUserId, details: { driverUserId: v.driverUserId } })
  })
  return {
    companyId: v.companyId,
    driverUserId: v.driverUserId,
    driverName: person ? nameOf(person) : '',
    canEdit: access.as === 'manager',
    today: await companyToday(ctx, v.companyId),
    keptMonths: months,
    tests: rows.map((r) => viewOf(r, months)),
  }
}

const bad = (field: string, message: string) => new AppError('BAD_REQUEST', message, { fieldErrors: { [field]: message } })

/** The document to store: the page's bytes, else the JSON's base64; checked outside any transaction. */
async function preparedUpload(json: { fileName: string; content: string } | undefined, upload: DriverTestUpload | undefined): Promise<PreparedDocument | null> {
  if (upload && upload.bytes.byteLength > 0) return prepareDocumentFile(upload)
  if (json) return prepareDocumentFile({ fileName: json.fileName, bytes: decodeBase64(json.content, 'document') })
  return null
}

async function checkNotFuture(ctx: UseCaseContext, companyId: number, testDate: string): Promise<void> {
  if (testDate > (await companyToday(ctx, companyId))) throw bad('testDate', DRIVER_TEST_TEXT.inFuture)
}

async function checkRoom(tx: Tx, driverFileId: number): Promise<void> {
  const [tests] = await tx.select({ n: sql<number>`count(*)` }).from(driverTests).where(eq(driverTests.driverFileId, driverFileId))
  const [items] = await tx.select({ n: sql<number>`count(*)` }).from(driverFileItems).where(eq(driverFileItems.driverFileId, driverFileId))
  if (Number(tests?.n ?? 0) + Number(items?.n ?? 0) >= DRIVER_FILE_LIMITS.recordsPerDriver) {
    throw new AppError('BAD_REQUEST', withValues(DRIVER_TEST_TEXT.tooMany, { n: DRIVER_FILE_LIMITS.recordsPerDriver }))
  }
}

const auditDetails = (driverUserId: number, t: { substance: string; testType: string; testDate: string }) => ({
  driverUserId,
  substance: t.substance,
  testType: t.testType,
  testDate: t.testDate,
})

async function earlierTest(read: Reader, me: UserActor, key: string | undefined) {
  if (!key) return null
  const [row] = await read
    .select({ id: driverTests.id, companyId: driverTests.companyId, driverUserId: driverFiles.driverUserId })
    .from(driverTests)
    .innerJoin(driverFiles, eq(driverFiles.id, driverTests.driverFileId))
    .where(and(eq(driverTests.createdByUserId, me.userId), eq(driverTests.idempotencyKey, key)))
  return row ?? null
}

/**
 * POST /api/DriverTests/addTest, tRPC `driverTests.add` and the page's form: a manager of the
 * operator company records a test of one of its drivers (present or past), with an optional
 * document. Bad input: 400 naming the field, nothing saved; a person who is not a driver of the
 * company: 404 "Driver not found". A repeated idempotency key answers the first test.
 */
export async function addDriverTest(ctx: UseCaseContext, input: unknown, upload?: DriverTestUpload): Promise<SavedDriverTest> {
  const v = parseInput(addDriverTestInput, input)
  const me = await requireDriverManager(ctx, v.companyId)
  const replay = async (): Promise<SavedDriverTest | null> => {
    const earlier = await earlierTest(ctx.db.read, me, v.idempotencyKey)
    if (!earlier) return null
    if (earlier.companyId !== v.companyId || earlier.driverUserId !== v.driverUserId) {
      throw new AppError('CONFLICT', DRIVER_TEST_TEXT.keyReused, { fieldErrors: { idempotencyKey: DRIVER_TEST_TEXT.keyReused } })
    }
    return { test: await testView(ctx.db.read, earlier.id), replayed: true }
  }
  const first = await replay()
  if (first) return first
  await requireDriverOfCompany(ctx.db.read, v.companyId, v.driverUserId)
  await checkNotFuture(ctx, v.companyId, v.testDate)
  const file = await preparedUpload(v.document, upload)
  const now = ctx.now ?? new Date()
  const saved = await ctx.db.transaction(async (tx) => {
    // Read again inside the transaction: a retry may have raced this one.
    const earlier = await earlierTest(tx, me, v.idempotencyKey)
    if (earlier) return { id: earlier.id, replayed: true }
    const driverFileId = await driverFileIdOf(tx, v.companyId, v.driverUserId, now)
    await checkRoom(tx, driverFileId)
    const documentId = file ? await storeDriverDocument(tx, me, { companyId: v.companyId, driverFileId, file, now }) : null
    const [row] = await tx
      .insert(driverTests)
      .values({
        driverFileId,
        companyId: v.companyId,
        substance: v.substance,
        testType: v.testType,
        testDate: v.testDate,
        result: v.result,
        collectionSite: v.collectionSite ?? null,
        note: v.note ?? null,
        documentId,
        idempotencyKey: v.idempotencyKey ?? null,
        createdByUserId: me.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: driverTests.id })
    await audit(tx, me, { action: 'driverTest.add', companyId: v.companyId, entityType: 'driverTest', entityId: row!.id, details: auditDetails(v.driverUserId, v) })
    return { id: row!.id, replayed: false }
  })
  if (saved.replayed) {
    const again = await replay()
    if (again) return again
  }
  return { test: await testView(ctx.db.read, saved.id), replayed: false }
}

/**
 * The test and the company it belongs to, for a write: the operator's managers; the driver
 * themself may read but not change it (403); anyone else, or an id of another company: 404
 * "Test not found".
 */
async function testForWrite(ctx: UseCaseContext, id: number): Promise<{ me: UserActor; row: TestRow }> {
  const [row] = await selectTests(ctx.db.read).where(eq(driverTests.id, id))
  if (!row) throw testNotFound()
  try {
    const me = await requireDriverManager(ctx, row.companyId)
    return { me, row }
  } catch (error) {
    if (error instanceof AppError && error.code === 'FORBIDDEN') {
      const access = await driverRecordsAccess(ctx, row.companyId, row.driverUserId).catch(() => null)
      if (access?.as === 'driver') throw forbidden(msg('Only the company’s managers change drug and alcohol tests'))
      throw testNotFound()
    }
    throw error
  }
}

/**
 * PUT /api/DriverTests/updateTest, tRPC `driverTests.update` and the page: a manager changes a
 * test (every field as sent); a new document replaces the old one, `removeDocument` removes it.
 */
export async function updateDriverTest(ctx: UseCaseContext, input: unknown, upload?: DriverTestUpload): Promise<DriverTestView> {
  const v = parseInput(updateDriverTestInput, input)
  const { me, row } = await testForWrite(ctx, v.id)
  await checkNotFuture(ctx, row.companyId, v.testDate)
  const file = await preparedUpload(v.document, upload)
  const now = ctx.now ?? new Date()
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select({ id: driverTests.id, documentId: driverTests.documentId }).from(driverTests).where(eq(driverTests.id, v.id))
    if (!current) throw testNotFound()
    let documentId = current.documentId
    if (file) documentId = await storeDriverDocument(tx, me, { companyId: row.companyId, driverFileId: row.driverFileId, file, now })
    else if (v.removeDocument) documentId = null
    await tx
      .update(driverTests)
      .set({
        substance: v.substance,
        testType: v.testType,
        testDate: v.testDate,
        result: v.result,
        collectionSite: v.collectionSite ?? null,
        note: v.note ?? null,
        documentId,
        updatedAt: now,
      })
      .where(eq(driverTests.id, v.id))
    if (documentId !== current.documentId) await deleteDriverDocument(tx, current.documentId)
    await audit(tx, me, { action: 'driverTest.update', companyId: row.companyId, entityType: 'driverTest', entityId: v.id, details: auditDetails(row.driverUserId, v) })
  })
  return testView(ctx.db.read, v.id)
}

/** DELETE /api/DriverTests/deleteTest, tRPC `driverTests.delete` and the page: a manager deletes a test and its document. */
export async function deleteDriverTest(ctx: UseCaseContext, input: unknown): Promise<{ id: number; driverUserId: number; companyId: number }> {
  const v = parseInput(deleteDriverTestInput, input)
  const { me, row } = await testForWrite(ctx, v.id)
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select({ documentId: driverTests.documentId }).from(driverTests).where(eq(driverTests.id, v.id))
    if (!current) throw testNotFound()
    await tx.delete(driverTests).where(eq(driverTests.id, v.id))
    await deleteDriverDocument(tx, current.documentId)
    await audit(tx, me, { action: 'driverTest.delete', companyId: row.companyId, entityType: 'driverTest', entityId: v.id, details: auditDetails(row.driverUserId, row) })
  })
  return { id: v.id, driverUserId: row.driverUserId, companyId: row.companyId }
}
