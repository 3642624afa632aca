/**
 * The image's entrypoint (scripts/docker-entrypoint.sh, decisions 043 and 044): which database
 * file Litestream is given, what it refuses (root, a data folder it cannot write). Run as root
 * (CI), the script is started as `nobody`, as the image's `USER node` starts it. A fake
 * `litestream` on PATH records its calls;
 * the real binary is exercised by the restore drill and the production install test.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const entrypoint = resolve('scripts/docker-entrypoint.sh')
const dir = mkdtempSync(join(tmpdir(), 'operon-entrypoint-'))
chmodSync(dir, 0o755)
const bin = join(dir, 'bin')
mkdirSync(bin)
const isRoot = process.getuid?.() === 0
/** The unprivileged user the script runs as here (the image's is `node`). */
const user = isRoot ? { uid: idOf('-u'), gid: idOf('-g') } : {}
function idOf(flag: string) {
  return Number(spawnSync('id', [flag, 'nobody'], { encoding: 'utf8' }).stdout.trim())
}
// The data folder (the volume), owned by the user as the image's /data is owned by `node`.
const data = join(dir, 'data')
mkdirSync(data)
if (isRoot) chownSync(data, user.uid!, user.gid!)
// A volume the user cannot write (a fresh Fly.io volume is mounted root-owned).
const readOnly = join(dir, 'ro')
mkdirSync(readOnly, { mode: 0o555 })
chmodSync(readOnly, 0o555)
writeFileSync(
  join(bin, 'litestream'),
  '#!/bin/sh\necho "litestream[$(id -u)] $* db=$LITESTREAM_DB_PATH"\n[ "${FAKE_RESTORE_FAILS:-}" = "1" ] && [ "$1" = restore ] && exit 1\nexit 0\n',
)
chmodSync(join(bin, 'litestream'), 0o755)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function run(env: Record<string, string>, args = ['sh', '-c', 'echo "server[$(id -u)]"'], as: { uid?: number; gid?: number } = user) {
  const r = spawnSync(entrypoint, args, {
    cwd: dir,
    ...as,
    // Only these variables: nothing of the test runner's environment reaches the script.
    env: { PATH: `${bin}:${process.env.PATH}`, DATABASE_URL: `file:${data}/operon.db`, ...env } as unknown as NodeJS.ProcessEnv,
    encoding: 'utf8',
  })
  return { status: r.status, out: `${r.stdout}${r.stderr}` }
}

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

  it('runs everything as the user it was started as', () => {
    const r = run({ LITESTREAM_REPLICA_URL: `file://${dir}/replica`, DATABASE_URL: `file:${data}/z/operon.db` })
    expect(r.status).toBe(0)
    const uid = user.uid ?? process.getuid!()
    expect(uid).not.toBe(0)
    expect(r.out).toContain(`litestream[${uid}] restore`)
    expect(r.out).toContain(`litestream[${uid}] replicate`)
    expect(run({}).out).toContain(`server[${uid}]`)
  })

  it('refuses a database folder the user cannot write, and says how to hand it over', () => {
    for (const url of [`file:${readOnly}/operon.db`, `file:${readOnly}/deeper/operon.db`]) {
      const r = run({ DATABASE_URL: url })
      expect(r.status).toBe(1)
      expect(r.out).toContain(`${readOnly} is not writable`)
      expect(r.out).toMatch(/chown -R \d+:\d+ /)
      expect(r.out).not.toMatch(/server\[/)
    }
  })

  it.runIf(isRoot)('refuses to start as root', () => {
    const r = run({}, undefined, {})
    expect(r.status).toBe(1)
    expect(r.out).toMatch(/refusing to run as root/)
    expect(r.out).not.toMatch(/server\[/)
  })
})
