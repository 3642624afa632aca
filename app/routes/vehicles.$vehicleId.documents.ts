import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { handleDocumentsIntent, readFormWithDocuments, runDocumentsIntent } from '#app/routes/_app+/fleet-documents.server.ts'
import { getActor } from '#app/utils/auth.server.ts'
import { getDb } from '#server/db.server.ts'

function wantsJson(request: Request) {
  return (request.headers.get('accept') ?? '').includes('application/json')
}

function json(data: unknown, status: number) {
  return new Response(JSON.stringify(data), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

/**
 * POST /vehicles/{vehicleId}/documents: the Documents tab's upload and delete
 * (intents `uploadDocuments`, `deleteDocument`). With `Accept:
 * application/json` (the tab's XMLHttpRequest, which shows upload progress)
 * the answer is `{ toast }` with the outcome's status; otherwise a redirect
 * back to the form's `redirectTo` with the toast (no-JavaScript forms).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const json_ = wantsJson(request)
  const actor = await getActor(request)
  if (actor.kind !== 'user') return json_ ? json({ message: 'Authentication required' }, 401) : redirect('/login')
  const ctx = { db: getDb(), actor, ip: context.clientIp }
  const form = await readFormWithDocuments(request)
  // The vehicle is the one in the URL.
  form.set('vehicleId', String(params.vehicleId ?? ''))
  if (json_) {
    const outcome = await runDocumentsIntent(ctx, form)
    if (!outcome) return json({ message: 'Unknown intent' }, 400)
    return json({ toast: outcome.toast }, outcome.status)
  }
  const response = await handleDocumentsIntent(ctx, form)
  return response ?? json({ message: 'Unknown intent' }, 400)
}
