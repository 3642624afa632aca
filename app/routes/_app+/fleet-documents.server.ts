import { safeRedirect } from '#server/access/safe-redirect.ts'
import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from '@remix-run/node'
import { formatInstant } from '#app/utils/dates.ts'
import { positiveInt } from '#app/utils/form-data.ts'
import { attempt, refusalText } from '#app/utils/page.server.ts'
import { FLEET_TEXT } from '#app/components/fleet/texts.ts'
import { currentLocale, translateForRequest } from '#server/i18n/messages.server.ts'
import { redirectWithToast, type Toast } from '#app/utils/toast.server.ts'
import { MAX_REQUEST_BODY_BYTES } from '#catalog/fleet.ts'
import {
  DOCUMENT_INTENT,
  DOCUMENT_TEXT,
  documentDownloadPath,
  documentTypeLabel,
  MAX_DOCUMENT_BYTES,
  tooLargeReason,
} from '#catalog/documents.ts'
import type { UseCaseContext } from '#server/context/use-case-context.ts'
import {
  deleteVehicleDocument,
  listVehicleDocuments,
  uploadVehicleDocumentFiles,
  vehicleDocumentsAccess,
} from '#server/documents/documents.server.ts'
import type { DocumentRow, DocumentsTabData } from '#app/components/fleet/documents-tab.tsx'


/**
 * Set by `readFormWithDocuments` when the upload could not be read (a file over
 * 5 MB, a body over 32 MiB): the reason, answered by the upload intent as 413.
 */
/** Set on a form whose file part was over the size limit (read by the fleet action for the picture). */
export const UPLOAD_REJECTED_FIELD = '__uploadRejected'

/**
 * The Documents tab's data for one vehicle (call it after the page's own
 * guard): the active documents, newest first, and whether the caller may only
 * read them (operators). A failure to read is returned as `error` (spec:
 * load failures show the message), never thrown.
 */
export async function loadDocumentsForTab(ctx: UseCaseContext, vehicleId: number): Promise<DocumentsTabData> {
  const loaded = await attempt(() => Promise.all([vehicleDocumentsAccess(ctx, vehicleId), listVehicleDocuments(ctx, vehicleId)]))
  if (!loaded.ok) return { vehicleId, documents: [], readOnly: true, error: refusalText(loaded.error) }
  const [{ readOnly, timeZone }, docs] = loaded.value
  const documents: DocumentRow[] = docs.map((d) => ({
    id: d.id,
    fileName: d.fileName,
    contentType: d.contentType,
    typeLabel: documentTypeLabel(d.contentType),
    uploadedBy: d.uploadedBy,
    uploadedAt: d.uploadedAt,
    uploadedAtLabel: formatInstant(d.uploadedAt, timeZone, currentLocale()),
    sizeBytes: d.sizeBytes,
    href: documentDownloadPath(vehicleId, d.id),
  }))
  return { vehicleId, documents, readOnly, error: null }
}

/** Streams a part through while counting the bytes of the whole request. */
async function* counted(data: AsyncIterable<Uint8Array>, add: (n: number) => void): AsyncIterable<Uint8Array> {
  for await (const chunk of data) {
    add(chunk.byteLength)
    yield chunk
  }
}

class RequestTooLarge extends Error {}

/**
 * Reads an action's form, multipart or not. Use it in the fleet page's action
 * instead of `request.formData()`: files are held in memory with a bound
 * (5 MB + 1 byte per file, 32 MiB per request), and a file over the bound
 * turns the form into an upload intent that answers 413 "Issue uploading
 * files: <name> is larger than 5 MB" instead of an error page.
 */
export async function readFormWithDocuments(request: Request): Promise<FormData> {
  const type = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data/i.test(type)) return request.formData()

  // The text fields read so far (the tab puts them before its file input), kept
  // for the answer when a file is refused mid-way.
  const fields = new FormData()
  const rejected = (reason: string) => {
    const form = new FormData()
    for (const [k, v] of fields) form.append(k, v)
    form.set('intent', DOCUMENT_INTENT.upload)
    form.set(UPLOAD_REJECTED_FIELD, reason)
    return form
  }
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_REQUEST_BODY_BYTES) return rejected('the files are larger than 32 MB together')

  let total = 0
  let current = ''
  const memory = unstable_createMemoryUploadHandler({ maxPartSize: MAX_DOCUMENT_BYTES + 1 })
  const handler: UploadHandler = async (part) => {
    current = part.filename ?? part.name
    const value = await memory({
      ...part,
      data: counted(part.data, (n) => {
        total += n
        if (total > MAX_REQUEST_BODY_BYTES) throw new RequestTooLarge()
      }),
    })
    if (typeof value === 'string') fields.append(part.name, value)
    return value
  }
  try {
    return await unstable_parseMultipartFormData(request, handler)
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return rejected(tooLargeReason(current))
    if (error instanceof RequestTooLarge) return rejected('the files are larger than 32 MB together')
    throw error
  }
}

