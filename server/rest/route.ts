import type { z } from 'zod'
import type { Database } from '#db/client.ts'
import type { Actor } from '../context/actor.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface RestContext<P, Q, B> {
  db: Database
  actor: Actor
  ip: string
  request: Request
  params: P
  query: Q
  body: B
}

/**
 * One legacy REST path. The zod schemas validate the request and also produce
 * /api/openapi.json, so the document cannot drift from what the server accepts.
 */
export interface RestRoute<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: HttpMethod
  /** As the spec writes it, e.g. `/api/fleet/{vehicleId}/documents/{documentId}`; matched case-insensitively. */
  path: string
  tag: string
  summary: string
  /** `public`: no token needed (API.md lists which); `user`: a valid bearer token. */
  auth: 'public' | 'user'
  params?: P
  query?: Q
  /** Binds legacy key spellings and documents the body; the use case validates it. */
  body?: B
  /** Status of a plain (non-Response) result. */
  status?: number
  /** For the OpenAPI document. */
  response?: z.ZodType
  responseDescription?: string
  /** Extra documented error statuses (401/403/400 are added from `auth` and the schemas). */
  errors?: number[]
  handler: (ctx: RestContext<z.output<P>, z.output<Q>, z.input<B>>) => Promise<unknown>
}

export function defineRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  route: RestRoute<P, Q, B>,
): RestRoute {
  return route as unknown as RestRoute
}
