/**
 * Loader and action of a driver's drug and alcohol tests (`/driverFiles/{companyId}/{driverUserId}/tests`,
 * issue 37 point 2, decision 086). The operator's managers add, change and delete tests with an
 * optional document (a multipart plain form, no JavaScript needed); the driver reads their own.
 * The use cases decide who sees what; opening the page is written in the activity log.
 */
import { TEST_INTENT } from '#app/components/drivers/intents.ts'
import { randomUUID } from 'node:crypto'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { formatDateOnly } from '#app/utils/dates.ts'
import { positiveInt, text } from '#app/utils/form-data.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { attempt, companyPage, formFailure, refusalText } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { readFormWithDocuments, UPLOAD_REJECTED_FIELD } from '#app/routes/_app+/fleet-documents.server.ts'
import { msg } from '#catalog/i18n.ts'
import {
  addDriverTest,
  deleteDriverTest,
  DRIVER_TEST_TEXT,
  listDriverTests,
  updateDriverTest,
  type DriverTestUpload,
} from '#server/drivers/driver-tests.server.ts'
import { AppError } from '#server/errors.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'

export const DRIVER_TESTS_TITLE = msg('Drug and alcohol tests')
const DOCUMENT_TOO_LARGE = msg('The document could not be uploaded: {reason}')

/** The form's intent field (not `intent`: the upload reader replaces that one when a file is refused). */
export { TEST_INTENT }
export const TEST_FORM_FIELDS = ['substance', 'testType', 'testDate', 'result', 'collectionSite', 'note'] as const

function idsOf(args: LoaderFunctionArgs | ActionFunctionArgs): number {
  const driverUserId = positiveInt(args.params.driverUserId ?? null)
  if (!driverUserId) throw redirect('/dashboard')
  return driverUserId
}

export const driverTestsPath = (companyId: number, driverUserId: number) => `/driverFiles/${companyId}/${driverUserId}/tests`
export const driverDocumentPath = (companyId: number, driverUserId: number, documentId: number) => `/driverFiles/${companyId}/${driverUserId}/documents/${documentId}`

export async function driverTestsPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Operator', 'Driver'])
  const driverUserId = idsOf(args)
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const got = await attempt(() => listDriverTests(ctx, { companyId, driverUserId }))
  if (!got.ok) {
    // A person who is not a driver of the company, or someone else's tests: home, with the reason.
    if (got.error.code === 'NOT_FOUND' || got.error.code === 'FORBIDDEN') throw await redirectWithToast('/', { type: 'warning', message: refusalText(got.error) })
    throw got.error
  }
  const l = got.value
  return {
    title: t(DRIVER_TESTS_TITLE),
    companyId,
    driverUserId,
    driverName: l.driverName,
    canEdit: l.canEdit,
    today: l.today,
    keptMonths: l.keptMonths,
    fileHref: `/driverFiles/${companyId}/${driverUserId}`,
    tests: l.tests.map((x) => ({
      ...x,
      testDateLabel: formatDateOnly(x.testDate, locale),
      keptUntilLabel: formatDateOnly(x.keptUntil, locale),
      documentHref: x.document ? driverDocumentPath(companyId, driverUserId, x.document.id) : null,
    })),
    /** One key per form shown: a double submit records the test once. */
    idempotencyKey: randomUUID(),
    messages: routeMessages(args.request, 'drivers'),
  }
}

/** The document posted with the form, if one was chosen. */
async function uploadOf(form: FormData): Promise<DriverTestUpload | undefined> {
  const file = form.get('document')
  if (!file || typeof file === 'string' || file.name === '' || file.size === 0) return undefined
  return { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
}

export async function driverTestsPageAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Operator', 'Driver'])
  const driverUserId = idsOf(args)
  const back = driverTestsPath(companyId, driverUserId)
  const form = await readFormWithDocuments(args.request)
  const intent = text(form, 'testIntent')
  const testId = positiveInt(form.get('testId'))
  const values: Record<string, string> = {}
  for (const name of TEST_FORM_FIELDS) values[name] = text(form, name)
  const idempotencyKey = text(form, 'idempotencyKey').trim() || randomUUID()
  const fields = [...TEST_FORM_FIELDS, 'document']
  const answer = { intent, testId, values, idempotencyKey }

  const rejected = form.get(UPLOAD_REJECTED_FIELD)
  if (typeof rejected === 'string' && rejected && intent !== TEST_INTENT.delete) {
    const error = new AppError('PAYLOAD_TOO_LARGE', DOCUMENT_TOO_LARGE, { localized: (tr) => tr(DOCUMENT_TOO_LARGE, { reason: tr(rejected) }) })
    return formFailure(error, answer)
  }
  const t = translator(localeOfRequest(args.request))
  if (intent === TEST_INTENT.add) {
    const added = await attempt(async () => addDriverTest(ctx, { companyId, driverUserId, ...values, idempotencyKey }, await uploadOf(form)))
    if (!added.ok) return formFailure(added.error, answer, { fields })
    return redirectWithToast(back, { type: 'success', message: t(DRIVER_TEST_TEXT.added) })
  }
  if (intent === TEST_INTENT.update) {
    const updated = await attempt(async () => updateDriverTest(ctx, { id: testId, ...values, removeDocument: text(form, 'removeDocument') }, await uploadOf(form)))
    if (!updated.ok) return formFailure(updated.error, answer, { fields })
    return redirectWithToast(back, { type: 'success', message: t(DRIVER_TEST_TEXT.updated) })
  }
  if (intent === TEST_INTENT.delete) {
    const deleted = await attempt(() => deleteDriverTest(ctx, { id: testId }))
    if (!deleted.ok) return formFailure(deleted.error, answer)
    return redirectWithToast(back, { type: 'success', message: t(DRIVER_TEST_TEXT.deleted) })
  }
  return redirect(back)
}
