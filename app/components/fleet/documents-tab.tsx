import { useLocation, useRevalidator } from '@remix-run/react'
import { FileTextIcon, Trash2Icon, UploadIcon } from 'lucide-react'
import * as React from 'react'
import { toast } from 'sonner'
import { FormError } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT, type Translate } from '#app/utils/i18n.tsx'
import { TEXT } from '#catalog/texts.ts'
import { trpcCall } from '#app/utils/trpc-call.ts'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_INTENT,
  DOCUMENT_TEXT,
  documentUploadPath,
  extensionOf,
  MAX_DOCUMENT_BYTES,
} from '#catalog/documents.ts'

/** A document as the tab's table shows it (from `loadDocumentsForTab`). */
export interface DocumentRow {
  id: number
  fileName: string
  contentType: string
  /** "PDF", "Word", "PNG image"... */
  typeLabel: string
  uploadedBy: string
  /** ISO instant. */
  uploadedAt: string
  /** "Mar 4, 2025, 2:30 PM" in the viewer company's time zone. */
  uploadedAtLabel: string
  sizeBytes: number
  /** The browser download URL (opened in a new tab). */
  href: string
}

/** What `loadDocumentsForTab(ctx, vehicleId)` returns. */
export interface DocumentsTabData {
  vehicleId: number
  documents: DocumentRow[]
  /** Operators read only: no upload, no delete. */
  readOnly: boolean
  /** The reason the list could not be read, or null. */
  error: string | null
}

export interface DocumentsTabProps {
  vehicleId: number
  documents: DocumentRow[]
  readOnly: boolean
  /**
   * Where the no-JavaScript forms post (fields `intent`, `vehicleId`,
   * `redirectTo`, `files` / `documentId`): the fleet page's own action, which
   * hands them to `handleDocumentsIntent`. Defaults to the documents resource
   * route, which handles them itself. With JavaScript the tab always talks to
   * the resource route (upload progress needs a plain JSON answer).
   */
  actionPath?: string
  /** A load failure to show instead of the table. */
  error?: string | null
}

interface JsonOutcome {
  toast?: { type: 'success' | 'error' | 'warning' | 'info'; message: string }
  message?: string
}

function showToast(shown: { type: 'success' | 'error' | 'warning' | 'info'; message: string }) {
  const show = { success: toast.success, error: toast.error, warning: toast.warning, info: toast.info }[shown.type]
  show(shown.message, shown.type === 'error' ? { duration: 3200 } : undefined)
}

const SERVER_ERROR = TEXT.serverError

/** Reads the resource route's JSON answer into a toast (or the server-error toast). */
function toastFromResponse(status: number, body: string, t: Translate): boolean {
  let parsed: JsonOutcome | null = null
  try {
    parsed = JSON.parse(body) as JsonOutcome
  } catch {
    parsed = null
  }
  if (parsed?.toast) showToast(parsed.toast)
  else if (parsed?.message) showToast({ type: status < 400 ? 'success' : 'error', message: parsed.message })
  else showToast({ type: 'error', message: t(SERVER_ERROR) })
  return status >= 200 && status < 300
}

/** The current page (path and query), where the no-JavaScript forms come back to. */
function useBackPath() {
  const location = useLocation()
  return location.pathname + location.search
}

/**
 * The Documents tab of a vehicle's expanded row (spec section 2): the table
 * (file name opening the file in a new tab, type, uploaded at, delete with a
 * confirmation) and the upload of several files at once with a progress bar.
 * Operators (`readOnly`) see the table only.
 */
export function DocumentsTab({ vehicleId, documents, readOnly, actionPath, error }: DocumentsTabProps) {
  const { t } = useT()
  const postTo = actionPath ?? documentUploadPath(vehicleId)
  return (
    <section aria-label={t('Documents')} className="grid gap-4" data-testid="documents-tab">
      {readOnly ? null : <UploadForm vehicleId={vehicleId} actionPath={postTo} />}
      {error ? (
        <FormError message={error} className="bg-destructive/5" />
      ) : documents.length === 0 ? (
        <EmptyState
          icon={FileTextIcon}
          titleAs="p"
          title={t('No documents yet')}
          description={
            readOnly
              ? t('The owner has not uploaded any documents for this vehicle.')
              : t('Upload the vehicle’s papers above: PDF, Word, Excel, PNG or JPEG files, up to 5 MB each.')
          }
        />
      ) : (
        <DocumentsTable vehicleId={vehicleId} documents={documents} readOnly={readOnly} actionPath={postTo} />
      )}
    </section>
  )
}

