/**
 * The one error type of the domain. Each code maps to an HTTP status (REST,
 * resource routes), a tRPC code and a form error (Remix actions).
 */
import { msg } from '#catalog/i18n.ts'

export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  TOO_MANY_REQUESTS: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  /** Busy (the PDF queue is full): try again after Retry-After. */
  SERVICE_UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
  INTERNAL: { status: 500, trpc: 'INTERNAL_SERVER_ERROR' },
} as const

export type ErrorCode = keyof typeof ERROR_CODES

/**
 * A message with values in a language (decision 074): `(t) => t('{shop} is not a repair shop', { shop })`.
 * The English `message` stays as it always was (REST sends it); pages and tRPC show this instead.
 * `t` is a door's translator: it also says the sentences made with `withValues` (`#catalog/i18n.ts`).
 */
export type LocalizedMessage = (t: (id: string, values?: Record<string, unknown>) => string) => string

export class AppError extends Error {
  readonly code: ErrorCode
  /** Field name → message, for 400s and forms. */
  readonly fieldErrors?: Record<string, string>
  /** Seconds, for 429 and 503. */
  readonly retryAfter?: number
  /** The message as an ICU id with values, when it is built from values (the English `message` cannot be looked up). */
  readonly localized?: LocalizedMessage

  constructor(
    code: ErrorCode,
    message: string,
    opts: { fieldErrors?: Record<string, string>; retryAfter?: number; cause?: unknown; localized?: LocalizedMessage } = {},
  ) {
    super(message, { cause: opts.cause })
    this.name = 'AppError'
    this.code = code
    this.fieldErrors = opts.fieldErrors
    this.retryAfter = opts.retryAfter
    this.localized = opts.localized
  }

  /** The message in the language of `t` (pages, tRPC); never for REST, which sends `message`. */
  messageIn(t: (id: string, values?: Record<string, unknown>) => string): string {
    return this.localized ? this.localized(t) : t(this.message)
  }

  get status(): number {
    return ERROR_CODES[this.code].status
  }
  get trpcCode() {
    return ERROR_CODES[this.code].trpc
  }
  /** The legacy REST error body. */
  toJSON() {
    return this.fieldErrors
      ? { message: this.message, errors: this.fieldErrors }
      : { message: this.message }
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>, localized?: LocalizedMessage) =>
  new AppError('BAD_REQUEST', message, { fieldErrors, localized })
export const unauthorized = (message: string = msg('Authentication required')) => new AppError('UNAUTHORIZED', message)
export const forbidden = (message: string = msg('You do not have access to this company')) => new AppError('FORBIDDEN', message)
export const notFound = (message: string = msg('Not found')) => new AppError('NOT_FOUND', message)
export const conflict = (message: string, localized?: LocalizedMessage) => new AppError('CONFLICT', message, { localized })
/** A 400 naming each field's problem; its message joins them with `separator` (REST's), each said in the reader's language on pages. */
export const fieldsRefused = (fieldErrors: Record<string, string>, separator: string) =>
  new AppError('BAD_REQUEST', Object.values(fieldErrors).join(separator), {
    fieldErrors,
    localized: (t) => Object.values(fieldErrors).map((m) => t(m)).join(separator),
  })

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError
}
