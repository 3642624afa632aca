import { z } from 'zod'
import { isAppError } from '../errors.ts'
import { logger } from '../log.server.ts'
import { fieldErrorsOf } from '../validation.ts'

export function json(data: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(data ?? null), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', ...headers },
  })
}

export function errorResponse(error: unknown): Response {
  if (isAppError(error)) {
    const headers: Record<string, string> = {}
    if (error.retryAfter) headers['Retry-After'] = String(error.retryAfter)
    if (error.status === 401) headers['WWW-Authenticate'] = 'Bearer'
    return json(error.toJSON(), error.status, headers)
  }
  if (error instanceof z.ZodError) {
    const errors = fieldErrorsOf(error)
    return json({ message: Object.entries(errors).map(([k, v]) => `${k}: ${v}`).join('; '), errors }, 400)
  }
  logger().error({ err: error }, 'REST handler failed')
  return json({ message: 'An unexpected error occurred' }, 500)
}

