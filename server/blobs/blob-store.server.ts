/**
 * The bytes of every stored file (vehicle documents and pictures, profile photos, pre-trip and
 * inspection photos, signatures), in `blob_chunks` (decision 070). A libSQL server refuses a
 * statement argument of a few MiB, so a file is written as 512 KiB rows in order, inside the
 * caller's transaction, as its pieces arrive; it is read back one chunk per statement. The owner
 * row keeps the `blob_id` (and the size where an answer needs it); triggers delete the chunks
 * with the owner row, or when its `blob_id` is replaced. Lists never read chunks.
 */
import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Database, Tx } from '#db/client.ts'
import { blobChunks } from '#db/schema/index.ts'

/** The size of every chunk but a file's last: small enough for any libSQL server's arguments and responses. */
export const BLOB_CHUNK_BYTES = 512 * 1024

/** `db.read` or a transaction: what reads chunks. */
export type BlobReader = Pick<Tx, 'select'>

/** What an owner row stores of a written file. */
export interface StoredBlob {
  blobId: string
  sizeBytes: number
}

/** What `writeBlob` takes: the bytes whole, or their pieces as they arrive (of any sizes). */
export type BlobSource = Uint8Array | AsyncIterable<Uint8Array>

/** A new blob id: 32 lower-case hex digits, like the migration's `lower(hex(randomblob(16)))`. */
export function newBlobId(): string {
  return randomBytes(16).toString('hex')
}

const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)

/**
 * Stores `source` as a new blob and answers its id and size. Call it inside `db.transaction`
 * with the caller's `tx`, in the transaction that inserts the owner row: the chunks and the row
 * are committed together or not at all. Whatever sizes the pieces come in, they are re-chunked
 * into rows of exactly `BLOB_CHUNK_BYTES` (the last one shorter), inserted in order as soon as
 * each is full; at most one chunk is held here. An empty source stores no chunk.
 */
export async function writeBlob(tx: Pick<Tx, 'insert'>, source: BlobSource): Promise<StoredBlob> {
  const blobId = newBlobId()
  let seq = 0
  let sizeBytes = 0
  const put = async (data: Buffer) => {
    await tx.insert(blobChunks).values({ blobId, seq, data })
    seq++
    sizeBytes += data.byteLength
  }

  if (source instanceof Uint8Array) {
    const whole = asBuffer(source)
    for (let at = 0; at < whole.byteLength; at += BLOB_CHUNK_BYTES) await put(whole.subarray(at, at + BLOB_CHUNK_BYTES))
    return { blobId, sizeBytes }
  }

  let pending: Buffer | null = null
  let filled = 0
  for await (const piece of source) {
    const bytes = asBuffer(piece)
    let at = 0
    while (at < bytes.byteLength) {
      // A whole chunk of this piece goes as it is (no copy), when nothing is pending.
      if (filled === 0 && bytes.byteLength - at >= BLOB_CHUNK_BYTES) {
        await put(bytes.subarray(at, at + BLOB_CHUNK_BYTES))
        at += BLOB_CHUNK_BYTES
        continue
      }
      pending ??= Buffer.allocUnsafe(BLOB_CHUNK_BYTES)
      const n = Math.min(BLOB_CHUNK_BYTES - filled, bytes.byteLength - at)
      bytes.copy(pending, filled, at, at + n)
      filled += n
      at += n
      if (filled === BLOB_CHUNK_BYTES) {
        await put(pending)
        // The inserted buffer may still be referenced by the driver's statement: a new one.
        pending = null
        filled = 0
      }
    }
  }
  if (filled > 0) await put(pending!.subarray(0, filled))
  return { blobId, sizeBytes }
}

/** One chunk's bytes, or null past the end. */
async function readChunk(q: BlobReader, blobId: string, seq: number): Promise<Buffer | null> {
  const [row] = await q
    .select({ data: blobChunks.data })
    .from(blobChunks)
    .where(and(eq(blobChunks.blobId, blobId), eq(blobChunks.seq, seq)))
  return row ? asBuffer(row.data) : null
}

/** The chunks of a blob in order, one statement each; stops at a short chunk (the last) without asking further. */
async function* chunksOf(q: BlobReader, blobId: string): AsyncGenerator<Buffer> {
  for (let seq = 0; ; seq++) {
    const data = await readChunk(q, blobId, seq)
    if (!data) return
    yield data
    if (data.byteLength < BLOB_CHUNK_BYTES) return
  }
}

/**
 * A whole blob in memory, read chunk by chunk: for the small files that are embedded in an
 * answer (signatures in print pages and forms, base64 pictures and photos). `q` is `db.read`
 * or a transaction. An unknown id reads as empty.
 */
export async function readBlob(q: BlobReader, blobId: string): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of chunksOf(q, blobId)) parts.push(part)
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts)
}

/** At most this many bytes of chunks are asked in one statement by `readBlobs`. */
const BATCH_BYTES = 4 * 1024 * 1024

/**
 * Several small blobs (a page of the legacy vehicle list's pictures), in statements of at most
 * ≈ 4 MiB of chunks each (grouped by their stored sizes), instead of one statement per picture.
 * A blob larger than a chunk is read alone with `readBlob`.
 */
export async function readBlobs(q: BlobReader, blobs: readonly StoredBlob[]): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>()
  const batch: string[] = []
  let batchBytes = 0
  const flush = async () => {
    if (!batch.length) return
    const rows = await q
      .select({ blobId: blobChunks.blobId, data: blobChunks.data })
      .from(blobChunks)
      .where(inArray(blobChunks.blobId, batch))
      .orderBy(asc(blobChunks.blobId), asc(blobChunks.seq))
    for (const r of rows) found.set(r.blobId, asBuffer(r.data))
    batch.length = 0
    batchBytes = 0
  }
  for (const b of blobs) {
    if (b.sizeBytes > BLOB_CHUNK_BYTES) {
      found.set(b.blobId, await readBlob(q, b.blobId))
      continue
    }
    if (batchBytes + b.sizeBytes > BATCH_BYTES) await flush()
    batch.push(b.blobId)
    batchBytes += b.sizeBytes
  }
  await flush()
  for (const b of blobs) if (!found.has(b.blobId)) found.set(b.blobId, Buffer.alloc(0))
  return found
}

/**
 * A blob as a web stream for a download: each pull reads ONE chunk (`WHERE blob_id = ? AND
 * seq = ?`), so a response never holds the whole file, and nothing is read before the consumer
 * asks. With `sizeBytes` (the stored length, the response's Content-Length) a blob that ends
 * short or runs long errors the stream: the client sees a cut connection, never a complete-looking
 * wrong file.
 */
export function blobStream(db: Database, blobId: string, sizeBytes?: number): ReadableStream<Uint8Array> {
  let seq = 0
  let sent = 0
  const finish = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    if (sizeBytes !== undefined && sent !== sizeBytes) {
      controller.error(new Error(`blob ${blobId}: ${sent} bytes stored, ${sizeBytes} expected`))
    } else controller.close()
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (sizeBytes !== undefined && sent >= sizeBytes) return finish(controller)
        const data = await readChunk(db.read, blobId, seq++)
        if (!data) return finish(controller)
        sent += data.byteLength
        controller.enqueue(new Uint8Array(data.buffer, data.byteOffset, data.byteLength))
        // A short chunk is the last one: no statement to learn that there is no next.
        if (data.byteLength < BLOB_CHUNK_BYTES || (sizeBytes !== undefined && sent >= sizeBytes)) finish(controller)
      },
    },
    { highWaterMark: 0 },
  )
}
