/** Reading what the blob store (decision 070) keeps, for assertions on stored bytes. */
import type { Database } from '#db/client.ts'
import { readBlob } from '#server/blobs/blob-store.server.ts'

/** Every byte of a web stream (a download's body), in order. */
export async function streamBytes(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(Buffer.from(part))
  return Buffer.concat(parts)
}

/** A document file as it was answered before downloads streamed: name, type and the whole content. */
export async function fileContent(file: { fileName: string; contentType: string; body: ReadableStream<Uint8Array> }) {
  return { fileName: file.fileName, contentType: file.contentType, content: await streamBytes(file.body) }
}

/** The bytes stored under `blobId`. */
export function storedBytes(db: Database, blobId: string): Promise<Buffer> {
  return readBlob(db.read, blobId)
}
