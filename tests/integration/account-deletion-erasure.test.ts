/**
 * Issue 22 point 6: data was kept after account deletion (the welcome mail and
 * other outbox rows, web sessions with address and browser, refresh tokens,
 * the typed email in the audit log). A person goes through the real doors —
 * registers (welcome mail, a join request), signs in on the web and on REST
 * (refresh token, used once), fails a sign-in, asks for a reset link — then
 * deletes the account. Afterwards a scan of every column of every table finds
 * their email nowhere, and their sessions, tokens and addresses are gone; the
 * records they signed keep their name (decision 008).
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import {
  apiSessions,
  auditLog,
  inspections,
  joinRequests,
  loginChallenges,
  mailOutbox,
  passwordResetTokens,
  preInspections,
  rateLimits,
  refreshTokens,
  users,
  vehicleDocuments,
  webSessions,
} from '#db/schema/index.ts'
import { deleteAccount } from '#server/auth/account.server.ts'
import { DELETED_USER_NAME } from '#server/auth/account-erasure.server.ts'
import { ERASED_EMAIL } from '#server/activity/audit.server.ts'
import { actorFromWebSession, createWebSession } from '#server/auth/web-session.server.ts'
import { uploadVehicleDocumentFiles } from '#server/documents/documents.server.ts'
import { consumeRateLimit } from '#server/limits/rate-limit.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { ctxFor, lastCodeFor, uniqueEmail, userByEmail } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { createCompany, createUser, grantRole, insertVehicle } from '#tests/helpers/factory.ts'
import { insertInspection, insertPreInspection } from '#tests/helpers/inspection-records.ts'
import { givePassword, reauthProof } from '#tests/helpers/reauth.ts'

const PASSWORD = 'Erasable-Person-58'
const REST_IP = '198.51.100.23'
const WEB_IP = '203.0.113.7'
const USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) ErasureTest/1.0'
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n')

let db: Database

beforeAll(() => {
  db = createTestDb()
  useAsAppDb(db)
})
afterAll(() => db.close())

async function rest(method: string, path: string, body?: unknown, token?: string, ip = REST_IP) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': USER_AGENT }
  if (token) headers.authorization = `Bearer ${token}`
  const res = await handleRestRequest(new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }), db, ip)
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

/** Every table and its columns, read once (the scans below run one query per table: on sqld each query is a round trip). */
let schema: { table: string; columns: string[] }[] | undefined
async function tablesAndColumns() {
  if (!schema) {
    const tables = await db.read.all<{ name: string }>(sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`)
    schema = []
    for (const { name: table } of tables) {
      const columns = await db.read.all<{ name: string }>(sql`SELECT name FROM pragma_table_info(${table})`)
      schema.push({ table, columns: columns.map((c) => c.name) })
    }
  }
  return schema
}

/**
 * Every column of every table (text, numbers, JSON, blobs as text) whose value
 * contains `needle`, case-insensitively: "table.column (rows)". Generic on
 * purpose: a table added later is scanned too.
 */
async function columnsContaining(needle: string): Promise<string[]> {
  const hits: string[] = []
  for (const { table, columns } of await tablesAndColumns()) {
    const counts = columns.map(
      (column, i) => sql`coalesce(sum(instr(lower(CAST(${sql.identifier(column)} AS TEXT)), ${needle.toLowerCase()}) > 0), 0) AS ${sql.identifier(`c${i}`)}`,
    )
    const [row] = await db.read.all<Record<string, number>>(sql`SELECT ${sql.join(counts, sql`, `)} FROM ${sql.identifier(table)}`)
    columns.forEach((column, i) => {
      const n = Number(row![`c${i}`])
      if (n > 0) hits.push(`${table}.${column} (${n})`)
    })
  }
  return hits
}
const tablesOf = (hits: string[]) => [...new Set(hits.map((h) => h.split('.')[0]))]

describe('deleting an account erases what identifies the person', () => {
  it('through the real doors: no trace of the email, no session or token, signed records kept with the name', async () => {
    // The person's company (with another manager, so deletion is allowed) and a vehicle.
    const owner = await createCompany(db, 'Erasure Owner Coaches', ['Owner'])
    const operator = await createCompany(db, 'Erasure Operator Transit', ['Operator'])
    const manager = await createUser(db, { firstName: 'Mia', lastName: 'Manager' })
    await grantRole(db, manager.id, operator.id, 'Operator')
    const vehicle = await insertVehicle(db, owner.id)
    const companyCode = operator.code

    // A bystander whose traces must stay.
    const bystander = uniqueEmail('bystander')
    expect((await rest('POST', '/api/Auth/register', { Username: bystander, Password: PASSWORD, FirstName: 'Bea', Role: 'Driver', TwoFactorType: 1 }, undefined, '192.0.2.99')).status).toBe(200)
    await rest('POST', '/api/Auth/login', { username: bystander, password: 'Wrong-Password-0' }, undefined, '192.0.2.99')

    // 1. Registers on REST with the operator's code: the welcome mail and a pending join request.
    const email = uniqueEmail('erin')
    const reg = await rest('POST', '/api/Auth/register', { Username: email, Password: PASSWORD, FirstName: 'Erin', LastName: 'Erase', Role: 'Driver', TwoFactorType: 1, CompanyCode: companyCode })
    expect(reg.status).toBe(200)
    const userId = (await userByEmail(db, email))!.id
    const [welcome] = await db.read.select().from(mailOutbox).where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.subject, 'Welcome to Operon')))
    expect(welcome).toBeDefined()
    // The worker already sent it: sent mail is erased too.
    await db.transaction((tx) => tx.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, welcome!.id)))
    expect(await db.read.select().from(joinRequests).where(eq(joinRequests.userId, userId))).toHaveLength(1)
    await grantRole(db, userId, operator.id, 'Driver')

    // 2. Signs in on the web: a session row with the address and the browser.
    const web = await createWebSession(db, userId, { ip: WEB_IP, userAgent: USER_AGENT })
    expect((await actorFromWebSession(db, web.token)).kind).toBe('user')

    // 3. Fails a sign-in with the email as typed (upper case, spaces): audit row and lock counter.
    expect((await rest('POST', '/api/Auth/login', { username: `  ${email.toUpperCase()} `, password: 'Not-The-Password-1' })).status).toBe(401)

    // 4. Signs in on REST (emailed code), gets a refresh token and uses it once.
    expect((await rest('POST', '/api/Auth/login', { username: email, password: PASSWORD })).status).toBe(200)
    const tokens = (await rest('POST', '/api/Auth/completeLogin', { code: await lastCodeFor(db, email), username: email, type: 1 })).body
    expect(tokens.accessToken).toEqual(expect.any(String))
    const refreshed = (await rest('POST', '/api/auth/refreshToken', { userId, refreshToken: tokens.refreshToken })).body
    expect(refreshed.refreshToken).toEqual(expect.any(String))

    // 5. Asks for a reset link (token, mail, mail caps keyed by the email); the captcha fallback counted the account.
    expect((await rest('POST', '/api/PasswordReset/send-reset-link', { Email: email })).status).toBe(200)
    await consumeRateLimit('captchaFallbackAccount', email, db)

    // 6. Signs records: an inspection and a pre-trip with the name.
    const inspection = await insertInspection(db, { vehicleId: vehicle.id, inspectorUserId: userId, inspectorName: 'Erin Erase', text: { signatureName: 'Erin Erase' } })
    const preTrip = await insertPreInspection(db, { vehicleId: vehicle.id, operatorCompanyId: operator.id, driverUserId: userId, driverName: 'Erin Erase' })

    // Before: the scan sees the email where the doors put it (so it can see it), and the addresses.
    const before = await columnsContaining(email)
    expect(tablesOf(before)).toEqual(expect.arrayContaining(['users', 'mail_outbox', 'audit_log', 'rate_limits']))
    expect(tablesOf(await columnsContaining(REST_IP))).toEqual(expect.arrayContaining(['audit_log', 'login_challenges']))
    expect(tablesOf(await columnsContaining(WEB_IP))).toEqual(['web_sessions'])
    expect(tablesOf(await columnsContaining(USER_AGENT))).toEqual(['web_sessions'])
    const sessionIds = (await db.read.select({ id: apiSessions.id }).from(apiSessions).where(eq(apiSessions.userId, userId))).map((s) => s.id)
    expect(sessionIds).toHaveLength(1)
    expect(await db.read.select().from(refreshTokens).where(inArray(refreshTokens.sessionId, sessionIds))).toHaveLength(2)
    const auditIds = (await db.read.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.entityId, String(userId)))).map((r) => r.id)
    const bystanderBefore = await columnsContaining(bystander)

    // 7. Deletes the account (REST; the access token is a fresh sign-in).
    const deleted = await rest('DELETE', '/api/Auth/deleteAccount', undefined, tokens.accessToken)
    expect(deleted.status).toBe(200)

    // Nowhere: not in any column of any table.
    expect(await columnsContaining(email)).toEqual([])
    // The addresses and the browser are gone too; only the per-address counters (rate_limits,
    // not linked to any account, an hour at most) still name the REST address.
    expect(await columnsContaining(WEB_IP)).toEqual([])
    expect(await columnsContaining(USER_AGENT)).toEqual([])
    expect(tablesOf(await columnsContaining(REST_IP))).toEqual(['rate_limits'])

    // No session, token, challenge or reset link of the user.
    expect(await db.read.select().from(webSessions).where(eq(webSessions.userId, userId))).toEqual([])
    expect(await db.read.select().from(apiSessions).where(eq(apiSessions.userId, userId))).toEqual([])
    expect(await db.read.select().from(refreshTokens).where(inArray(refreshTokens.sessionId, sessionIds))).toEqual([])
    expect(await db.read.select().from(loginChallenges).where(eq(loginChallenges.userId, userId))).toEqual([])
    expect(await db.read.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))).toEqual([])
    expect(await db.read.select().from(joinRequests).where(eq(joinRequests.userId, userId))).toEqual([])
    expect(await db.read.select().from(rateLimits).where(eq(rateLimits.key, email))).toEqual([])
    // The old credentials open nothing.
    expect((await actorFromWebSession(db, web.token)).kind).toBe('anonymous')
    expect((await rest('GET', '/api/Profile', undefined, refreshed.accessToken)).status).toBe(401)
    expect((await rest('POST', '/api/auth/refreshToken', { userId, refreshToken: refreshed.refreshToken })).status).toBe(401)

    // Kept: the signed records with the name, the user row (id and name, for them), the audit events.
    const [insp] = await db.read.select().from(inspections).where(eq(inspections.id, inspection.id))
    expect(insp).toMatchObject({ inspectorUserId: userId, inspectorName: 'Erin Erase', signatureName: 'Erin Erase' })
    const [trip] = await db.read.select().from(preInspections).where(eq(preInspections.id, preTrip.id))
    expect(trip).toMatchObject({ driverUserId: userId, driverName: 'Erin Erase' })
    const [row] = await db.read.select().from(users).where(eq(users.id, userId))
    expect(row).toMatchObject({ email: null, passwordHash: null, firstName: 'Erin', lastName: 'Erase' })
    expect(row!.deletedAt).not.toBeNull()
    const events = await db.read.select().from(auditLog).where(inArray(auditLog.id, auditIds))
    expect(events).toHaveLength(auditIds.length)
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['user.register', 'auth.signIn.passwordFailed', 'auth.signIn']))
    const failed = events.find((e) => e.action === 'auth.signIn.passwordFailed')!
    expect(failed.details).toEqual({ email: ERASED_EMAIL })
    expect(events.every((e) => !e.details || !('ip' in e.details))).toBe(true)

    // The bystander keeps every trace (mail, audit with address, counters): nothing over-reached.
    expect(await columnsContaining(bystander)).toEqual(bystanderBefore)
    expect(tablesOf(await columnsContaining('192.0.2.99'))).toEqual(expect.arrayContaining(['audit_log']))
  })

  it('an account without a name: the email shown as document uploader becomes "Deleted user"; signed records keep what was signed', async () => {
    const co = await createCompany(db, 'Nameless Owner Lines', ['Owner'])
    const other = await createUser(db, { firstName: 'Otto', lastName: 'Owner' })
    await grantRole(db, other.id, co.id, 'Owner')
    const nameless = await createUser(db, { firstName: '', lastName: '' })
    await grantRole(db, nameless.id, co.id, 'Owner')
    await givePassword(db, nameless.id)
    const vehicle = await insertVehicle(db, co.id)
    const ctx = await ctxFor(db, nameless.id)
    const [doc] = await uploadVehicleDocumentFiles(ctx, [{ vehicleId: vehicle.id, fileName: 'permit.pdf', bytes: PDF }])
    expect(doc!.uploadedBy).toBe(nameless.email)
    // As submitInspection would sign for a person without a name (decision 032: fingerprinted).
    const signed = await insertInspection(db, { vehicleId: vehicle.id, inspectorUserId: nameless.id, inspectorName: nameless.email! })

    await deleteAccount(ctx, await reauthProof(db, nameless.id))

    const [d] = await db.read.select().from(vehicleDocuments).where(eq(vehicleDocuments.id, doc!.id))
    expect(d!.uploadedByName).toBe(DELETED_USER_NAME)
    const [insp] = await db.read.select().from(inspections).where(eq(inspections.id, signed.id))
    expect(insp!.inspectorName).toBe(nameless.email)
    // That signed record is the only place the email remains (the re-authentication code mail,
    // the mail caps and the audit rows included are gone).
    expect(await columnsContaining(nameless.email!)).toEqual(['inspections.inspector_name (1)'])
  })
})
