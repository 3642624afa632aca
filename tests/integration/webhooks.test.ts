/**
 * Signed webhooks (issue 26 point 3, decision 078), on both drivers: endpoints and who may manage
 * them (page rules in the use cases; tRPC and REST doors), events written with the change, the
 * signature checked with the recipe of docs/webhooks.md, retries with backoff, the claim lease,
 * two workers, giving up, replay, disabling after repeated failure (with the managers' email),
 * and the SSRF guard at delivery (a refused target, a redirect to a private address).
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { auditLog, mailOutbox, vehicleRequests, webhookDeliveries, webhookEndpoints } from '#db/schema/index.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { respondToVehicleRequest } from '#server/fleet/vehicle-requests.server.ts'
import { createCallerFactory } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { CLAIM_LEASE_MS, DISABLE_AFTER_FAILURES, MAX_ATTEMPTS, deliverPendingWebhooks } from '#server/webhooks/delivery.server.ts'
import { retryDelayMs } from '#server/jobs/outbox-worker.server.ts'
import { emitWebhookEvent } from '#server/webhooks/emit.server.ts'
import { purgeEndedWebhookDeliveries } from '#server/webhooks/delivery-cleanup.server.ts'
import { runRetention } from '#server/compliance/retention.server.ts'
import {
  createWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
  setWebhookEndpointEnabled,
  WEBHOOK_TEST_LIMIT,
} from '#server/webhooks/endpoints.server.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb, DRIVERS } from '#tests/helpers/db.ts'
import { actorFor, apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { documentedVerifyWebhook, type VerifyWebhook } from '#tests/helpers/webhook-recipe.ts'
import { APP_ORIGIN, raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'
import { clearSteps } from '#server/limits/rate-limit.server.ts'

/** The recipe of docs/webhooks.md, read from the document. */
let verifyWebhook: VerifyWebhook
beforeAll(async () => {
  verifyWebhook = await documentedVerifyWebhook()
})

interface Received {
  path: string
  headers: Record<string, string | undefined>
  body: string
}

