import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { handleDocumentsIntent, readFormWithDocuments, runDocumentsIntent } from '#app/routes/_app+/fleet-documents.server.ts'
import { callerContext, json } from '#app/utils/page.server.ts'
import { DOCUMENT_INTENT } from '#catalog/documents.ts'

function wantsJson(request: Request) {
  return (request.headers.get('accept') ?? '').includes('application/json')
}

/**
 * POST /vehicles/{vehicleId}/documents: the Documents tab's upload and delete
 * (intents `uploadDocuments`, `deleteDocument`) as plain forms: a redirect
 * back to the form's `redirectTo` with the toast (no JavaScript). The upload
 * with JavaScript is an XMLHttpRequest, for its progress bar, that reads a
 * JSON answer `{ toast }` with the outcome's status (`Accept:
 * application/json`); the tab's other calls (delete) are tRPC (decision 015).
 */
export async function action(args: ActionFunctionArgs) {
  const { request, params } = args
  const json_ = wantsJson(request)
  const ctx = await callerContext(args)
  if (ctx.actor.kind !== 'user') return json_ ? json({ message: 'Authentication required' }, 401) : redirect('/login')
  const form = await readFormWithDocuments(request)
  // The vehicle is the one in the URL.
  form.set('vehicleId', String(params.vehicleId ?? ''))
  if (json_) {
    const outcome = form.get('intent') === DOCUMENT_INTENT.upload ? await runDocumentsIntent(ctx, form) : null
    if (!outcome) return json({ message: 'Unknown intent' }, 400)
    return json({ toast: outcome.toast }, outcome.status)
  }
  const response = await handleDocumentsIntent(ctx, form)
  return response ?? json({ message: 'Unknown intent' }, 400)
}
