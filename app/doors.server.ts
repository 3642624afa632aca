/**
 * The doors that do not go through Remix's route matching (decision 051): the Express
 * application calls them straight after the request guards. They live in the server build
 * (exported by `entry.server.tsx`) so that the process has one copy of every use case.
 */
import type { AppLoadContext } from '@remix-run/node'
import { getDb } from '#server/db.server.ts'
import { env } from '#server/env.server.ts'
import { prepareVinDatabase } from '#server/fleet/vin-decode.server.ts'
import { logger } from '#server/log.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'

export type Door = (request: Request, context: AppLoadContext) => Promise<Response>

export interface Doors {
  /** The legacy REST door: every /api path, any method. */
  rest: Door
  /** The tRPC door for client widgets. */
  trpc: Door
  /**
   * Background work after listening: unpacks the VIN data on a new machine (the slow part of a
   * first lookup) without opening the decoder, whose worker would hold ≈85 MB at rest
   * (decision 052); the first lookup opens it.
   */
  warm(): Promise<void>
}

export const doors: Doors = {
  rest: (request, context) => handleRestRequest(request, getDb(), context.clientIp),
  trpc: (request, context) => handleTrpcRequest(request, getDb(), context.clientIp),
  warm: () =>
    prepareVinDatabase(env().VIN_DB_DIR).then(
      () => undefined,
      (error: unknown) => logger().warn({ err: error }, 'VIN data unpacking failed; the first lookup will retry'),
    ),
}
