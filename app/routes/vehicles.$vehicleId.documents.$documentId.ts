import type { LoaderFunctionArgs } from '@remix-run/node'
import { attempt, userPage } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { DOCUMENT_TEXT } from '#catalog/documents.ts'
import { getDocumentFile } from '#server/documents/documents.server.ts'
import { documentResponse } from '#server/documents/download.server.ts'
import { sameOriginPath } from '#server/access/safe-redirect.ts'

/** The same-origin page the link was on (Referer), else the dashboard. */
function backTo(request: Request): string {
  return sameOriginPath(request.headers.get('referer'), request.url) ?? '/dashboard'
}

/**
 * GET /vehicles/{vehicleId}/documents/{documentId}: a vehicle document for the
 * pages (cookie session), opened in a new tab from the Documents tab. The
 * owner's managers, or the operator of an active assignment. A document that
 * cannot be shown sends the tab back with the spec's warning "Document not found".
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const file = await attempt(() => getDocumentFile(ctx, Number(args.params.vehicleId), Number(args.params.documentId)))
  if (file.ok) return documentResponse(file.value)
  if (file.error.code === 'NOT_FOUND') return redirectWithToast(backTo(args.request), { type: 'warning', message: DOCUMENT_TEXT.notFound })
  throw file.error
}
