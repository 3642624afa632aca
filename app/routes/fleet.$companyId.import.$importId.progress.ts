import type { ActionFunctionArgs } from '@remix-run/node'
import { companyPage } from '#app/utils/page.server.ts'
import { isAppError } from '#server/errors.ts'
import { commitFleetImport } from '#server/fleet/import/fleet-import.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { logger } from '#server/log.server.ts'

/**
 * POST /fleet/{companyId}/import/{importId}/progress: the Import button with JavaScript (decision
 * 076). The same use case as the form, answered as NDJSON: `{"done":n,"total":m}` lines while the
 * transaction writes, then `{"ok":true,"imported":n,"skipped":k}` or `{"ok":false,"message":"…"}`.
 */
export async function action(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner'])
  const importId = Number(args.params.importId)
  const t = translator(localeOfRequest(args.request))
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (line: unknown) => controller.enqueue(encoder.encode(JSON.stringify(line) + '\n'))
      try {
        const done = await commitFleetImport(ctx, { companyId, importId }, (d, total) => send({ done: d, total }))
        send({ ok: true, imported: done.imported, skipped: done.skipped })
      } catch (e) {
        if (!isAppError(e)) logger().error({ err: e, importId }, 'fleet import failed')
        send({ ok: false, status: isAppError(e) ? e.status : 500, message: isAppError(e) ? e.messageIn(t) : t('An unexpected error occurred') })
      }
      controller.close()
    },
  })
  return new Response(body, { headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } })
}
