/**
 * Vehicle documents: the one catalogue of what may be uploaded (PRODUCT.md
 * section 4, spec section 5), the limits, and the spec's texts (section 8).
 * Read by the content check, the use cases, the REST adapter and the
 * Documents tab (this file has no server-only code).
 */
import { msg } from './i18n.ts'

/**
 * A kind of document the fleet accepts: `label` for the table's Type column,
 * `noun` for messages, `family` groups types a name may swap (a .doc holding
 * a .docx, a .jpg holding a PNG).
 */
export const DOCUMENT_TYPES = [
  { id: 'pdf', label: msg('PDF'), noun: 'a PDF document', family: 'pdf', extensions: ['pdf'], mime: 'application/pdf' },
  { id: 'doc', label: msg('Word (.doc)'), noun: 'a Word document', family: 'word', extensions: ['doc'], mime: 'application/msword' },
  {
    id: 'docx',
    label: msg('Word'),
    noun: 'a Word document',
    family: 'word',
    extensions: ['docx'],
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  { id: 'xls', label: msg('Excel (.xls)'), noun: 'an Excel workbook', family: 'excel', extensions: ['xls'], mime: 'application/vnd.ms-excel' },
  {
    id: 'xlsx',
    label: msg('Excel'),
    noun: 'an Excel workbook',
    family: 'excel',
    extensions: ['xlsx'],
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  { id: 'png', label: msg('PNG image'), noun: 'a PNG image', family: 'image', extensions: ['png'], mime: 'image/png' },
  { id: 'jpg', label: msg('JPEG image'), noun: 'a JPEG image', family: 'image', extensions: ['jpg', 'jpeg'], mime: 'image/jpeg' },
] as const

export type DocumentType = (typeof DOCUMENT_TYPES)[number]
export type DocumentTypeId = DocumentType['id']

/** The allowed extensions, lower case, without the dot. */
export const DOCUMENT_EXTENSIONS: readonly string[] = DOCUMENT_TYPES.flatMap((t) => t.extensions)

/** For `<input type="file" accept>`: ".pdf,.doc,.docx,.xls,.xlsx,.png,.jpg,.jpeg". */
export const DOCUMENT_ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',')

/** API.md: a document is at most 5 MiB decoded. */
export const MAX_DOCUMENT_BYTES = 5_242_880

/** A stored file name is at most this long (the path is never kept). */
export const MAX_DOCUMENT_NAME_LENGTH = 200

/** At most this many files in one upload (the request body limit bounds it anyway). */
export const MAX_DOCUMENTS_PER_UPLOAD = 20

/** The lower-case extension of a file name, without the dot ('' when none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase()
}

export function documentTypeByExtension(ext: string): DocumentType | undefined {
  const e = ext.toLowerCase()
  return DOCUMENT_TYPES.find((t) => (t.extensions as readonly string[]).includes(e))
}

export function documentTypeByMime(mime: string): DocumentType | undefined {
  const m = mime.toLowerCase().split(';')[0]!.trim()
  return DOCUMENT_TYPES.find((t) => t.mime === m)
}

/** A short label for the table's Type column ("PDF", "Word", "PNG image"); unknown types as they are. */
export function documentTypeLabel(contentType: string): string {
  return documentTypeByMime(contentType)?.label ?? contentType
}

/** The spec's texts (section 5 and section 8 "Fleet and documents"), verbatim. */
export const DOCUMENT_TEXT = {
  uploaded: msg('Vehicle document uploaded successfully'),
  selectFiles: msg('Please select files'),
  deleted: msg('Deleted document'),
  deleteFailed: msg('Issue deleting document'),
  /** Followed by the reason: "Issue uploading files: {reason}". */
  uploadFailedPrefix: 'Issue uploading files: ',
  notFound: msg('Document not found'),
  /** Followed by the names of the files that were not taken (error). */
  notSelectedPrefix: 'Not selected files: ',
  confirmDelete: msg('Are you sure you want to delete this document?'),
} as const

/** "Issue uploading files: {reason}". */
export function uploadFailedText(reason: string): string {
  return `${DOCUMENT_TEXT.uploadFailedPrefix}${reason}`
}

/** The reason of a 413 for one file: "<name> is larger than 5 MB". */
export function tooLargeReason(fileName: string): string {
  return `${fileName} is larger than 5 MB`
}

/** Form intents of the Documents tab (posted to the fleet page's action). */
export const DOCUMENT_INTENT = {
  upload: 'uploadDocuments',
  delete: 'deleteDocument',
} as const

/** The browser download URL of a document (cookie session; opened in a new tab). */
export function documentDownloadPath(vehicleId: number, documentId: number): string {
  return `/vehicles/${vehicleId}/documents/${documentId}`
}

/** The resource route the Documents tab uploads to with JavaScript (progress shown). */
export function documentUploadPath(vehicleId: number): string {
  return `/vehicles/${vehicleId}/documents`
}
