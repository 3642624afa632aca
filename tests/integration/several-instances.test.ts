/**
 * Issue point 3 and the kill -9 part of point 4 (decision 072): several app processes on one
 * libSQL primary. A real sqld primary (empty, unmigrated), a sqld replica node of it, and three
 * processes of the production build (build/main.js: run `npm run build` first), each an embedded
 * replica with DATABASE_SYNC_INTERVAL=1: A and B follow the primary, C follows the replica node.
 * They are started once, together, and shared by the cases, which run in this order:
 *
 * - started together on the empty primary: all come up, each migration is applied once;
 * - a write is read at once on its own instance and within ~2 sync intervals on the others;
 * - 20 mails enqueued on the three instances are each delivered once (their workers compete);
 * - a new version (one more migration) rolled over the running ones, one at a time: applied once,
 *   each old process exits 0, the others keep answering, none crashes;
 * - a per-address limit, the login lock and a captcha solution are shared;
 * - one pre-trip sent to A and B at once with one Idempotency-Key is filed once;
 * - the morning digest, run by every instance (each restarted scheduler looks 5 s after its
 *   start), is sent once per recipient;
 * - kill -9 of an instance during writes loses no acknowledged write (3 rounds, one per instance).
 *
 * The database is read on the primary itself (`@libsql/client` on sqld's URL), never through an
 * instance, to count what was decided there.
 */
import { randomUUID } from 'node:crypto'
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { createClient, type Client } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { openDatabase, type Database } from '#db/client.ts'
import * as t from '#db/schema/index.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { todayIn } from '#server/access/vehicle-access.server.ts'
import { addDays } from '#server/inspections/pre-inspection-schema.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle } from '#tests/helpers/factory.ts'
import { call, defineInstance, waitUntil, type Answer, type Instance } from '#tests/helpers/instances.ts'
import { TMP_DIR } from '#tests/helpers/paths.ts'
import { startSmtpSink, type SmtpSink } from '#tests/helpers/smtp-sink.ts'
import { startSqld, type Sqld } from '#tests/helpers/sqld.ts'

const SYNC_INTERVAL_S = 1
const APP_URL = 'http://operon.test'
const PASSWORD = 'Several-Instances-9!kx'
/** The address header the instances believe (as behind a load balancer): each case keys its own limits. */
const IP_HEADER = 'X-Client-Ip'
const SECRETS = {
  SESSION_SECRET: 'several-instances-session-secret-0123456789abcdef',
  JWT_SECRET: 'several-instances-jwt-secret-0123456789abcdef012',
}

let primary: Sqld
let node: Sqld
let sink: SmtpSink
let sql: Client
/** The primary as a `Database` (remote mode) for the factories. */
let db: Database
let A: Instance
let B: Instance
let C: Instance
let all: Instance[]
let started: PromiseSettledResult<void>[] = []
const dir = resolve(TMP_DIR, `instances-${randomUUID()}`)

