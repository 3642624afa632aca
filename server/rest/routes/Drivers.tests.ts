import { z } from 'zod'
import { DRIVER_FILE_LIMITS, DRUG_TEST_RESULT_VALUES, DRUG_TEST_SUBSTANCE_VALUES, DRUG_TEST_TYPE_VALUES } from '#catalog/drivers.ts'
import { addDriverTest, deleteDriverTest, DRIVER_TEST_KEY_MAX, listDriverTests, updateDriverTest } from '../../drivers/driver-tests.server.ts'
import { idSchema } from '../../validation.ts'
import { json } from '../respond.ts'
import { defineRoute } from '../route.ts'

/**
 * /api/DriverTests/… (issue 37 point 2, decision 086): drug and alcohol testing records (49 CFR
 * part 382). The use cases authorize: the operator company's managers (role Operator) read and
 * write the tests of its drivers; a driver reads their own (read-only); anyone else gets nothing.
 * A test's result is never in an audit row, a webhook or an export.
 */

/** The REST door's `Idempotency-Key` header joins the body's key (the body's wins). */
function withIdempotencyHeader(body: unknown, header: string | null): unknown {
  if (!header || !body || typeof body !== 'object' || Array.isArray(body)) return body
  const b = body as Record<string, unknown>
  return b.idempotencyKey == null || b.idempotencyKey === '' ? { ...b, idempotencyKey: header } : b
}

const documentBody = z
  .object({
    fileName: z.string().describe('The file’s name, with its extension'),
    content: z.string().describe('Base64 (a `data:…;base64,` prefix is accepted); pdf, doc, docx, xls, xlsx, png, jpg, jpeg, at most 5 MiB, type checked by content'),
  })
  .optional()
  .describe('An optional document (the lab result, the custody and control form)')

const fields = {
  substance: z.enum(DRUG_TEST_SUBSTANCE_VALUES),
  testType: z.enum(DRUG_TEST_TYPE_VALUES),
  testDate: z.string().describe('YYYY-MM-DD, not after the company’s today'),
  result: z.enum(DRUG_TEST_RESULT_VALUES),
  collectionSite: z.string().optional().describe(`At most ${DRIVER_FILE_LIMITS.siteChars} characters`),
  note: z.string().optional().describe(`At most ${DRIVER_FILE_LIMITS.noteChars} characters`),
  document: documentBody,
}

const addBody = z.object({
  companyId: z.number().int(),
  driverUserId: z.number().int().describe('A person who holds or held the Driver role at the company'),
  ...fields,
  idempotencyKey: z.string().optional().describe(`At most ${DRIVER_TEST_KEY_MAX} printable characters; the Idempotency-Key header works too. A repeated key answers the first test`),
})

const updateBody = z.object({
  id: z.number().int(),
  ...fields,
  removeDocument: z.boolean().optional().describe('Remove the test’s document (a new `document` replaces it anyway)'),
})

const testSchema = z.object({
  id: z.number().int(),
  substance: z.enum(DRUG_TEST_SUBSTANCE_VALUES),
  testType: z.enum(DRUG_TEST_TYPE_VALUES),
  testDate: z.string().describe('YYYY-MM-DD'),
  result: z.enum(DRUG_TEST_RESULT_VALUES),
  collectionSite: z.string().nullable(),
  note: z.string().nullable(),
  document: z
    .object({ id: z.number().int(), fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() })
    .nullable()
    .describe('Download it with GET /api/DriverFiles/getDocument'),
  keptMonths: z.number().int().describe('The company’s retention period for this result (1 year negative, 5 years positive or refusal, or longer)'),
  keptUntil: z.string().describe('YYYY-MM-DD: the last day the test is kept; removed by the daily retention run after it'),
})

export const driverTestRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/DriverTests/getTests',
    tag: 'DriverTests',
    summary:
      'A driver’s drug and alcohol tests at an operator company, newest first, each with how long it is kept: the company’s managers (role Operator), or the driver themself (read-only). Written in the activity log',
    auth: 'user',
    query: z.object({ companyId: idSchema, driverUserId: idSchema }),
    response: z.object({
      companyId: z.number().int(),
      driverUserId: z.number().int(),
      driverName: z.string(),
      canEdit: z.boolean().describe('The caller manages the company’s drivers'),
      today: z.string().describe('YYYY-MM-DD in the company’s time zone'),
      keptMonths: z.object({ negative: z.number().int(), positive: z.number().int() }),
      tests: z.array(testSchema),
    }),
    errors: [403, 404],
    handler: (ctx) => listDriverTests(ctx, ctx.query),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/DriverTests/addTest',
    tag: 'DriverTests',
    summary: 'Record a drug or alcohol test of a driver (the operator company’s managers), with an optional document. 404 "Driver not found" for a person who is not a driver of the company',
    auth: 'user',
    body: addBody,
    status: 201,
    response: testSchema,
    responseDescription: 'Recorded (or, for a repeated Idempotency-Key, the first test, with `Idempotent-Replayed: true`)',
    errors: [403, 404, 409, 413, 415],
    handler: async (ctx) => {
      const { test, replayed } = await addDriverTest(ctx, withIdempotencyHeader(ctx.body, ctx.request.headers.get('idempotency-key')))
      return json(test, 201, replayed ? { 'Idempotent-Replayed': 'true' } : {})
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/DriverTests/updateTest',
    tag: 'DriverTests',
    summary: 'Change a test (the operator company’s managers): every field as sent. 404 "Test not found" for a test of another company',
    auth: 'user',
    body: updateBody,
    response: testSchema,
    errors: [403, 404, 413, 415],
    handler: (ctx) => updateDriverTest(ctx, ctx.body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/DriverTests/deleteTest',
    tag: 'DriverTests',
    summary: 'Delete a test and its document (the operator company’s managers)',
    auth: 'user',
    query: z.object({ id: idSchema }),
    response: z.object({ id: z.number().int(), driverUserId: z.number().int(), companyId: z.number().int() }),
    errors: [403, 404],
    handler: (ctx) => deleteDriverTest(ctx, ctx.query),
  }),
]
