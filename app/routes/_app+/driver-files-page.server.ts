/**
 * Loaders and action of the driver qualification files (issue 37 point 1, decision 086):
 * `/driverFiles/{companyId}` (all drivers, the operator's managers) and
 * `/driverFiles/{companyId}/{driverUserId}` (one file: the managers edit it with plain forms — a
 * multipart upload for the document, no JavaScript needed — the driver reads their own). The use
 * cases decide who sees what; opening a file is written in the activity log.
 */
import { FILE_INTENT } from '#app/components/drivers/intents.ts'
import { randomUUID } from 'node:crypto'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { formatDateOnly, formatInstant } from '#app/utils/dates.ts'
import { positiveInt, text } from '#app/utils/form-data.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { attempt, companyPage, formFailure, refusalText } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { readFormWithDocuments, UPLOAD_REJECTED_FIELD } from '#app/routes/_app+/fleet-documents.server.ts'
import { DRIVER_FILE_ITEM_STATE_LABELS, driverFileItemLabel } from '#catalog/drivers.ts'
import { msg } from '#catalog/i18n.ts'
import { getDriverFile, listDriverFiles, updateDriverFile } from '#server/drivers/driver-files.server.ts'
import { addFileItem, deleteFileItem, updateFileItem, type FileItemUpload } from '#server/drivers/file-items.server.ts'
import { AppError } from '#server/errors.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'

export const DRIVER_FILES_TITLE = msg('Driver files')
const DOCUMENT_TOO_LARGE = msg('The document could not be uploaded: {reason}')
export const DRIVER_FILE_TOASTS = {
  hiredOn: msg('Hire date saved'),
  added: msg('Item added to the driver’s file'),
  updated: msg('Item saved'),
  deleted: msg('Item deleted'),
} as const

/** The form's intent field (not `intent`: the upload reader replaces that one when a file is refused). */
export { FILE_INTENT }
export const ITEM_FORM_FIELDS = ['kind', 'itemDate', 'expiryDate', 'note'] as const

export const driverFilePath = (companyId: number, driverUserId: number) => `/driverFiles/${companyId}/${driverUserId}`
export const driverFileDocumentPath = (companyId: number, driverUserId: number, documentId: number) => `/driverFiles/${companyId}/${driverUserId}/documents/${documentId}`

const PAGE_SIZES = [10, 25, 50, 100]

export async function driverFilesListLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Operator'])
  const url = new URL(args.request.url)
  const status = url.searchParams.get('status') === 'former' ? 'former' : 'current'
  const page = positiveInt(url.searchParams.get('page')) ?? 1
  const pageSize = PAGE_SIZES.includes(Number(url.searchParams.get('pageSize'))) ? Number(url.searchParams.get('pageSize')) : 25
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const listed = await attempt(() => listDriverFiles(ctx, { companyId, status, page, pageSize }))
  if (!listed.ok && listed.error.code === 'FORBIDDEN') throw await redirectWithToast('/', { type: 'warning', message: refusalText(listed.error) })
  const list = listed.ok ? listed.value : null
  return {
    title: t(DRIVER_FILES_TITLE),
    companyId,
    status,
    error: listed.ok ? null : refusalText(listed.error),
    list: list
      ? {
          ...list,
          drivers: list.drivers.map((d) => ({
            ...d,
            href: driverFilePath(companyId, d.driverUserId),
            hiredOnLabel: d.hiredOn ? formatDateOnly(d.hiredOn, locale) : null,
            endedLabel: d.employmentEndedAt ? formatInstant(d.employmentEndedAt, undefined, locale) : null,
          })),
        }
      : null,
    messages: routeMessages(args.request, 'drivers'),
  }
}

function driverUserIdOf(args: LoaderFunctionArgs | ActionFunctionArgs): number {
  const driverUserId = positiveInt(args.params.driverUserId ?? null)
  if (!driverUserId) throw redirect('/dashboard')
  return driverUserId
}

