import { TRPCError } from '@trpc/server'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import type { Database } from '#db/client.ts'
import { isAppError } from '../errors.ts'
import { identify } from '../http/request-actor.server.ts'
import { consumeRateLimit } from '../http/rate-limit.server.ts'
import { logger } from '../log.server.ts'
import { appRouter } from './router.ts'

/** The tRPC door at /trpc, for client widgets (session cookie) and tests (bearer). */
export async function handleTrpcRequest(request: Request, db: Database, ip: string): Promise<Response> {
  return fetchRequestHandler({
    endpoint: '/trpc',
    req: request,
    router: appRouter,
    async createContext() {
      await consumeRateLimit('trpc', ip).catch((e: unknown) => {
        throw isAppError(e) ? new TRPCError({ code: e.trpcCode, message: e.message }) : e
      })
      const { actor } = await identify(db, request)
      return { db, actor, ip }
    },
    onError({ error, path }) {
      if (error.code === 'INTERNAL_SERVER_ERROR') logger().error({ err: error, path }, 'tRPC error')
    },
  })
}
