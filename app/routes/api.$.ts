import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '#server/db.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'

/** The legacy REST door: every /api path, any method. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return handleRestRequest(request, getDb(), context.clientIp)
}
export function action({ request, context }: ActionFunctionArgs) {
  return handleRestRequest(request, getDb(), context.clientIp)
}
