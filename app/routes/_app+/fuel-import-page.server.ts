/**
 * The fuel card import pages (decision 085, on decision 076's pattern): `/fuel/{companyId}/import`
 * (the upload form) and `/fuel/{companyId}/import/{importId}` (the preview, its Import and Discard
 * buttons). Plain forms: the upload redirects to the preview, the import to the fuel log with a
 * toast. Owner and Operator managers.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from '@remix-run/node'
import { FUEL_CSV_MAX_BYTES, FUEL_CSV_MAX_ROWS, FUEL_IMPORTS_STAGED_MAX } from '#catalog/fuel-csv.ts'
import { msg, type Locale } from '#catalog/i18n.ts'
import { formatDateOnly } from '#app/utils/dates.ts'
import { attempt, companyPage, formFailure } from '#app/utils/page.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { AppError } from '#server/errors.ts'
import {
  commitFuelImport,
  discardFuelImport,
  FUEL_IMPORT_TEXT,
  getFuelImport,
  listFuelImports,
  previewFuelImport,
  type FuelImportProblemView,
  type FuelImportView,
} from '#server/costs/fuel-import.server.ts'
import { readCsvFormUpload } from '#app/utils/csv-form-upload.server.ts'

export const FUEL_IMPORT_PAGE_TEXT = {
  title: msg('Import a fuel card file'),
  previewTitle: msg('Fuel card import preview'),
  noFile: msg('Choose a CSV file'),
  done: msg('Imported {n} fill-ups; {skipped} rows were skipped'),
  doneAll: msg('Imported {n} fill-ups'),
} as const

const MANAGERS = ['Owner', 'Operator'] as const

const uploadTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${FUEL_CSV_MAX_BYTES / 1024 / 1024} MB`)


export async function fuelImportPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, MANAGERS)
  const recent = await listFuelImports(ctx, companyId)
  return {
    title: translator(localeOfRequest(args.request))(FUEL_IMPORT_PAGE_TEXT.title),
    companyId,
    maxMb: FUEL_CSV_MAX_BYTES / 1024 / 1024,
    maxRows: FUEL_CSV_MAX_ROWS,
    maxStaged: FUEL_IMPORTS_STAGED_MAX,
    recent,
    messages: routeMessages(args.request, 'costs', 'fleet'),
  }
}

export async function fuelImportPageAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, MANAGERS)
  const upload = await readCsvFormUpload(args.request, FUEL_CSV_MAX_BYTES)
  if (upload.tooLarge) return formFailure(uploadTooLarge(), {})
  if (!upload.bytes) return formFailure(new AppError('BAD_REQUEST', FUEL_IMPORT_PAGE_TEXT.noFile, { fieldErrors: { file: FUEL_IMPORT_PAGE_TEXT.noFile } }), {})
  const staged = await attempt(() => previewFuelImport(ctx, { companyId, fileName: upload.fileName, bytes: upload.bytes! }))
  if (!staged.ok) return formFailure(staged.error, {})
  throw redirect(`/fuel/${companyId}/import/${staged.value.id}`)
}

/** The preview's problems in the reader's language: each from its message and values; a date in the reader's format. */
function problemsInLanguage(view: FuelImportView, locale: Locale): FuelImportView {
  const t = translator(locale)
  const say = (p: FuelImportProblemView): FuelImportProblemView => {
    if (!p.values) return { ...p, message: t(p.messageId) }
    const values = { ...p.values }
    if (typeof values.date === 'string') values.date = formatDateOnly(values.date, locale)
    return { ...p, message: t(p.messageId, values) }
  }
  return { ...view, fileProblems: view.fileProblems.map(say), problems: view.problems.map(say) }
}

export async function fuelImportPreviewLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, MANAGERS)
  const importId = Number(args.params.importId)
  const view = await attempt(() => getFuelImport(ctx, { companyId, importId }))
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const base = { title: t(FUEL_IMPORT_PAGE_TEXT.previewTitle), companyId, locale, messages: routeMessages(args.request, 'costs', 'fleet') }
  if (!view.ok) {
    if (view.error.code !== 'NOT_FOUND') throw new Response(view.error.message, { status: view.error.status })
    return data({ ...base, view: null as FuelImportView | null, gone: view.error.messageIn(t) as string | null }, { status: 404 })
  }
  return data({ ...base, view: problemsInLanguage(view.value, locale) as FuelImportView | null, gone: null as string | null })
}

export async function fuelImportPreviewAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, MANAGERS)
  const importId = Number(args.params.importId)
  const form = await args.request.formData()
  const t = translator(localeOfRequest(args.request))
  if (form.get('intent') === 'discard') {
    const gone = await attempt(() => discardFuelImport(ctx, { companyId, importId }))
    if (!gone.ok) return formFailure(gone.error, {})
    return redirectWithToast(`/fuel/${companyId}/import`, { type: 'success', message: t(FUEL_IMPORT_TEXT.discarded) })
  }
  const done = await attempt(() => commitFuelImport(ctx, { companyId, importId }))
  if (!done.ok) return formFailure(done.error, {})
  const skipped = done.value.skipped + done.value.changed
  const message = skipped > 0 ? t(FUEL_IMPORT_PAGE_TEXT.done, { n: done.value.imported, skipped }) : t(FUEL_IMPORT_PAGE_TEXT.doneAll, { n: done.value.imported })
  return redirectWithToast(`/fuel/${companyId}`, { type: 'success', message })
}

export type FuelImportPageData = SerializeFrom<typeof fuelImportPageLoader>
export type FuelImportPreviewData = SerializeFrom<typeof fuelImportPreviewLoader>