/** A receiver on loopback: records every request; answers with the queued statuses (then 200). */
function startReceiver() {
  const received: Received[] = []
  const answers: number[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers as IncomingHttpHeaders).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]))
      received.push({ path: req.url ?? '', headers, body: Buffer.concat(chunks).toString('utf8') })
      if (req.url?.startsWith('/redirect-private')) {
        res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' })
        res.end()
        return
      }
      const status = answers.shift() ?? 200
      res.writeHead(status, { 'content-type': 'text/plain' })
      res.end(status === 200 ? 'thanks' : 'receiver is down')
    })
  })
  return {
    received,
    answers,
    async listen() {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

const LOOPBACK = { allowLoopback: true } as const

describe.each(DRIVERS)('webhooks on %s', (driver) => {
  let db: Database
  const receiver = startReceiver()
  let base = ''
  const ids = {} as { owner: number; operator: number; other: number; ownerManager: number; ownerEmail: string; operatorManager: number; driver: number; otherManager: number; vehicle: number }
  const previousEnv = process.env.WEBHOOKS_ALLOW_LOOPBACK

  beforeAll(async () => {
    process.env.WEBHOOKS_ALLOW_LOOPBACK = 'true'
    resetEnvCache()
    base = await receiver.listen()
    db = createTestDb(driver)
    ids.owner = (await createCompany(db, 'Hooks Owner Co', ['Owner'])).id
    ids.operator = (await createCompany(db, 'Hooks Operator Co', ['Operator'])).id
    ids.other = (await createCompany(db, 'Unrelated Co', ['Owner'])).id
    const ownerManager = await createUser(db, { firstName: 'Olga', lastName: 'Owner' })
    ids.ownerManager = ownerManager.id
    ids.ownerEmail = ownerManager.email!
    ids.operatorManager = (await createUser(db)).id
    ids.driver = (await createUser(db)).id
    ids.otherManager = (await createUser(db)).id
    await grantRole(db, ids.ownerManager, ids.owner, 'Owner')
    await grantRole(db, ids.operatorManager, ids.operator, 'Operator')
    await grantRole(db, ids.driver, ids.operator, 'Driver')
    await grantRole(db, ids.otherManager, ids.other, 'Owner')
    ids.vehicle = (await insertVehicle(db, ids.owner)).id
  })
  afterAll(async () => {
    await db.close()
    await receiver.close()
    if (previousEnv === undefined) delete process.env.WEBHOOKS_ALLOW_LOOPBACK
    else process.env.WEBHOOKS_ALLOW_LOOPBACK = previousEnv
    resetEnvCache()
  })
  beforeEach(async () => {
    receiver.answers.length = 0
    // Each test starts with no endpoint: what it queues is only its own.
    await db.transaction(async (tx) => {
      await tx.delete(webhookDeliveries)
      await tx.delete(webhookEndpoints)
    })
  })

  const ctx = (userId: number, now?: Date) => ctxFor(db, userId, now)
  const newEndpoint = async (companyId: number, userId: number, events: string[], path = '/hook') =>
    createWebhookEndpoint(await ctx(userId), { companyId, url: `${base}${path}`, events }, LOOPBACK)
  const deliveriesOf = (endpointId: number) => db.read.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(webhookDeliveries.id)
  const receivedFor = (path: string) => receiver.received.filter((r) => r.path === path)
  /** Drains what is due now (as the worker does), with the loopback receiver allowed. */
  const deliver = (now?: Date) => deliverPendingWebhooks(db, { ...LOOPBACK, now })

  it('registers an endpoint with a whsec_ secret shown once; the list never shows it', async () => {
    const { endpoint, secret } = await newEndpoint(ids.owner, ids.ownerManager, ['defect.found', 'alert.raised'])
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32)
    expect(endpoint).toMatchObject({ url: `${base}/hook`, events: ['defect.found', 'alert.raised'], enabled: true, lastDelivery: null })
    const list = await listWebhookEndpoints(await ctx(ids.ownerManager), { companyId: ids.owner })
    expect(list.map((e) => e.id)).toContain(endpoint.id)
    expect(JSON.stringify(list)).not.toContain(secret)
    const [row] = await db.read.select().from(auditLog).where(and(eq(auditLog.action, 'webhook.create'), eq(auditLog.entityId, String(endpoint.id))))
    expect(JSON.stringify(row?.details)).not.toContain(secret)
  })

  it('refuses private, link-local and (setting off) loopback targets at registration, with the reason under the URL', async () => {
    const me = await ctx(ids.ownerManager)
    for (const url of ['https://10.0.0.1/hook', 'https://169.254.169.254/latest', 'https://[fd00::1]/x', 'http://example.com/hook', 'https://user:pw@example.com/']) {
      const error = await createWebhookEndpoint(me, { companyId: ids.owner, url, events: ['defect.found'] }, LOOPBACK).catch((e: unknown) => e)
      expect(error).toMatchObject({ status: 400 })
      expect((error as { fieldErrors: Record<string, string> }).fieldErrors.url).toBeTruthy()
    }
    const loop = await createWebhookEndpoint(me, { companyId: ids.owner, url: 'https://localhost/hook', events: ['defect.found'] }, { allowLoopback: false }).catch((e: unknown) => e)
    expect(loop).toMatchObject({ status: 400, fieldErrors: { url: 'The URL points to a private, loopback or link-local address; only public addresses are allowed' } })
    const noEvents = await createWebhookEndpoint(me, { companyId: ids.owner, url: `${base}/x`, events: [] }, LOOPBACK).catch((e: unknown) => e)
    expect(noEvents).toMatchObject({ status: 400, fieldErrors: { events: 'Choose at least one event' } })
  })

  it('a driver of the company and an unrelated manager get 403 (API.md, issue 38), another company\'s endpoint 404, in the use cases and through tRPC', async () => {
    const { endpoint } = await newEndpoint(ids.operator, ids.operatorManager, ['pre_trip.filed'])
    const driverCtx = await ctx(ids.driver)
    const strangerCtx = await ctx(ids.otherManager)
    await expect(listWebhookEndpoints(driverCtx, { companyId: ids.operator })).rejects.toMatchObject({ status: 403 })
    await expect(listWebhookEndpoints(strangerCtx, { companyId: ids.operator })).rejects.toMatchObject({ status: 403 })
    await expect(createWebhookEndpoint(driverCtx, { companyId: ids.operator, url: `${base}/d`, events: ['pre_trip.filed'] }, LOOPBACK)).rejects.toMatchObject({ status: 403 })
    await expect(rotateWebhookSecret(strangerCtx, { companyId: ids.operator, endpointId: endpoint.id })).rejects.toMatchObject({ status: 403 })
    // The stranger names its own company: the endpoint of another company does not exist for it.
    await expect(setWebhookEndpointEnabled(strangerCtx, { companyId: ids.other, endpointId: endpoint.id, enabled: false })).rejects.toMatchObject({ status: 404 })

    const caller = (userId: number) => actorFor(db, userId).then((actor) => createCallerFactory(appRouter)({ db, actor }))
    await expect((await caller(ids.driver)).webhooks.list({ companyId: ids.operator })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect((await caller(ids.otherManager)).webhooks.list({ companyId: ids.operator })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect((await caller(ids.otherManager)).webhooks.delete({ companyId: ids.operator, endpointId: endpoint.id })).rejects.toMatchObject({ code: 'FORBIDDEN' })
    const mine = await (await caller(ids.operatorManager)).webhooks.list({ companyId: ids.operator })
    expect(mine.map((e) => e.id)).toContain(endpoint.id)
  })

  it('writes the event in the use case transaction and signs each delivery as docs/webhooks.md verifies it', async () => {
    const { endpoint, secret } = await newEndpoint(ids.operator, ids.operatorManager, ['vehicle_request.answered'], '/answered')
    // The owner (the other party) subscribes to something else: it gets nothing for this event.
    const ownerOther = await newEndpoint(ids.owner, ids.ownerManager, ['repair.completed'], '/owner-other')
    const [request] = await db.transaction((tx) =>
      tx.insert(vehicleRequests).values({ vehicleId: ids.vehicle, ownerCompanyId: ids.owner, operatorCompanyId: ids.operator, startDate: '2030-01-01' }).returning(),
    )
    await respondToVehicleRequest(await ctx(ids.ownerManager), { requestId: request!.id, approved: false })
    const [queued] = await deliveriesOf(endpoint.id)
    expect(queued).toMatchObject({ eventType: 'vehicle_request.answered', state: 'pending', attempts: 0 })
    expect(await deliveriesOf(ownerOther.endpoint.id)).toHaveLength(0)

    await deliver()
    const [got] = receivedFor('/answered')
    expect(got).toBeDefined()
    expect(verifyWebhook(secret, got!.headers, got!.body)).toBe(true)
    expect(got!.headers['webhook-id']).toBe(queued!.eventId)
    expect(got!.headers['content-type']).toBe('application/json')
    // The recipe refuses a tampered body, a wrong secret and an old timestamp.
    expect(verifyWebhook(secret, got!.headers, got!.body.replace('false', 'true '))).toBe(false)
    expect(verifyWebhook(ownerOther.secret, got!.headers, got!.body)).toBe(false)
    expect(verifyWebhook(secret, { ...got!.headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 600) }, got!.body)).toBe(false)
    const body = JSON.parse(got!.body) as { type: string; timestamp: string; data: Record<string, unknown> }
    expect(body).toMatchObject({ type: 'vehicle_request.answered', data: { requestId: request!.id, approved: false, status: 'Rejected', companyId: ids.operator, vehicleId: ids.vehicle } })
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false)

    const [done] = await deliveriesOf(endpoint.id)
    expect(done).toMatchObject({ state: 'delivered', attempts: 1, lastStatusCode: 200, lastError: null })
    const view = (await listWebhookEndpoints(await ctx(ids.operatorManager), { companyId: ids.operator })).find((e) => e.id === endpoint.id)
    expect(view?.lastDelivery).toMatchObject({ state: 'delivered', statusCode: 200 })
  })

  it('an event for a company without a subscribed, enabled endpoint queues nothing; a rolled-back change queues nothing', async () => {
    const { endpoint } = await newEndpoint(ids.other, ids.otherManager, ['alert.raised'], '/rollback')
    await setWebhookEndpointEnabled(await ctx(ids.otherManager), { companyId: ids.other, endpointId: endpoint.id, enabled: false })
    expect(await db.transaction((tx) => emitWebhookEvent(tx, [ids.other], 'alert.raised', { x: 1 }))).toBe(0)
    await setWebhookEndpointEnabled(await ctx(ids.otherManager), { companyId: ids.other, endpointId: endpoint.id, enabled: true })
    expect(await db.transaction((tx) => emitWebhookEvent(tx, [ids.other], 'defect.found', { x: 1 }))).toBe(0)
    await expect(
      db.transaction(async (tx) => {
        await emitWebhookEvent(tx, [ids.other], 'alert.raised', { x: 1 })
        throw new Error('the change fails')
      }),
    ).rejects.toThrow('the change fails')
    expect(await deliveriesOf(endpoint.id)).toHaveLength(0)
  })

  it('retries a failure with backoff (500 then 200), with the same webhook-id, and keeps the last status', async () => {
    const { endpoint, secret } = await newEndpoint(ids.other, ids.otherManager, ['alert.raised'], '/flaky')
    await db.transaction((tx) => emitWebhookEvent(tx, [ids.other], 'alert.raised', { vehicleId: 1 }))
    receiver.answers.push(500)
    const t0 = new Date()
    expect(await deliver(t0)).toEqual({ delivered: 0, failed: 1 })
    let [d] = await deliveriesOf(endpoint.id)
    expect(d).toMatchObject({ state: 'pending', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500', lastResponseExcerpt: 'receiver is down' })
    expect(d!.nextAttemptAt.getTime()).toBe(t0.getTime() + retryDelayMs(1))
    expect(retryDelayMs(1)).toBe(60_000)
    expect(retryDelayMs(2)).toBe(120_000)
    expect(retryDelayMs(3)).toBe(240_000)
    expect(retryDelayMs(20)).toBe(3_600_000)
    // Not due yet: nothing is sent.
    expect(await deliver(new Date(t0.getTime() + 30_000))).toEqual({ delivered: 0, failed: 0 })
    expect(await deliver(new Date(t0.getTime() + 61_000))).toEqual({ delivered: 1, failed: 0 })
    ;[d] = await deliveriesOf(endpoint.id)
    expect(d).toMatchObject({ state: 'delivered', attempts: 2, lastStatusCode: 200, lastError: null })
    const got = receivedFor('/flaky')
    expect(got).toHaveLength(2)
    expect(got[0]!.headers['webhook-id']).toBe(got[1]!.headers['webhook-id'])
    expect(got.every((g) => verifyWebhook(secret, g.headers, g.body))).toBe(true)
    const [e] = await db.read.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))
    expect(e).toMatchObject({ consecutiveFailures: 0, failingSince: null })
  })

  it('a claimed delivery is left alone until its claim lease expires, then retried', async () => {
    const { endpoint } = await newEndpoint(ids.other, ids.otherManager, ['alert.raised'], '/lease')
    await db.transaction((tx) => emitWebhookEvent(tx, [ids.other], 'alert.raised', { vehicleId: 2 }))
    const t0 = new Date()
    // As a worker that claimed it and then died would leave it.
    await db.transaction((tx) => tx.update(webhookDeliveries).set({ nextAttemptAt: new Date(t0.getTime() + CLAIM_LEASE_MS) }).where(eq(webhookDeliveries.endpointId, endpoint.id)))
    expect(await deliver(t0)).toEqual({ delivered: 0, failed: 0 })
    expect(receivedFor('/lease')).toHaveLength(0)
    expect(await deliver(new Date(t0.getTime() + CLAIM_LEASE_MS + 1000))).toEqual({ delivered: 1, failed: 0 })
    expect(receivedFor('/lease')).toHaveLength(1)
  })

  it('two workers at once never send the same delivery twice', async () => {
    const { endpoint } = await newEndpoint(ids.other, ids.otherManager, ['alert.raised'], '/race')
    for (let i = 0; i < 6; i++) await db.transaction((tx) => emitWebhookEvent(tx, [ids.other], 'alert.raised', { n: i }))
    const [a, b] = await Promise.all([deliver(), deliver()])
    expect(a!.delivered + b!.delivered).toBe(6)
    const got = receivedFor('/race')
    expect(got).toHaveLength(6)
    expect(new Set(got.map((g) => g.headers['webhook-id'])).size).toBe(6)
    expect((await deliveriesOf(endpoint.id)).every((d) => d.state === 'delivered' && d.attempts === 1)).toBe(true)
  })

  it('gives up after the last attempt; a manager replays it (same id, fresh attempts); the list is paged', async () => {
    const { endpoint } = await newEndpoint(ids.other, ids.otherManager, ['alert.raised'], '/giveup')
    await db.transaction((tx) => emitWebhookEvent(tx, [ids.other], 'alert.raised', { vehicleId: 3 }))
    await db.transaction((tx) => tx.update(webhookDeliveries).set({ attempts: MAX_ATTEMPTS - 1 }).where(eq(webhookDeliveries.endpointId, endpoint.id)))
    receiver.answers.push(503)
    await deliver()
    let [d] = await deliveriesOf(endpoint.id)
    expect(d).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, lastStatusCode: 503 })
    expect(d!.lastError).toMatch(/^Gave up after 10 attempts: HTTP 503/)
    expect(await deliver(new Date(Date.now() + 86400_000))).toEqual({ delivered: 0, failed: 0 })

    const me = await ctx(ids.otherManager)
    await expect(replayWebhookDelivery(await ctx(ids.ownerManager), { companyId: ids.owner, deliveryId: d!.id })).rejects.toMatchObject({ status: 404 })
    const replayed = await replayWebhookDelivery(me, { companyId: ids.other, deliveryId: d!.id })
    expect(replayed).toMatchObject({ state: 'pending', attempts: 0 })
    await expect(replayWebhookDelivery(me, { companyId: ids.other, deliveryId: d!.id })).rejects.toMatchObject({ status: 409 })
    await deliver()
    ;[d] = await deliveriesOf(endpoint.id)
    expect(d).toMatchObject({ state: 'delivered', attempts: 1 })
    const got = receivedFor('/giveup')
    expect(got.at(-1)!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id'])

    // Test events are bounded per endpoint (issue 38): the window is reset between them here, to fill pages.
    for (let i = 0; i < 11; i++) {
      await clearSteps(db, 'webhook-test', String(endpoint.id))
      await sendTestWebhook(me, { companyId: ids.other, endpointId: endpoint.id })
    }
    const page1 = await listWebhookDeliveries(me, { companyId: ids.other, endpointId: endpoint.id, page: 1, pageSize: 5 })
    expect(page1).toMatchObject({ total: 12, page: 1, pageSize: 5, pageCount: 3 })
    expect(page1.items).toHaveLength(5)
    expect(page1.items[0]!.eventType).toBe('webhook.test')
    const page3 = await listWebhookDeliveries(me, { companyId: ids.other, endpointId: endpoint.id, page: 3, pageSize: 5 })
    expect(page3.items).toHaveLength(2)
    expect(page3.items.at(-1)!.id).toBe(d!.id)
  })

  it('disables an endpoint that failed 10 times in a row for over a day, emails the managers once; a manager enables it again', async () => {
    const { endpoint } = await newEndpoint(ids.owner, ids.ownerManager, ['alert.raised'], '/dead')
    await db.transaction((tx) => emitWebhookEvent(tx, [ids.owner], 'alert.raised', { a: 1 }))
    await db.transaction((tx) => emitWebhookEvent(tx, [ids.owner], 'alert.raised', { a: 2 }))
    const now = new Date()
    await db.transaction((tx) =>
      tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: DISABLE_AFTER_FAILURES - 2, failingSince: new Date(now.getTime() - 25 * 3600_000) })
        .where(eq(webhookEndpoints.id, endpoint.id)),
    )
    receiver.answers.push(500, 500)
    await deliver(now)
    const [e] = await db.read.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))
    expect(e).toMatchObject({ enabled: false, disabledReason: 'failures', consecutiveFailures: DISABLE_AFTER_FAILURES })
    const mails = await db.read.select().from(mailOutbox).where(eq(mailOutbox.toAddress, ids.ownerEmail))
    const disabledMails = mails.filter((m) => m.subject.includes('webhook endpoint'))
    expect(disabledMails).toHaveLength(1)
    expect(disabledMails[0]!.textBody).toContain(`${base}/dead`)
    expect(disabledMails[0]!.textBody).toContain(`/company/${ids.owner}/webhooks`)

    // Disabled: its waiting deliveries are not sent, and new events are not queued for it.
    const sentBefore = receivedFor('/dead').length
    await deliver(new Date(now.getTime() + 3600_000))
    expect(receivedFor('/dead')).toHaveLength(sentBefore)
    expect(await db.transaction((tx) => emitWebhookEvent(tx, [ids.owner], 'alert.raised', { a: 3 }))).toBe(0)
    await expect(sendTestWebhook(await ctx(ids.ownerManager), { companyId: ids.owner, endpointId: endpoint.id })).rejects.toMatchObject({ status: 409 })
    const view = (await listWebhookEndpoints(await ctx(ids.ownerManager), { companyId: ids.owner })).find((x) => x.id === endpoint.id)
    expect(view).toMatchObject({ enabled: false, disabledReason: 'failures' })

    const again = await setWebhookEndpointEnabled(await ctx(ids.ownerManager), { companyId: ids.owner, endpointId: endpoint.id, enabled: 'true' })
    expect(again).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 })
    await deliver(new Date(now.getTime() + 3600_000))
    expect(receivedFor('/dead').length).toBeGreaterThan(sentBefore)
  })

  it('checks the target again at delivery: refused when loopback is no longer allowed, and on a redirect to a private address', async () => {
    const plain = await newEndpoint(ids.other, ids.otherManager, ['alert.raised'], '/later-refused')
    const redirecting = await newEndpoint(ids.other, ids.otherManager, ['defect.found'], '/redirect-private')
    await db.transaction((tx) => emitWebhookEvent(tx, [ids.other], 'alert.raised', { a: 1 }))
    await db.transaction((tx) => emitWebhookEvent(tx, [ids.other], 'defect.found', { a: 1 }))

    // The setting turned off since registration: the loopback receiver is refused, nothing is sent.
    await deliverPendingWebhooks(db, { allowLoopback: false })
    expect(receivedFor('/later-refused')).toHaveLength(0)
    expect(receivedFor('/redirect-private')).toHaveLength(0)
    const [refused] = await deliveriesOf(plain.endpoint.id)
    expect(refused).toMatchObject({ state: 'pending', attempts: 1, lastStatusCode: null })
    expect(refused!.lastError).toMatch(/^Refused target: refused scheme http:/)

    // Allowed again: the plain one goes out; the redirect to the metadata address is refused.
    await deliver(new Date(Date.now() + 3600_000))
    expect(receivedFor('/later-refused')).toHaveLength(1)
    expect(receivedFor('/redirect-private')).toHaveLength(1)
    const [redirected] = await deliveriesOf(redirecting.endpoint.id)
    expect(redirected).toMatchObject({ state: 'pending', attempts: 2, lastStatusCode: null })
    expect(redirected!.lastError).toMatch(/^Refused target: 169\.254\.169\.254 resolves to 169\.254\.169\.254 \(link-local\)/)
  })

  it('the daily retention run deletes ended deliveries a month old, and never a pending one', async () => {
    const { endpoint } = await newEndpoint(ids.owner, ids.ownerManager, ['defect.found'], '/kept')
    const now = new Date()
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000)
    const rows = [
      { key: 'delivered-31', state: 'delivered', createdAt: daysAgo(31) },
      { key: 'failed-31', state: 'failed', createdAt: daysAgo(31) },
      { key: 'pending-31', state: 'pending', createdAt: daysAgo(31) },
      { key: 'delivered-29', state: 'delivered', createdAt: daysAgo(29) },
    ] as const
    await db.transaction((tx) =>
      tx.insert(webhookDeliveries).values(
        rows.map((r) => ({ endpointId: endpoint.id, eventId: `msg_${r.key}`, eventType: 'defect.found' as const, payload: '{}', state: r.state, createdAt: r.createdAt, nextAttemptAt: daysAgo(-1) })),
      ),
    )
    await runRetention(db, now)
    const left = (await deliveriesOf(endpoint.id)).map((d) => d.eventId).sort()
    expect(left).toEqual(['msg_delivered-29', 'msg_pending-31'])
    // The next day's run has nothing more to remove.
    expect(await purgeEndedWebhookDeliveries(db, now)).toBe(0)
  })

  describe('the REST door', () => {
    let app: RunningApp
    beforeAll(async () => {
      app = await startApp(db, { env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } })
    }, 120_000)
    afterAll(() => app?.close())
    const call = async (userId: number | null, method: string, path: string, body?: unknown) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' }
      if (userId !== null) headers.authorization = `Bearer ${await apiTokenFor(db, userId)}`
      const res = await raw(app.base, method, path, { headers, body: body === undefined ? undefined : JSON.stringify(body) })
      return { status: res.status, json: res.body ? (JSON.parse(res.body) as Record<string, unknown>) : null }
    }

    it('creates, lists, tests and deletes; driver 403, unrelated manager 403, anonymous 401', async () => {
      const created = await call(ids.operatorManager, 'POST', `/api/Company/${ids.operator}/webhooks`, { url: `${base}/rest`, events: ['pre_trip.filed', 'defect.found'] })
      expect(created.status).toBe(201)
      expect(created.json?.secret).toMatch(/^whsec_/)
      const endpointId = (created.json!.endpoint as { id: number }).id
      const refused = await call(ids.operatorManager, 'POST', `/api/Company/${ids.operator}/webhooks`, { url: 'https://169.254.169.254/', events: ['defect.found'] })
      expect(refused.status).toBe(400)

      expect((await call(ids.driver, 'GET', `/api/Company/${ids.operator}/webhooks`)).status).toBe(403)
      expect((await call(ids.otherManager, 'GET', `/api/Company/${ids.operator}/webhooks`)).status).toBe(403)
      expect((await call(ids.otherManager, 'DELETE', `/api/Company/${ids.operator}/webhooks/${endpointId}`)).status).toBe(403)
      expect((await call(ids.driver, 'POST', `/api/Company/${ids.operator}/webhooks/${endpointId}/rotate-secret`)).status).toBe(403)
      expect((await call(null, 'GET', `/api/Company/${ids.operator}/webhooks`)).status).toBe(401)

      const list = await call(ids.operatorManager, 'GET', `/api/Company/${ids.operator}/webhooks`)
      expect(list.status).toBe(200)
      expect(JSON.stringify(list.json)).not.toContain(String(created.json!.secret))
      expect((await call(ids.operatorManager, 'POST', `/api/Company/${ids.operator}/webhooks/${endpointId}/test`)).status).toBe(202)
      const deliveries = await call(ids.operatorManager, 'GET', `/api/Company/${ids.operator}/webhooks/${endpointId}/deliveries?pageSize=5`)
      expect(deliveries.json).toMatchObject({ total: 1, items: [{ eventType: 'webhook.test' }] })
      expect((await call(ids.operatorManager, 'DELETE', `/api/Company/${ids.operator}/webhooks/${endpointId}`)).status).toBe(200)
      expect(await deliveriesOf(endpointId)).toHaveLength(0)
    })

    it('"Send test event" is bounded per endpoint: 429 with Retry-After on every door, said in English and Spanish', async () => {
      const { endpoint } = await newEndpoint(ids.owner, ids.ownerManager, ['defect.found'], '/limited')
      const { endpoint: second } = await newEndpoint(ids.owner, ids.ownerManager, ['defect.found'], '/limited-2')
      const me = await ctx(ids.ownerManager)
      const input = { companyId: ids.owner, endpointId: endpoint.id }
      for (let i = 0; i < WEBHOOK_TEST_LIMIT.points; i++) await sendTestWebhook(me, input)
      expect(WEBHOOK_TEST_LIMIT.points).toBe(5)

      // The use case: refused with when to try again, nothing queued.
      const refused = await sendTestWebhook(me, input).catch((e: unknown) => e)
      expect(refused).toMatchObject({ status: 429, message: 'Too many test events for this endpoint: try again in a minute' })
      expect((refused as { retryAfter: number }).retryAfter).toBeGreaterThan(0)
      expect((refused as { retryAfter: number }).retryAfter).toBeLessThanOrEqual(60)

      // REST.
      const rest = await raw(app.base, 'POST', `/api/Company/${ids.owner}/webhooks/${endpoint.id}/test`, {
        headers: { authorization: `Bearer ${await apiTokenFor(db, ids.ownerManager)}`, 'content-type': 'application/json' },
      })
      expect([rest.status, rest.headers['retry-after']]).toEqual([429, expect.any(String)])
      expect(Number(rest.headers['retry-after'])).toBeGreaterThan(0)
      expect(rest.body).toContain('Too many test events for this endpoint')

      // tRPC, in the reader's language.
      const cookie = `operon_session=${await webSessionFor(db, ids.ownerManager)}`
      const trpc = await raw(app.base, 'POST', '/trpc/webhooks.sendTest', {
        headers: { origin: APP_ORIGIN, cookie, 'content-type': 'application/json', 'accept-language': 'es' },
        body: JSON.stringify(input),
      })
      expect([trpc.status, trpc.headers['retry-after']]).toEqual([429, expect.any(String)])
      expect(Number(trpc.headers['retry-after'])).toBeGreaterThan(0)
      expect(trpc.body).toContain('Demasiados eventos de prueba para este punto de conexión')

      // The page's form, without JavaScript.
      const page = await raw(app.base, 'POST', `/company/${ids.owner}/webhooks`, {
        headers: { origin: APP_ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'es' },
        body: new URLSearchParams({ intent: 'test', endpointId: String(endpoint.id) }).toString(),
      })
      expect([page.status, page.headers['retry-after']]).toEqual([429, expect.any(String)])
      expect(Number(page.headers['retry-after'])).toBeGreaterThan(0)
      expect(page.body).toContain('Demasiados eventos de prueba para este punto de conexión')

      // Only what was allowed was queued; another endpoint of the company has its own allowance.
      expect(await deliveriesOf(endpoint.id)).toHaveLength(WEBHOOK_TEST_LIMIT.points)
      expect(await sendTestWebhook(me, { companyId: ids.owner, endpointId: second.id })).toMatchObject({ deliveryId: expect.any(Number) })
      // A new window allows it again.
      await clearSteps(db, 'webhook-test', String(endpoint.id))
      expect(await sendTestWebhook(me, input)).toMatchObject({ deliveryId: expect.any(Number) })
    })
  })
})
