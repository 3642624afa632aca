import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getDb } from '#server/db.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'

/** The tRPC door for client widgets. */
export function loader({ request, context }: LoaderFunctionArgs) {
  return handleTrpcRequest(request, getDb(), context.clientIp)
}
export function action({ request, context }: ActionFunctionArgs) {
  return handleTrpcRequest(request, getDb(), context.clientIp)
}
