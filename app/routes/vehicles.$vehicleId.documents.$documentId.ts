import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePageUser } from '#app/utils/auth.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { DOCUMENT_TEXT } from '#catalog/documents.ts'
import { getDb } from '#server/db.server.ts'
import { getDocumentFile } from '#server/documents/documents.server.ts'
import { documentResponse } from '#server/documents/download.server.ts'
import { isAppError } from '#server/errors.ts'
import { sameOriginPath } from '#server/http/safe-redirect.ts'

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
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request)
  try {
    const file = await getDocumentFile({ db: getDb(), actor, ip: context.clientIp }, Number(params.vehicleId), Number(params.documentId))
    return documentResponse(file)
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') {
      return redirectWithToast(backTo(request), { type: 'warning', message: DOCUMENT_TEXT.notFound })
    }
    throw error
  }
}
