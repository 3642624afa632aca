import { blob, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Every stored file's bytes (documents, pictures, photos, signatures), in pieces of at most
 * `BLOB_CHUNK_BYTES` (512 KiB) in order (decision 070): a libSQL server refuses a statement
 * argument of a few MiB, so no row holds a whole file. The owner row (document, picture,
 * signature…) keeps the `blob_id`; a trigger on each owner table deletes the chunks with it
 * (migration 0009). Written and read only by server/blobs/blob-store.server.ts. A rowid table
 * (not WITHOUT ROWID): its rows are large.
 */
export const blobChunks = sqliteTable(
  'blob_chunks',
  {
    blobId: text('blob_id').notNull(),
    /** 0, 1, 2… Every chunk but the last is exactly 512 KiB; an empty file has no chunk. */
    seq: integer('seq').notNull(),
    data: blob('data', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ name: 'blob_chunks_pk', columns: [t.blobId, t.seq] })],
)

export type BlobChunk = typeof blobChunks.$inferSelect
