import type { LoaderFunctionArgs } from '@remix-run/node'
import { attempt, refusalText, userPage } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { sameOriginPath } from '#server/access/safe-redirect.ts'
import { getDriverDocumentFile } from '#server/drivers/driver-documents.server.ts'
import { documentResponse } from '#server/documents/download.server.ts'

/**
 * GET /driverFiles/{companyId}/{driverUserId}/documents/{documentId}: a document of a driver's
 * file or tests (issue 37, decision 086), opened in a new tab from the file's page (cookie
 * session). The operator's managers, or the driver themself; the opening is in the activity log.
 * A document that cannot be shown sends the tab back with "Document not found".
 */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const file = await attempt(() =>
    getDriverDocumentFile(ctx, { companyId: args.params.companyId, driverUserId: args.params.driverUserId, documentId: args.params.documentId }),
  )
  if (file.ok) return documentResponse(file.value)
  const back = sameOriginPath(args.request.headers.get('referer'), args.request.url) ?? '/dashboard'
  if (file.error.code === 'NOT_FOUND' || file.error.code === 'FORBIDDEN') {
    return redirectWithToast(back, { type: 'warning', message: refusalText(file.error) })
  }
  throw file.error
}
