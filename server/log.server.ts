import pino from 'pino'
import { processState } from '#db/process-state.ts'
import { requestScope } from './context/request-scope.server.ts'

/** Field names whose values are secrets: replaced by "[redacted]" at any of the first two levels. */
const SECRET_FIELDS = [
  'password', 'newPassword', 'currentPassword', 'oldPassword', 'confirmPassword',
  'token', 'accessToken', 'refreshToken', 'idToken', 'resetToken',
  'secret', 'totpSecret', 'otp', 'otpCode', 'verificationCode', 'captcha',
  'authorization', 'cookie', 'set-cookie',
] // prettier-ignore

export const REDACT_PATHS = [
  ...SECRET_FIELDS.map((f) => (/^[\w]+$/.test(f) ? f : `["${f}"]`)),
  ...SECRET_FIELDS.map((f) => (/^[\w]+$/.test(f) ? `*.${f}` : `*["${f}"]`)),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
]

/** A URL without its query string and fragment (reset and sign-in links carry tokens there). */
export function withoutQuery(url: unknown): unknown {
  if (typeof url !== 'string') return url
  const cut = url.search(/[?#]/)
  return cut === -1 ? url : url.slice(0, cut)
}

function createLogger(destination?: pino.DestinationStream, level?: string): pino.Logger {
  const options: pino.LoggerOptions = {
    level: level ?? process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
    base: undefined,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { url: withoutQuery, path: withoutQuery },
    // Every line written while a request is handled carries its id (decision 042).
    mixin: () => {
      const scope = requestScope()
      return scope ? { reqId: scope.id } : {}
    },
  }
  return destination ? pino(options, destination) : pino(options)
}

// Process state (decision 080): the process entry and the Remix server build each bundle their
// own copy of this module; both must write through the same logger.
const held = processState<{ logger?: pino.Logger }>('logger', () => ({}))

/** One structured logger (JSON lines); level from LOG_LEVEL. */
export function logger(): pino.Logger {
  held.logger ??= createLogger()
  return held.logger
}

/** Tests: send every line to `destination` from now on (at `level`, default info). */
export function useLogDestination(destination: pino.DestinationStream, level = 'info'): void {
  held.logger = createLogger(destination, level)
}
