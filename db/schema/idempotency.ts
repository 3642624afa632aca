import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { instantNow } from './columns.ts'
import { users } from './users.ts'

/**
 * The answers of create-type writes sent with an idempotency key (issue 38 point 2): one row per
 * user and key, inserted FIRST in the write's transaction (the claim), then given the write's
 * result. A repeated key answers `result` (same `operation`) or 409 (another one). Purged after
 * 24 hours by the daily retention run (server/records/idempotency.server.ts).
 */
export const idempotencyRecords = sqliteTable(
  'idempotency_records',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the key was used for, with its target: e.g. `vehicle.create:12` (company 12). */
    operation: text('operation').notNull(),
    /** The first answer (JSON); null while the claiming transaction has not finished. */
    result: text('result', { mode: 'json' }).$type<unknown>(),
    createdAt: instantNow('created_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_records_created_idx').on(t.createdAt)],
)
