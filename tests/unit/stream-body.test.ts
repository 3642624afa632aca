/**
 * Decision 050: a streamed answer (getAllVehicles) is written with backpressure: while the
 * client does not read, the server stops pulling chunks (bounded by the socket buffers, not the
 * answer's size); a client that goes away cancels the stream.
 */
import { createServer, request, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { rememberedText } from '#server/context/answer-text.server.ts'
import { isStreamedAnswer, writeWithBackpressure } from '#server/http/stream-body.server.ts'
import { json } from '#server/rest/respond.ts'
import { jsonArrayResponse } from '#server/rest/stream.server.ts'

const CHUNKS = 400
const CHUNK = 'x'.repeat(64 * 1024)
let pulled = 0
let cancelled = false
let server: Server
let base: string

beforeAll(async () => {
  server = createServer((_req, res) => {
    pulled = 0
    cancelled = false
    async function* items() {
      try {
        for (let i = 0; i < CHUNKS; i++) {
          pulled++
          yield CHUNK
        }
      } finally {
        cancelled = pulled < CHUNKS
      }
    }
    void jsonArrayResponse(items()).then((response) => {
      res.writeHead(200, Object.fromEntries(response.headers))
      return writeWithBackpressure(response.body!, res)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

function open(): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => request(base, (res) => resolve(res)).on('error', reject).end())
}

/** Waits until the count stops moving (the pipe is full). */
async function settled(): Promise<number> {
  let last = -1
  while (last !== pulled) {
    last = pulled
    await sleep(300)
  }
  return last
}

describe('a streamed answer with backpressure', () => {
  it('is marked chunked and stops pulling while the client does not read, then sends everything', async () => {
    expect(isStreamedAnswer(await jsonArrayResponse((async function* () {})()))).toBe(true)
    expect(isStreamedAnswer(new Response('[]', { headers: { 'Content-Type': 'application/json' } }))).toBe(false)
    const res = await open()
    res.pause()
    // 400 chunks of 64 KB (25 MB): a paused client holds what the socket buffers take, far less.
    expect(await settled()).toBeLessThan(CHUNKS * 0.6)
    expect(res.headers['transfer-encoding']).toBe('chunked')
    let bytes = 0
    res.on('data', (c: Buffer) => (bytes += c.length))
    res.resume()
    await new Promise((r) => res.on('end', r))
    expect(pulled).toBe(CHUNKS)
    expect(bytes).toBe(CHUNKS * (CHUNK.length + 3) + 1)
  })

  it('cancels the stream (and what feeds it) when the client goes away', async () => {
    const res = await open()
    res.pause()
    await settled()
    res.destroy()
    await vi.waitFor(() => expect(cancelled).toBe(true))
  })
})

describe('a door\'s JSON answer (decision 051)', () => {
  it('keeps the text it was made from, which the adapter writes instead of reading the body back', async () => {
    const answer = json({ message: 'ünïcode' }, 200)
    expect(rememberedText(answer)).toBe('{"message":"ünïcode"}')
    expect(await answer.text()).toBe(rememberedText(answer))
    expect(rememberedText(json(null, 204))).toBeUndefined()
    expect(rememberedText(new Response('{}'))).toBeUndefined()
  })
})