const journal = (folder: string) =>
  (JSON.parse(readFileSync(resolve(folder, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] }).entries

const count = async (statement: string, args: (string | number)[] = []) => Number((await sql.execute({ sql: statement, args })).rows[0]![0])

const json = (i: Instance, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(i.base, method, path, { json: body, headers: { host: 'operon.test', ...headers } })
const bearer = (token: string, ip = anyIp()) => ({ authorization: `Bearer ${token}`, [IP_HEADER]: ip })
/**
 * A fresh client address: polls and bursts stay clear of the per-process capacity limit on /api
 * (600 calls a minute per address, decision 041), which is not what these cases measure.
 */
const anyIp = () => `10.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`

let vinSeq = 0
const vin = () => withVinCheckDigit(`1SEVRL0A0NF${String(100000 + vinSeq++).slice(-6)}`)

beforeAll(async () => {
  Object.assign(process.env, SECRETS)
  resetEnvCache()
  mkdirSync(dir, { recursive: true })
  ;[primary, sink] = await Promise.all([startSqld({ grpc: true }), startSmtpSink()])
  node = await startSqld({ primary })
  sql = createClient({ url: primary.url })
  db = openDatabase({ url: primary.url })
  const env = {
    ...SECRETS,
    APP_URL,
    SMTP_URL: sink.url,
    MAIL_FROM: 'Operon <no-reply@operon.test>',
    CLIENT_IP_HEADER: IP_HEADER,
    // Every company's digest is due as soon as a scheduler looks (its first look: 5 s after start).
    ALERT_DIGEST_HOUR: '0',
  }
  const replica = (name: string, syncUrl: string) =>
    defineInstance({ name, databaseUrl: `file:${resolve(dir, `${name}.db`)}`, syncUrl, syncInterval: SYNC_INTERVAL_S, env })
  ;[A, B, C] = await Promise.all([replica('A', primary.url), replica('B', primary.url), replica('C', node.url)])
  all = [A, B, C]
  // Case 1: at the same moment, on the empty primary.
  started = await Promise.allSettled(all.map((i) => i.start()))
}, 90_000)

afterAll(async () => {
  await Promise.all((all ?? []).map((i) => i.stop().catch(() => undefined)))
  // What each process printed, for a failure's post-mortem (tests/.tmp*/ is not committed).
  for (const i of all ?? []) writeFileSync(resolve(TMP_DIR, `several-instances-${i.name}.log`), i.output())
  sql?.close()
  await db?.close().catch(() => undefined)
  await sink?.close()
  await node?.destroy()
  await primary?.destroy()
  rmSync(dir, { recursive: true, force: true })
}, 30_000)

/** What must never be in an instance's output: a migration run twice, a crash, an error-level log line. */
const CRASH = /already exists|UNIQUE constraint failed: __drizzle_migrations|unhandled|uncaught|"level":(?:50|60)\b/i

describe('several instances on one libSQL primary', () => {
  it('three instances started together on an empty primary all come up and apply each migration once', async () => {
    for (const [n, s] of started.entries()) expect(s.status, `${all[n]!.name}: ${s.status === 'rejected' ? String(s.reason) : ''}`).toBe('fulfilled')
    for (const i of all) {
      expect(i.running(), `${i.name} is running`).toBe(true)
      expect(i.output()).not.toMatch(CRASH)
    }
    const entries = journal('drizzle')
    expect(await count('SELECT count(*) FROM __drizzle_migrations')).toBe(entries.length)
    expect(await count('SELECT count(DISTINCT created_at) FROM __drizzle_migrations')).toBe(entries.length)
  })

  it('a write is read at once on its instance and within ~2 sync intervals on the others', async () => {
    const owner = await createUser(db)
    const company = (await createCompany(db, 'Replica Leasing', ['Owner'])).id
    await grantRole(db, owner.id, company, 'Owner')
    const token = await apiTokenFor(db, owner.id)
    const list = async (i: Instance) => {
      const res = await json(i, 'GET', `/api/Fleet/getAllVehicles?companyId=${company}`, undefined, bearer(token))
      return res.status === 200 ? (res.json as { id: number }[]).map((v) => v.id) : null
    }
    // The session written on the primary reaches every replica.
    for (const i of all) await waitUntil(async () => (await list(i)) !== null, 5_000)

    const lags: Record<string, number[]> = { A: [], B: [], C: [] }
    for (const writer of [A, B, C]) {
      const res = await json(writer, 'POST', '/api/Fleet/addVehicle', { ownerId: company, make: 'Blue Bird', model: 'Vision', vin: vin(), licensePlate: `RW-${vinSeq}` }, bearer(token))
      expect(res.status, res.body).toBe(201)
      const id = (res.json as { id: number }).id
      const at = performance.now()
      // Its own instance: at once (read-your-writes), no waiting.
      expect(await list(writer)).toContain(id)
      await Promise.all(
        all
          .filter((i) => i !== writer)
          .map(async (i) => {
            await waitUntil(async () => (await list(i))?.includes(id) ?? false, 2 * SYNC_INTERVAL_S * 1000 + 1_000, 10)
            lags[i.name]!.push(Math.round(performance.now() - at))
          }),
      )
    }
    const max = Math.max(...Object.values(lags).flat())
    console.info(`[several-instances] read-after-write on another instance (ms): ${JSON.stringify(lags)}; max ${max}`)
    expect(max).toBeLessThanOrEqual(2 * SYNC_INTERVAL_S * 1000 + 1_000)
  }, 30_000)

  const registered: string[] = []

  it('mails enqueued on all three instances are each delivered once', async () => {
    const ip = { [IP_HEADER]: '10.0.3.1' }
    await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const email = `several-${n}-${randomUUID().slice(0, 8)}@mail.operon.test`
        const i = all[n % 3]!
        const reg = await json(i, 'POST', '/api/Auth/register', { Username: email, Password: PASSWORD, FirstName: `Mail${n}`, Role: 'Driver', TwoFactorType: 1 }, ip)
        expect(reg.status, reg.body).toBe(200)
        registered.push(email)
      }),
    )
    // Each registration mails a welcome, enqueued in the registering instance's transaction.
    const mine = () => sink.messages.filter((m) => m.to.some((to) => registered.includes(to)))
    await waitUntil(async () => mine().length >= registered.length, 30_000, 100)
    // The workers keep going (each every 10 s and on every kick): nothing goes out twice.
    await new Promise((r) => setTimeout(r, 1_500))
    const seen = new Map<string, number>()
    for (const m of mine()) for (const to of m.to) seen.set(`${to} ${m.subject}`, (seen.get(`${to} ${m.subject}`) ?? 0) + 1)
    expect([...seen].filter(([, n]) => n !== 1)).toEqual([])
    expect(seen.size).toBe(20)
    expect(new Set(mine().map((m) => m.headers['message-id'])).size).toBe(20)
    const placeholders = registered.map(() => '?').join(',')
    expect(await count(`SELECT count(*) FROM mail_outbox WHERE to_address IN (${placeholders})`, registered)).toBe(20)
    expect(await count(`SELECT count(*) FROM mail_outbox WHERE to_address IN (${placeholders}) AND sent_at IS NOT NULL AND attempts = 1`, registered)).toBe(20)
  }, 60_000)

  /** What the morning digest will report (case 3, checked after the rollout has restarted every scheduler). */
  const digest = { company: 0, emails: [] as string[], rolledAt: [] as number[] }

  it('a new version rolled out over the running instances applies its migration once and none crashes', async () => {
    // For the digest: an owner company with an expired licence and two managers, there before
    // the restarts (each restarted scheduler looks for due digests 5 s after its start).
    digest.company = (await createCompany(db, 'Digest Coaches', ['Owner'])).id
    const managers = [await createUser(db, { firstName: 'Dana' }), await createUser(db, { firstName: 'Eli' })]
    for (const m of managers) await grantRole(db, m.id, digest.company, 'Owner')
    await insertVehicle(db, digest.company, { vehicleIdentifier: `DIG-${vinSeq++}`, licenseExpiry: '2020-01-01' })
    digest.emails = managers.map((m) => m.email!)

    // The new version: today's migrations and one more.
    const next = resolve(dir, 'drizzle-next')
    cpSync('drizzle', next, { recursive: true })
    const entries = journal(next)
    const last = entries.at(-1)!
    const tag = `${String(last.idx + 1).padStart(4, '0')}_several-instances-probe`
    writeFileSync(resolve(next, `${tag}.sql`), 'CREATE TABLE `several_instances_probe` (`id` integer PRIMARY KEY NOT NULL);\n')
    entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag })
    writeFileSync(resolve(next, 'meta/_journal.json'), JSON.stringify({ version: '7', dialect: 'sqlite', entries }, null, 2))

    // One at a time, the others serving meanwhile.
    const failures: string[] = []
    let rolling: Instance | undefined
    let done = false
    const traffic = (async () => {
      while (!done) {
        for (const i of all.filter((x) => x !== rolling)) {
          const res = await call(i.base, 'GET', '/healthz').catch((e: Error) => ({ status: 0, body: e.message }) as Answer)
          if (res.status !== 200 && i !== rolling) failures.push(`${i.name}: ${res.status} ${res.body}`)
        }
        await new Promise((r) => setTimeout(r, 50))
      }
    })()
    for (const i of all) {
      rolling = i
      const t0 = Date.now()
      expect(await i.stop(), `${i.name} exits 0 on SIGTERM`).toBe(0)
      const t1 = Date.now()
      await i.start({ MIGRATIONS_DIR: next })
      rolling = undefined
      digest.rolledAt.push(Date.now())
      console.info(`[several-instances] rolled ${i.name}: stopped in ${t1 - t0} ms, up in ${Date.now() - t1} ms`)
    }
    done = true
    await traffic
    expect(failures).toEqual([])
    for (const i of all) expect(i.output()).not.toMatch(CRASH)
    expect(await count('SELECT count(*) FROM __drizzle_migrations')).toBe(entries.length)
    expect(await count("SELECT count(*) FROM sqlite_master WHERE name = 'several_instances_probe'")).toBe(1)
  }, 90_000)

  it('a per-address limit, the login lock and a captcha solution are shared by the instances', async () => {
    // Password-reset links: 10 per address per 15 minutes (RATE_LIMIT_FACTOR=1), wherever they are asked.
    const ip = { [IP_HEADER]: '10.0.4.1' }
    for (let n = 0; n < 10; n++) {
      const res = await json(all[n % 3]!, 'POST', '/api/PasswordReset/send-reset-link', { Email: `nobody-${n}@mail.operon.test` }, ip)
      expect(res.status, res.body).toBe(200)
    }
    for (const i of all) {
      const res = await json(i, 'POST', '/api/PasswordReset/send-reset-link', { Email: 'nobody-x@mail.operon.test' }, ip)
      expect(res.status, `${i.name}: ${res.body}`).toBe(429)
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    }

    // The login lock: 5 wrong passwords over A, B, C, A, B lock the account everywhere.
    const email = registered[0]!
    const lockIp = { [IP_HEADER]: '10.0.4.2' }
    for (const i of [A, B, C, A, B]) {
      const res = await json(i, 'POST', '/api/Auth/login', { username: email, password: 'Wrong-Password-1x' }, lockIp)
      expect(res.status, `${i.name}: ${res.body}`).toBe(401)
    }
    for (const i of [C, A, B]) {
      const res = await json(i, 'POST', '/api/Auth/login', { username: email, password: PASSWORD }, lockIp)
      expect(res.status, `${i.name}: ${res.body}`).toBe(429)
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60)
    }

    // A captcha solution accepted on A is refused on B (the login form asks for one).
    const solved = async (i: Instance) => {
      const res = await call(i.base, 'GET', '/captcha/challenge', { headers: { host: 'operon.test', ...ip } })
      expect(res.status).toBe(200)
      const challenge = res.json as Challenge
      const solution = await solveChallenge({ challenge, deriveKey })
      return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
    }
    const loginForm = (i: Instance, altcha: string) =>
      call(i.base, 'POST', '/login', {
        form: { intent: 'password', email: 'captcha-nobody@mail.operon.test', password: 'Wrong-Password-1x', altcha },
        headers: { host: 'operon.test', origin: APP_URL, [IP_HEADER]: '10.0.4.3' },
      })
    const payload = await solved(A)
    const onA = await loginForm(A, payload)
    expect(onA.status).toBe(401) // past the captcha: the password is wrong
    expect(onA.body).not.toContain('Please complete CAPTCHA')
    const onB = await loginForm(B, payload)
    expect(onB.status).toBe(400)
    expect(onB.body).toContain('Please complete CAPTCHA')
    // B does accept a solution of its own: the refusal above is the reuse.
    expect((await loginForm(B, await solved(B))).status).toBe(401)
  }, 30_000)

  it('one pre-trip sent to A and B at once with the same Idempotency-Key is filed once', async () => {
    const owner = (await createCompany(db, 'Idem Leasing', ['Owner'])).id
    const operator = (await createCompany(db, 'Idem Transit', ['Operator'])).id
    const driver = await createUser(db, { firstName: 'Ida', lastName: 'Driver' })
    await grantRole(db, driver.id, operator, 'Driver')
    const bus = await insertVehicle(db, owner, { odometer: 1000 })
    const today = todayIn('UTC')
    await db.transaction((tx) => tx.insert(t.operatorAssignments).values({ vehicleId: bus.id, operatorCompanyId: operator, startDate: addDays(today, -30), endDate: null }))
    const token = await apiTokenFor(db, driver.id)
    const headers = (key: string) => ({ ...bearer(token, '10.0.5.1'), 'idempotency-key': key })
    // Every instance has the bus and the session before the race.
    for (const i of all) {
      await waitUntil(async () => (await json(i, 'GET', `/api/Maintenance/GetPreInspection?vehicleId=${bus.id}`, undefined, bearer(token, '10.0.5.1'))).status === 200, 5_000)
    }
    const iso = (ms: number) => new Date(Date.now() + ms).toISOString()
    for (let round = 0; round < 4; round++) {
      const key = `idem-${round}-${randomUUID()}`
      const body = {
        vehicleIdentifier: bus.vehicleIdentifier,
        date: today,
        timeIn: iso(-60 * 60_000),
        timeOut: iso(-5 * 60_000),
        odometerStart: 1000 + round * 100,
        odometerEnd: 1050 + round * 100,
        driverSignature: '',
        signatureName: 'Ida Driver',
      }
      const [a, b] = await Promise.all([json(A, 'POST', '/api/Maintenance/submitPreInspection', body, headers(key)), json(B, 'POST', '/api/Maintenance/submitPreInspection', body, headers(key))])
      expect(a.status, a.body).toBe(201)
      expect(b.status, b.body).toBe(201)
      expect(a.json).toEqual(b.json)
      expect([a.headers['idempotent-replayed'], b.headers['idempotent-replayed']].filter((h) => h === 'true')).toHaveLength(1)
      expect(await count('SELECT count(*) FROM pre_inspections WHERE driver_user_id = ? AND idempotency_key = ?', [driver.id, key])).toBe(1)
    }
    expect(await count('SELECT count(*) FROM pre_inspections WHERE driver_user_id = ?', [driver.id])).toBe(4)
  }, 30_000)

  it('the morning digest, run by every instance, is sent once per recipient', async () => {
    // Every restarted instance has looked for due digests (5 s after its start) by now.
    const wait = digest.rolledAt.at(-1)! + 6_000 - Date.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const emails = digest.emails
    await waitUntil(async () => sink.messages.filter((m) => m.to.some((to) => emails.includes(to))).length >= 2, 20_000, 100)
    await waitUntil(async () => (await count('SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL')) === 0, 12_000, 100)
    const digests = sink.messages.filter((m) => m.subject.startsWith('Operon: ') && / alerts? for /.test(m.subject))
    const perRecipient = new Map<string, number>()
    for (const m of digests) for (const to of m.to) perRecipient.set(to, (perRecipient.get(to) ?? 0) + 1)
    for (const e of emails) expect(perRecipient.get(e), e).toBe(1)
    expect([...perRecipient.values()].every((n) => n === 1), JSON.stringify([...perRecipient])).toBe(true)
    expect(await count('SELECT count(*) FROM alert_digests WHERE company_id = ?', [digest.company])).toBe(1)
    expect(await count('SELECT count(*) FROM (SELECT company_id, local_date FROM alert_digests GROUP BY 1, 2 HAVING count(*) > 1)')).toBe(0)
  }, 30_000)

  it('kill -9 of an instance during writes loses no acknowledged write (3 rounds)', async () => {
    const ownerUser = await createUser(db)
    const company = (await createCompany(db, 'Crash Leasing', ['Owner'])).id
    await grantRole(db, ownerUser.id, company, 'Owner')
    const token = await apiTokenFor(db, ownerUser.id)
    for (const i of all) await waitUntil(async () => (await json(i, 'GET', `/api/Fleet/getAllVehicles?companyId=${company}`, undefined, bearer(token))).status === 200, 5_000)

    const summary: string[] = []
    const restarts: Promise<void>[] = []
    // Killed after 5, 10 and 15 acknowledged writes, with six more in flight each time.
    for (const [round, [victim, after]] of ([[A, 5], [B, 10], [C, 15]] as const).entries()) {
      const acknowledged: string[] = []
      const sent: string[] = []
      let stop = false
      const writer = async () => {
        while (!stop) {
          const v = vin()
          sent.push(v)
          const res = await json(victim, 'POST', '/api/Fleet/addVehicle', { ownerId: company, make: 'Blue Bird', model: 'Vision', vin: v, licensePlate: `K9-${vinSeq}` }, bearer(token)).catch(() => undefined)
          if (!res) return // the connection died with the process
          if (res.status >= 200 && res.status < 300) acknowledged.push(v)
          else if (res.status >= 500 || res.status === 0) return
          else throw new Error(`${victim.name}: ${res.status} ${res.body}`)
        }
      }
      const writers = Array.from({ length: 6 }, writer)
      await waitUntil(async () => acknowledged.length >= after, 15_000, 2)
      await victim.kill()
      stop = true
      await Promise.all(writers)
      const onPrimary = await count(`SELECT count(*) FROM vehicles WHERE vin IN (${acknowledged.map(() => '?').join(',')})`, acknowledged)
      const sentOnPrimary = await count(`SELECT count(*) FROM vehicles WHERE vin IN (${sent.map(() => '?').join(',')})`, sent)
      summary.push(`round ${round + 1} (${victim.name}): ${sent.length} sent, ${acknowledged.length} acknowledged, ${onPrimary} of them on the primary (${sentOnPrimary} of all sent)`)
      expect(onPrimary, summary.at(-1)).toBe(acknowledged.length)
      // Back on its replica file (while the next round runs on another instance): it starts,
      // catches up and serves what it acknowledged.
      restarts.push(
        victim.start().then(async () => {
          const back = await json(victim, 'GET', `/api/Fleet/getAllVehicles?companyId=${company}`, undefined, bearer(token))
          expect(back.status, back.body).toBe(200)
          const listed = new Set((back.json as { vin: string }[]).map((v) => v.vin))
          expect(acknowledged.filter((v) => !listed.has(v)), `${victim.name} after its restart`).toEqual([])
        }),
      )
    }
    await Promise.all(restarts)
    console.info(`[several-instances] kill -9: ${summary.join('; ')}`)
    for (const i of all) expect(i.output()).not.toMatch(CRASH)
  }, 90_000)
})
