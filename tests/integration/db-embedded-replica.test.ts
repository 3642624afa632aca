/**
 * The embedded-replica setup for edge regions (decision 048): DATABASE_URL is the replica's local
 * file, DATABASE_SYNC_URL its primary. No libSQL server runs here, so these tests cover what the
 * local mode can prove: the options reach @libsql/client's replica mode (it contacts the primary
 * when it opens, and refuses to start without it), a replica needs a local file, and the env
 * variables reach the process database.
 */
import { createServer } from 'node:net'
import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { openDatabase } from '#db/client.ts'
import { env, resetEnvCache } from '#server/env.server.ts'
import { TMP_DIR } from '#tests/helpers/paths.ts'

/** A loopback port where nothing listens (the "primary" is down). */
let port = 0
beforeAll(async () => {
  const probe = createServer()
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()))
  port = (probe.address() as { port: number }).port
  await new Promise<void>((r) => probe.close(() => r()))
})

describe('an embedded replica (DATABASE_SYNC_URL)', () => {
  it('syncs from its primary when it opens: an unreachable primary stops the start, with the reason', () => {
    // The replica mode, not a plain local file: opening it connects to the primary at once.
    expect(() =>
      openDatabase({ url: `file:${resolve(TMP_DIR, `replica-${process.pid}.db`)}`, syncUrl: `http://127.0.0.1:${port}`, syncInterval: 60 }),
    ).toThrow(/sync error.*connect/i)
  })

  it('needs DATABASE_URL to be the local file', () => {
    for (const url of ['libsql://db.example.com', 'https://db.example.com', 'file::memory:']) {
      expect(() => openDatabase({ url, syncUrl: 'libsql://primary.example.com' })).toThrow(/DATABASE_SYNC_URL needs DATABASE_URL to be the replica's local file/)
    }
  })

  it('reads DATABASE_SYNC_URL and DATABASE_SYNC_INTERVAL from the environment', () => {
    const saved = { url: process.env.DATABASE_SYNC_URL, interval: process.env.DATABASE_SYNC_INTERVAL }
    try {
      process.env.DATABASE_SYNC_URL = 'libsql://primary.example.com'
      process.env.DATABASE_SYNC_INTERVAL = '30'
      resetEnvCache()
      expect(env().DATABASE_SYNC_URL).toBe('libsql://primary.example.com')
      expect(env().DATABASE_SYNC_INTERVAL).toBe(30)
    } finally {
      for (const [k, v] of [['DATABASE_SYNC_URL', saved.url], ['DATABASE_SYNC_INTERVAL', saved.interval]] as const) {
        if (v === undefined) delete process.env[k]
        else process.env[k] = v
      }
      resetEnvCache()
    }
  })
})
