import type { Database } from '#db/client.ts'
import type { Locale } from '#catalog/i18n.ts'
import type { Actor } from './actor.ts'

/** What every use case receives besides its input: the database and the caller. */
export interface UseCaseContext {
  db: Database
  actor: Actor
  /** The caller's address, for rate limits and the audit log. */
  ip?: string
  /** The caller's language (pages and tRPC: the request's; REST: none, English): a new account's own (decision 074). */
  locale?: Locale
  /** Injected in tests; defaults to the current time. */
  now?: Date
}
