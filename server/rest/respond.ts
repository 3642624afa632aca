import { z } from 'zod'
import { isAppError } from '../errors.ts'
import { rememberText } from '../context/answer-text.server.ts'
import { databaseFaultAnswer, databaseFaultOf, isStorageFull, STORAGE_FULL_MESSAGE } from '../context/request-scope.server.ts'
import { logger } from '../log.server.ts'
import { fieldErrorsOf } from '../validation.ts'

export function json(data: unknown, status = 200, headers: HeadersInit = {}): Response {
  const text = status === 204 ? null : JSON.stringify(data ?? null)
  const response = new Response(text, {
    status,
    // Answers carry user data: never kept by a shared or browser cache.
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'private, no-store', ...headers },
  })
  return text === null ? response : rememberText(response, text)
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
  if (isStorageFull(error)) {
    logger().error({ err: error }, 'storage full')
    return json({ message: STORAGE_FULL_MESSAGE }, 507, { 'Retry-After': '60' })
  }
  // The database unreachable or busy (503 + Retry-After), a value too big for it (413): decision 071.
  const fault = databaseFaultOf(error)
  if (fault) {
    logger().warn({ err: error, fault }, 'database fault')
    const { status, message, headers } = databaseFaultAnswer(fault)
    return json({ message }, status, headers)
  }
  logger().error({ err: error }, 'REST handler failed')
  return json({ message: 'An unexpected error occurred' }, 500)
}

