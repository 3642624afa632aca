import { z } from 'zod'

/**
 * Environment, checked once at start-up. In production (NODE_ENV=production set
 * by the deployment) secrets and the public URL are required; `npm start` on a
 * laptop runs the production build with safe local defaults (OPERON_LOCAL=1,
 * set by build/main.js when NODE_ENV was not given).
 */
const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  OPERON_LOCAL: boolish.optional(),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().default('file:./data/operon.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  /** Embedded replica (decision 048): the primary to sync DATABASE_URL's local file from; writes go there. */
  DATABASE_SYNC_URL: z.string().optional(),
  /** Seconds between the replica's background pulls from DATABASE_SYNC_URL. */
  DATABASE_SYNC_INTERVAL: z.coerce.number().positive().optional(),
  SESSION_SECRET: z.string().min(32, 'SESSION_SECRET must be at least 32 characters').optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Operon <no-reply@operon.local>'),
  DEMO_DATA: boolish.optional(),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  CHROME_PATH: z.string().default('/usr/bin/chromium'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_CLIENT_SECRET: z.string().optional(),
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  OIDC_GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  VPIC_URL: z.url().optional(),
  /** Folder for the unpacked offline VIN database (~75 MB, unpacked on first use). */
  VIN_DB_DIR: z.string().min(1).default('data/corgi'),
  /**
   * The request header the platform's proxy sets to the client's address (e.g. `Fly-Client-IP`
   * on Fly.io, `X-Forwarded-For` behind a load balancer). Unset: the socket address, and no
   * forwarded header is believed.
   */
  CLIENT_IP_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, 'CLIENT_IP_HEADER must be a header name')
    .optional(),
  /**
   * How many proxies in front append to CLIENT_IP_HEADER: the client is that many entries
   * from the right of its comma-separated list (1 for a header the proxy overwrites).
   */
  CLIENT_IP_PROXIES: z.coerce.number().int().min(1).max(10).default(1),
  BUILD_COMMIT: z.string().optional(),
  /** Storage quota for the documents of one vehicle, in MB (deleted documents keep their bytes and count). */
  DOCUMENT_QUOTA_VEHICLE_MB: z.coerce.number().positive().default(100),
  /** Storage quota for the documents of all vehicles of one owner company, in MB. */
  DOCUMENT_QUOTA_COMPANY_MB: z.coerce.number().positive().default(2048),
  /** Local hour (company time zone, 0–23) from which the owners' morning alert digest is sent. */
  ALERT_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(7),
  /** After SIGTERM, how long in-flight requests may finish (ms; decision 042). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * Load shedding (decision 061): requests handled at once. Above PDF_CONCURRENCY + PDF_QUEUE
   * (34), so a burst of PDFs waiting for Chromium cannot take every slot.
   */
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(10_000).default(16),
  /** Requests waiting for a slot beyond those; more get 503 with Retry-After (0: none wait). */
  MAX_QUEUED_REQUESTS: z.coerce.number().int().min(0).max(100_000).default(64),
  /** The longest a request waits for a slot (ms) before it gets 503 with Retry-After. */
  MAX_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /**
   * Webhooks (decision 078): also allow endpoints on loopback addresses (127.0.0.0/8, ::1), over
   * http: too, for local testing. Off by default; private and link-local addresses stay refused.
   */
  WEBHOOKS_ALLOW_LOOPBACK: boolish.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})

export type Env = z.infer<typeof schema> & {
  APP_URL: string
  SESSION_SECRET: string
  JWT_SECRET: string
  DEMO_DATA: boolean
  /** Production deployment: strict configuration, Secure cookies. */
  isProduction: boolean
  /** Local or test use: the dev mailbox page and demo conveniences are on. */
  isLocal: boolean
}

const LOCAL_SECRET = 'operon-local-development-secret-not-for-production'

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable (as in .env.example) means "not set".
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')))
  if (!parsed.success) {
    throw new Error(
      'Invalid environment:\n' +
        parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'),
    )
  }
  const e = parsed.data
  const isProduction = e.NODE_ENV === 'production' && !e.OPERON_LOCAL
  if (isProduction) {
    const missing = (['APP_URL', 'SESSION_SECRET', 'JWT_SECRET'] as const).filter((k) => !e[k])
    if (missing.length) {
      throw new Error(
        `Missing required environment in production: ${missing.join(', ')}. ` +
          'Set them (see .env.example); secrets need at least 32 random characters, e.g. `openssl rand -hex 32`.',
      )
    }
  }
  return {
    ...e,
    APP_URL: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    SESSION_SECRET: e.SESSION_SECRET ?? LOCAL_SECRET,
    JWT_SECRET: e.JWT_SECRET ?? `${LOCAL_SECRET}-jwt`,
    DEMO_DATA: e.DEMO_DATA ?? !isProduction,
    isProduction,
    isLocal: !isProduction,
  }
}

let cached: Env | undefined
export function env(): Env {
  cached ??= parseEnv()
  return cached
}
/** Tests change the environment between files. */
export function resetEnvCache() {
  cached = undefined
}