/** A same-origin path to go back to, or null (never `//host` or an absolute URL). */
export function safeLocalPath(value: FormDataEntryValue | string | null | undefined): string | null {
  return safeRedirect(value, '') || null
}

export function isDocumentsIntent(intent: FormDataEntryValue | null): boolean {
  return intent === DOCUMENT_INTENT.upload || intent === DOCUMENT_INTENT.delete
}

/** What a Documents tab post did: the HTTP status and the toast to show. */
export interface DocumentsOutcome {
  status: number
  toast: Toast
}

const errorToast = (message: string): Toast => ({ type: 'error', message: translateForRequest(message) })
/** "Issue uploading files: {reason}" in the request's language (the JSON answer is not translated on its way). */
const uploadFailedToast = (reason: string): Toast => errorToast(translateForRequest('Issue uploading files: {reason}', { reason: translateForRequest(reason) }))

/**
 * Runs the tab's upload or delete from its form fields (`intent`, `vehicleId`,
 * `files`, `documentId`), or returns null when the intent is not the tab's.
 * Authorization is the use cases' (owner managers only; others get the 404 as
 * the toast's reason).
 */
export async function runDocumentsIntent(ctx: UseCaseContext, form: FormData): Promise<DocumentsOutcome | null> {
  const intent = form.get('intent')
  if (intent === DOCUMENT_INTENT.upload) {
    const rejected = form.get(UPLOAD_REJECTED_FIELD)
    if (typeof rejected === 'string' && rejected) return { status: 413, toast: uploadFailedToast(rejected) }
    const files = form.getAll('files').filter((f): f is File => typeof f !== 'string' && f.name !== '' && f.size > 0)
    if (files.length === 0) return { status: 400, toast: { type: 'warning', message: translateForRequest(DOCUMENT_TEXT.selectFiles) } }
    const vehicleId = positiveInt(form.get('vehicleId'))
    if (!vehicleId) return { status: 400, toast: uploadFailedToast(FLEET_TEXT.vehicleNotLoaded) }
    const uploaded = await attempt(async () => {
      const uploads = await Promise.all(files.map(async (f) => ({ vehicleId, fileName: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })))
      return uploadVehicleDocumentFiles(ctx, uploads)
    })
    if (uploaded.ok) return { status: 200, toast: { type: 'success', message: translateForRequest(DOCUMENT_TEXT.uploaded) } }
    const { message, status } = uploaded.error
    return { status, toast: message.startsWith(DOCUMENT_TEXT.uploadFailedPrefix) ? errorToast(message) : uploadFailedToast(message) }
  }
  if (intent === DOCUMENT_INTENT.delete) {
    const documentId = positiveInt(form.get('documentId'))
    if (!documentId) return { status: 400, toast: errorToast(DOCUMENT_TEXT.deleteFailed) }
    const deleted = await attempt(() => deleteVehicleDocument(ctx, documentId))
    if (deleted.ok) return { status: 200, toast: { type: 'success', message: translateForRequest(DOCUMENT_TEXT.deleted) } }
    return { status: deleted.error.status, toast: errorToast(DOCUMENT_TEXT.deleteFailed) }
  }
  return null
}

/**
 * For the fleet page's action (no-JavaScript posts of the Documents tab):
 * handles the intents `uploadDocuments` and `deleteDocument` and answers a
 * redirect back to the page (the form's `redirectTo`, or `opts.redirectTo`)
 * with the spec's toast; returns null for any other intent. Read the form
 * with `readFormWithDocuments(request)` so uploads are bounded.
 */
export async function handleDocumentsIntent(ctx: UseCaseContext, form: FormData, opts: { redirectTo?: string } = {}): Promise<Response | null> {
  const outcome = await runDocumentsIntent(ctx, form)
  if (!outcome) return null
  const back = safeLocalPath(opts.redirectTo) ?? safeLocalPath(form.get('redirectTo')) ?? '/'
  return redirectWithToast(back, outcome.toast)
}
