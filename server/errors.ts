/**
 * The one error type of the domain. Each code maps to an HTTP status (REST,
 * resource routes), a tRPC code and a form error (Remix actions).
 */
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

export class AppError extends Error {
  readonly code: ErrorCode
  /** Field name → message, for 400s and forms. */
  readonly fieldErrors?: Record<string, string>
  /** Seconds, for 429 and 503. */
  readonly retryAfter?: number

  constructor(
    code: ErrorCode,
    message: string,
    opts: { fieldErrors?: Record<string, string>; retryAfter?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause })
    this.name = 'AppError'
    this.code = code
    this.fieldErrors = opts.fieldErrors
    this.retryAfter = opts.retryAfter
  }

  get status(): number {
    return ERROR_CODES[this.code].status
  }
  get trpcCode() {
    return ERROR_CODES[this.code].trpc
  }
  /** The shape Remix actions return to a form. */
  toFormError() {
    return { formError: this.message, fieldErrors: this.fieldErrors ?? {} }
  }
  /** The legacy REST error body. */
  toJSON() {
    return this.fieldErrors
      ? { message: this.message, errors: this.fieldErrors }
      : { message: this.message }
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string>) =>
  new AppError('BAD_REQUEST', message, { fieldErrors })
export const unauthorized = (message = 'Authentication required') => new AppError('UNAUTHORIZED', message)
export const forbidden = (message = 'You do not have access to this company') => new AppError('FORBIDDEN', message)
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message)
export const conflict = (message: string) => new AppError('CONFLICT', message)

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError
}