function DocumentsTable({ vehicleId, documents, readOnly, actionPath }: { vehicleId: number; documents: DocumentRow[]; readOnly: boolean; actionPath: string }) {
  const { t } = useT()
  return (
    <Table aria-label={t('Vehicle documents')} containerProps={{ 'aria-label': t('Vehicle documents') }}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('File name')}</TableHead>
          <TableHead>{t('Type')}</TableHead>
          <TableHead>{t('Uploaded at')}</TableHead>
          {readOnly ? null : (
            <TableHead>
              <span className="sr-only">{t('Actions')}</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {documents.map((doc) => (
          <TableRow key={doc.id}>
            <TableCell cell="key" className="max-w-[28rem] truncate">
              <a
                href={doc.href}
                target="_blank"
                rel="noopener"
                className="font-medium text-primary underline-offset-4 hover:underline"
                title={t('{file} (uploaded by {name})', { file: doc.fileName, name: doc.uploadedBy })}
              >
                {doc.fileName}
                <span className="sr-only"> {t('(opens in a new tab)')}</span>
              </a>
            </TableCell>
            <TableCell label={t('Type')}>{t(doc.typeLabel)}</TableCell>
            <TableCell label={t('Uploaded at')}>
              <time dateTime={doc.uploadedAt}>{doc.uploadedAtLabel}</time>
            </TableCell>
            {readOnly ? null : (
              <TableCell cell="actions" className="text-right">
                <DeleteButton vehicleId={vehicleId} document={doc} actionPath={actionPath} />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/**
 * Delete with the spec's confirmation. Without JavaScript: a disclosure that
 * holds the question and a submit button. With JavaScript: a dialog, then a
 * tRPC call (`fleet.deleteDocument`), a toast and a reload of the page's data.
 */
function DeleteButton({ vehicleId, document: doc, actionPath }: { vehicleId: number; document: DocumentRow; actionPath: string }) {
  const hydrated = useHydrated()
  const back = useBackPath()
  const { revalidate } = useRevalidator()
  // With JavaScript the delete is a tRPC call; the no-JavaScript form below posts to the page.
  const [busy, setBusy] = React.useState(false)
  const { t } = useT()
  const label = t('Delete {file}', { file: doc.fileName })

  if (!hydrated) {
    return (
      <details className="inline-block text-left">
        <summary className="cursor-pointer list-none" aria-label={label}>
          <Trash2Icon className="inline size-4 text-destructive" aria-hidden="true" />
          <span className="ml-1 text-sm text-destructive">{t('Delete')}</span>
        </summary>
        <form method="post" action={actionPath} className="mt-2 grid gap-2 rounded-md border bg-background p-3 shadow-sm">
          <input type="hidden" name="intent" value={DOCUMENT_INTENT.delete} />
          <input type="hidden" name="vehicleId" value={vehicleId} />
          <input type="hidden" name="documentId" value={doc.id} />
          <input type="hidden" name="redirectTo" value={back} />
          <p className="text-sm whitespace-normal">{t(DOCUMENT_TEXT.confirmDelete)}</p>
          <Button type="submit" variant="destructive" size="sm">
            {t('Delete')}
          </Button>
        </form>
      </details>
    )
  }

  const onConfirm = async () => {
    setBusy(true)
    try {
      await (await trpcCall()).fleet.deleteDocument.mutate({ documentId: doc.id })
      showToast({ type: 'success', message: t(DOCUMENT_TEXT.deleted) })
      revalidate()
    } catch {
      showToast({ type: 'error', message: t(DOCUMENT_TEXT.deleteFailed) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost" size="icon" aria-label={label} disabled={busy}>
          <Trash2Icon className="text-destructive" />
        </Button>
      }
      title={t('Delete document?')}
      description={t(DOCUMENT_TEXT.confirmDelete)}
      confirmLabel={t('Delete')}
      variant="destructive"
      onConfirm={() => void onConfirm()}
    />
  )
}

/** Files the tab takes: an allowed extension and at most 5 MB; the others are named in a toast. */
function screenFiles(list: FileList | null): { keep: File[]; refused: string[]; tooLarge: string[] } {
  const keep: File[] = []
  const refused: string[] = []
  const tooLarge: string[] = []
  for (const file of Array.from(list ?? [])) {
    if (!DOCUMENT_EXTENSIONS.includes(extensionOf(file.name))) refused.push(file.name)
    else if (file.size > MAX_DOCUMENT_BYTES) tooLarge.push(file.name)
    else keep.push(file)
  }
  return { keep, refused, tooLarge }
}

/**
 * Upload of several files at once. Without JavaScript: a plain multipart post
 * (the server warns "Please select files" when none). With JavaScript: the
 * button is disabled until files are chosen, files of other types or over
 * 5 MB are dropped with a toast, and the upload runs over XMLHttpRequest so
 * its progress shows.
 */
function UploadForm({ vehicleId, actionPath }: { vehicleId: number; actionPath: string }) {
  const hydrated = useHydrated()
  const back = useBackPath()
  const { revalidate } = useRevalidator()
  const inputRef = React.useRef<HTMLInputElement>(null)
  const [count, setCount] = React.useState(0)
  const [progress, setProgress] = React.useState<number | null>(null)
  const { t } = useT()
  const inputId = React.useId()
  const hintId = React.useId()

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const { keep, refused, tooLarge } = screenFiles(input.files)
    if (refused.length) showToast({ type: 'error', message: t('Not selected files: {files}', { files: refused.join(', ') }) })
    if (tooLarge.length) {
      const reason = tooLarge.map((name) => t('{file} is larger than 5 MB', { file: name })).join('; ')
      showToast({ type: 'error', message: t('Issue uploading files: {reason}', { reason }) })
    }
    if (refused.length || tooLarge.length) {
      try {
        const dt = new DataTransfer()
        for (const f of keep) dt.items.add(f)
        input.files = dt.files
      } catch {
        input.value = ''
      }
    }
    setCount(input.files?.length ?? 0)
  }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const input = inputRef.current
    const files = Array.from(input?.files ?? [])
    if (files.length === 0) {
      showToast({ type: 'warning', message: t(DOCUMENT_TEXT.selectFiles) })
      return
    }
    const body = new FormData()
    body.set('intent', DOCUMENT_INTENT.upload)
    body.set('vehicleId', String(vehicleId))
    for (const f of files) body.append('files', f)

    const xhr = new XMLHttpRequest()
    xhr.open('POST', documentUploadPath(vehicleId))
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100))
    }
    xhr.onload = () => {
      setProgress(null)
      if (toastFromResponse(xhr.status, xhr.responseText, t) && input) {
        input.value = ''
        setCount(0)
      }
      revalidate()
    }
    xhr.onerror = () => {
      setProgress(null)
      showToast({ type: 'error', message: t(SERVER_ERROR) })
    }
    setProgress(0)
    xhr.send(body)
  }

  const uploading = progress !== null
  return (
    <form
      method="post"
      action={actionPath}
      encType="multipart/form-data"
      onSubmit={hydrated ? onSubmit : undefined}
      className="flex flex-wrap items-end gap-3 rounded-md border p-3"
    >
      {/* The text fields come before the file input: the server keeps them when a file is refused mid-way. */}
      <input type="hidden" name="intent" value={DOCUMENT_INTENT.upload} />
      <input type="hidden" name="vehicleId" value={vehicleId} />
      <input type="hidden" name="redirectTo" value={back} />
      <div className="grid min-w-0 flex-1 gap-1">
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('Upload documents')}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          name="files"
          multiple
          accept={DOCUMENT_ACCEPT}
          onChange={onChange}
          disabled={uploading}
          aria-describedby={hintId}
          className="block w-full max-w-md text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          {t('PDF, Word, Excel, PNG or JPEG; up to 5 MB each; several at once.')}
        </p>
      </div>
      <Button type="submit" disabled={hydrated && (count === 0 || uploading)}>
        <UploadIcon />
        {uploading ? t('Uploading…') : t('Upload')}
      </Button>
      {uploading ? (
        <div className="grid w-full gap-1" role="status" aria-live="polite">
          <progress value={progress} max={100} className="h-2 w-full max-w-md" aria-label={t('Upload progress')} />
          <span className="text-xs text-muted-foreground">{t('Uploading… {percent}%', { percent: progress })}</span>
        </div>
      ) : null}
    </form>
  )
}
