/**
 * The fleet CSV import pages (decision 076): `/fleet/{companyId}/import` (the upload form) and
 * `/fleet/{companyId}/import/{importId}` (the preview and its Import button). Plain forms: the
 * upload redirects to the preview, the import to the fleet with a toast. With JavaScript the
 * button posts to the progress route instead (fleet.$companyId.import.$importId.progress.ts).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from '@remix-run/node'
import { FLEET_CSV_MAX_BYTES } from '#catalog/fleet-csv.ts'
import { msg, type Locale } from '#catalog/i18n.ts'
import { formatDateOnly } from '#app/utils/dates.ts'
import { attempt, companyPage, formFailure } from '#app/utils/page.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { AppError } from '#server/errors.ts'
import {
  commitFleetImport,
  getFleetImport,
  listFleetImports,
  previewFleetImport,
  type FleetImportView,
  type ImportProblemView,
} from '#server/fleet/import/fleet-import.server.ts'
import { readCsvFormUpload } from '#app/utils/csv-form-upload.server.ts'

export const FLEET_IMPORT_PAGE_TEXT = {
  title: msg('Import vehicles'),
  previewTitle: msg('Import preview'),
  noFile: msg('Choose a CSV file'),
  done: msg('Imported {n} vehicles; {skipped} rows with problems were skipped'),
  doneAll: msg('Imported {n} vehicles'),
} as const

const uploadTooLarge = () => new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${FLEET_CSV_MAX_BYTES / 1024 / 1024} MB`)


export async function fleetImportPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner'])
  const recent = await listFleetImports(ctx, companyId)
  return {
    title: translator(localeOfRequest(args.request))(FLEET_IMPORT_PAGE_TEXT.title),
    companyId,
    maxMb: FLEET_CSV_MAX_BYTES / 1024 / 1024,
    recent: recent.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    messages: routeMessages(args.request, 'fleet'),
  }
}

export async function fleetImportPageAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner'])
  const upload = await readCsvFormUpload(args.request, FLEET_CSV_MAX_BYTES)
  if (upload.tooLarge) return formFailure(uploadTooLarge(), {})
  if (!upload.bytes) return formFailure(new AppError('BAD_REQUEST', FLEET_IMPORT_PAGE_TEXT.noFile, { fieldErrors: { file: FLEET_IMPORT_PAGE_TEXT.noFile } }), {})
  const staged = await attempt(() => previewFleetImport(ctx, { companyId, fileName: upload.fileName, bytes: upload.bytes! }))
  if (!staged.ok) return formFailure(staged.error, {})
  throw redirect(`/fleet/${companyId}/import/${staged.value.id}`)
}

/**
 * The preview's problems in the reader's language (issue 39). The staged preview keeps them as
 * REST answers them, in English; here each is said from its message and values: a schema's
 * sentence made by `withValues` ("Make is required") through `sayText`, the duplicate's "what"
 * translated, a date in the reader's format. What the file holds (a column name, a cell) stays.
 */
function problemsInLanguage(view: FleetImportView, locale: Locale): FleetImportView {
  const t = translator(locale)
  const say = (p: ImportProblemView): ImportProblemView => {
    if (!p.values) return { ...p, message: t(p.messageId) }
    const values = { ...p.values }
    if (typeof values.what === 'string') values.what = t(values.what)
    if (typeof values.date === 'string') values.date = formatDateOnly(values.date, locale)
    return { ...p, message: t(p.messageId, values) }
  }
  return { ...view, fileProblems: view.fileProblems.map(say), problems: view.problems.map(say), warnings: view.warnings.map(say) }
}

export async function fleetImportPreviewLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner'])
  const importId = Number(args.params.importId)
  const view = await attempt(() => getFleetImport(ctx, { companyId, importId }))
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const base = { title: t(FLEET_IMPORT_PAGE_TEXT.previewTitle), companyId, messages: routeMessages(args.request, 'fleet') }
  if (!view.ok) {
    // Deleted by the clean-up after a week (decision 076), or never this company's: the page says so.
    if (view.error.code !== 'NOT_FOUND') throw new Response(view.error.message, { status: view.error.status })
    return data({ ...base, view: null as FleetImportView | null, gone: view.error.messageIn(t) as string | null }, { status: 404 })
  }
  // After the progress route (JavaScript): the fleet, with the same toast as the plain form.
  if (view.value.status === 'imported' && new URL(args.request.url).searchParams.get('done') === '1') {
    throw await redirectWithToast(`/fleet/${companyId}`, { type: 'success', message: doneMessage(t, view.value.importedCount ?? 0, view.value.totalRows - (view.value.importedCount ?? 0)) })
  }
  return data({ ...base, view: problemsInLanguage(view.value, locale) as FleetImportView | null, gone: null as string | null })
}

function doneMessage(t: ReturnType<typeof translator>, n: number, skipped: number) {
  return skipped > 0 ? t(FLEET_IMPORT_PAGE_TEXT.done, { n, skipped }) : t(FLEET_IMPORT_PAGE_TEXT.doneAll, { n })
}

export async function fleetImportPreviewAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner'])
  const importId = Number(args.params.importId)
  const done = await attempt(() => commitFleetImport(ctx, { companyId, importId }))
  if (!done.ok) return formFailure(done.error, {})
  const t = translator(localeOfRequest(args.request))
  return redirectWithToast(`/fleet/${companyId}`, { type: 'success', message: doneMessage(t, done.value.imported, done.value.skipped) })
}

export type FleetImportPreviewData = SerializeFrom<typeof fleetImportPreviewLoader>
