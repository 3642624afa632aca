/**
 * The image's entrypoint (scripts/docker-entrypoint.sh, decisions 043 and 044): which database
 * file Litestream is given, what it refuses, and (when the tests run as root, as CI does) that
 * it drops root and hands over the data folder. A fake `litestream` on PATH records its calls;
 * the real binary is exercised by the restore drill and the production install test.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const entrypoint = resolve('scripts/docker-entrypoint.sh')
const dir = mkdtempSync(join(tmpdir(), 'operon-entrypoint-'))
chmodSync(dir, 0o755)
const bin = join(dir, 'bin')
mkdirSync(bin)
// The data folder (the volume): the entrypoint hands it to the user when started as root.
const data = join(dir, 'data')
mkdirSync(data)
writeFileSync(
  join(bin, 'litestream'),
  '#!/bin/sh\necho "litestream[$(id -u)] $* db=$LITESTREAM_DB_PATH"\n[ "${FAKE_RESTORE_FAILS:-}" = "1" ] && [ "$1" = restore ] && exit 1\nexit 0\n',
)
chmodSync(join(bin, 'litestream'), 0o755)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function run(env: Record<string, string>, args = ['sh', '-c', 'echo "server[$(id -u)] HOME=$HOME"']) {
  const r = spawnSync(entrypoint, args, {
    cwd: dir,
    // Only these variables: nothing of the test runner's environment reaches the script.
    env: { PATH: `${bin}:${process.env.PATH}`, OPERON_USER: 'nobody', OPERON_DATA_DIR: data, ...env } as unknown as NodeJS.ProcessEnv,
    encoding: 'utf8',
  })
  return { status: r.status, out: `${r.stdout}${r.stderr}` }
}
const isRoot = process.getuid?.() === 0

describe('the image entrypoint', () => {
  it('runs the server alone without LITESTREAM_REPLICA_URL', () => {
    const r = run({})
    expect(r.status).toBe(0)
    expect(r.out).toMatch(/^server\[\d+\]/m)
    expect(r.out).not.toMatch(/litestream/)
  })

  it('restores onto a missing database, then replicates with the server as its child', () => {
    const r = run({ LITESTREAM_REPLICA_URL: 'file:///backups/operon', DATABASE_URL: `file:${data}/x/operon.db` })
    expect(r.status).toBe(0)
    const lines = r.out.trim().split('\n')
    expect(lines[0]).toMatch(/^litestream\[\d+\] restore -config .*\/litestream\.yml -if-db-not-exists -if-replica-exists (\S+)\/x\/operon\.db db=\1\/x\/operon\.db$/)
    expect(lines[1]).toMatch(/^litestream\[\d+\] replicate -config .*\/litestream\.yml -exec sh -c echo .* db=\S+\/x\/operon\.db$/)
    expect(lines[0]).toContain(` ${data}/x/operon.db db=`)
  })

  it.each([
    [`file://${data}/a/operon.db`, `${data}/a/operon.db`],
    [`file:${data}/b/operon.db?mode=rwc`, `${data}/b/operon.db`],
    ['file:./data/operon.db', `${dir}/./data/operon.db`],
  ])('gives Litestream the file of DATABASE_URL=%s', (url, path) => {
    const r = run({ LITESTREAM_REPLICA_URL: 's3://bucket/operon', DATABASE_URL: url })
    expect(r.status).toBe(0)
    expect(r.out).toContain(`db=${path}\n`)
  })

  it('refuses backups of a database that is not a local file', () => {
    const r = run({ LITESTREAM_REPLICA_URL: 's3://bucket/operon', DATABASE_URL: 'libsql://db.example.com' })
    expect(r.status).toBe(1)
    expect(r.out).toMatch(/DATABASE_URL is not a file: URL/)
    expect(r.out).not.toMatch(/server\[/)
  })

  it('does not start the server when the first restore fails', () => {
    const r = run({ LITESTREAM_REPLICA_URL: 's3://bucket/operon', DATABASE_URL: `file:${data}/y/operon.db`, FAKE_RESTORE_FAILS: '1' })
    expect(r.status).not.toBe(0)
    expect(r.out).not.toMatch(/replicate/)
  })

  it.runIf(isRoot)('started as root, hands the data folder to the user and runs everything as that user', () => {
    const r = run({ LITESTREAM_REPLICA_URL: `file://${dir}/replica`, DATABASE_URL: `file:${data}/operon.db` })
    expect(r.status).toBe(0)
    const nobody = Number(spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).stdout.trim())
    expect(statSync(data).uid).toBe(nobody)
    // Litestream and the server both run as nobody; nobody's home does not exist, so HOME is the data folder.
    expect(r.out).toContain(`litestream[${nobody}] restore`)
    expect(r.out).toContain(`litestream[${nobody}] replicate`)
    const plain = run({})
    expect(plain.out).toContain(`server[${nobody}] HOME=${data}`)
  })
})
