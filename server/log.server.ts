import pino from 'pino'

let instance: pino.Logger | undefined

/** One structured logger (JSON lines); level from LOG_LEVEL. */
export function logger(): pino.Logger {
  instance ??= pino({
    level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
    base: undefined,
    redact: ['password', '*.password', 'req.headers.authorization', 'req.headers.cookie'],
  })
  return instance
}