export async function driverFileLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Operator', 'Driver'])
  const driverUserId = driverUserIdOf(args)
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const got = await attempt(() => getDriverFile(ctx, { companyId, driverUserId }))
  if (!got.ok) {
    // A person who is not a driver of the company, or someone else's file: home, with the reason.
    if (got.error.code === 'NOT_FOUND' || got.error.code === 'FORBIDDEN') throw await redirectWithToast('/', { type: 'warning', message: refusalText(got.error) })
    throw got.error
  }
  const f = got.value
  const date = (d: string | null) => (d ? formatDateOnly(d, locale) : null)
  return {
    title: t(DRIVER_FILES_TITLE),
    file: {
      ...f,
      endedLabel: f.employmentEndedAt ? formatInstant(f.employmentEndedAt, undefined, locale) : null,
      kinds: f.kinds.map((k) => ({
        ...k,
        label: driverFileItemLabel(k.kind),
        stateLabel: DRIVER_FILE_ITEM_STATE_LABELS[k.state],
        dueOnLabel: date(k.dueOn),
        items: k.items.map((i) => ({
          ...i,
          itemDateLabel: date(i.itemDate)!,
          expiryDateLabel: date(i.expiryDate),
          documentHref: i.document ? driverFileDocumentPath(companyId, driverUserId, i.document.id) : null,
        })),
      })),
    },
    listHref: f.canEdit ? `/driverFiles/${companyId}` : null,
    testsHref: `${driverFilePath(companyId, driverUserId)}/tests`,
    hoursHref: `/hours/${companyId}/${driverUserId}`,
    /** One key per form shown: a double submit adds the item once. */
    idempotencyKey: randomUUID(),
    messages: routeMessages(args.request, 'drivers'),
  }
}

/** The document posted with the form, if one was chosen. */
async function uploadOf(form: FormData): Promise<FileItemUpload | null> {
  const file = form.get('document')
  if (!file || typeof file === 'string' || (file.name === '' && file.size === 0)) return null
  return { fileName: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
}

export async function driverFileAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Operator', 'Driver'])
  const driverUserId = driverUserIdOf(args)
  const back = driverFilePath(companyId, driverUserId)
  const form = await readFormWithDocuments(args.request)
  const intent = text(form, 'fileIntent')
  const itemId = positiveInt(form.get('itemId'))
  const values: Record<string, string> = {}
  for (const name of ITEM_FORM_FIELDS) values[name] = text(form, name)
  const hiredOn = text(form, 'hiredOn')
  const idempotencyKey = text(form, 'idempotencyKey').trim() || randomUUID()
  const fields = [...ITEM_FORM_FIELDS, 'document']
  const answer = { intent, itemId, values: { ...values, hiredOn }, idempotencyKey }

  const rejected = form.get(UPLOAD_REJECTED_FIELD)
  if (typeof rejected === 'string' && rejected && intent !== FILE_INTENT.delete) {
    const error = new AppError('PAYLOAD_TOO_LARGE', DOCUMENT_TOO_LARGE, { localized: (tr) => tr(DOCUMENT_TOO_LARGE, { reason: tr(rejected) }) })
    return formFailure(error, answer)
  }
  const t = translator(localeOfRequest(args.request))
  if (intent === FILE_INTENT.hiredOn) {
    const saved = await attempt(() => updateDriverFile(ctx, { companyId, driverUserId, hiredOn }))
    if (!saved.ok) return formFailure(saved.error, answer, { fields: ['hiredOn'] })
    return redirectWithToast(back, { type: 'success', message: t(DRIVER_FILE_TOASTS.hiredOn) })
  }
  if (intent === FILE_INTENT.add) {
    const added = await attempt(async () => addFileItem(ctx, { companyId, driverUserId, ...values, idempotencyKey }, await uploadOf(form)))
    if (!added.ok) return formFailure(added.error, answer, { fields })
    return redirectWithToast(back, { type: 'success', message: t(DRIVER_FILE_TOASTS.added) })
  }
  if (intent === FILE_INTENT.update) {
    const updated = await attempt(async () => updateFileItem(ctx, { id: itemId, ...values, removeDocument: text(form, 'removeDocument') }, await uploadOf(form)))
    if (!updated.ok) return formFailure(updated.error, answer, { fields })
    return redirectWithToast(back, { type: 'success', message: t(DRIVER_FILE_TOASTS.updated) })
  }
  if (intent === FILE_INTENT.delete) {
    const deleted = await attempt(() => deleteFileItem(ctx, { id: itemId }))
    if (!deleted.ok) return formFailure(deleted.error, answer)
    return redirectWithToast(back, { type: 'success', message: t(DRIVER_FILE_TOASTS.deleted) })
  }
  return redirect(back)
}
