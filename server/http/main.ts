/**
 * The process entry (bundled alone into build/main.js): checks the environment, migrates (and
 * seeds) the database, starts the background workers and listens. The Express app
 * (app.server.ts) answers /healthz itself from the first moment (decision 052); everything
 * else comes from the Remix server build (build/server/index.js; in development, Vite's),
 * loaded after listening: the pages and /VERSION through Remix, /api and /trpc through the doors
 * that build exports (app/entry.server.tsx → app/doors.server.ts → server/rest, server/trpc),
 * so that the use cases are one copy in the process. Two bundles therefore load some server/
 * modules twice; what they must share lives in db/process-state.ts (decision 080).
 *
 * SIGTERM (or Ctrl-C) shuts it down gracefully (decision 042): stop accepting, let the
 * requests in progress finish for up to SHUTDOWN_GRACE_MS, stop the background workers, close
 * Chromium and the database, exit 0.
 *
 * `npm start` runs the built copy (build/main.js) with NODE_ENV unset: that is
 * a local demo, so production's required settings get local defaults.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { DEMO_LOGINS, DEMO_PASSWORD } from '../demo/logins.ts'
import { getDb } from '../db.server.ts'
import { closePdfBrowser } from '../pdf/render.server.ts'
import { env } from '../env.server.ts'
import { logger } from '../log.server.ts'
import { startMailWorker } from '../mail/delivery.server.ts'
import { startWebhookWorker } from '../webhooks/delivery.server.ts'
import { startAlertDigestScheduler } from '../alerts/alert-digest.server.ts'
import { startRetentionScheduler } from '../compliance/retention.server.ts'
import { createApp } from './app.server.ts'
import { prepareDatabase } from './startup.server.ts'

if (!process.env.NODE_ENV) {
  process.env.NODE_ENV = 'production'
  process.env.OPERON_LOCAL = 'true'
}

async function main() {
  let e
  try {
    e = env()
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  const log = logger()
  const db = getDb()
  await prepareDatabase(db, e)
  const mailWorker = startMailWorker(db)
  // Signed webhooks (decision 078): the same durable-outbox shape as mail, under its own lease.
  const webhookWorker = startWebhookWorker(db)
  // The owners' morning alert digest: checked every minute, once per company and local day.
  const alertDigests = startAlertDigestScheduler(db)
  // Record retention (decision 067): once a day, under the `retention` lease, only what has expired.
  const retention = startRetentionScheduler(db)

  const dev = e.NODE_ENV === 'development'
  const vite = dev
    ? await import('vite').then((v) => v.createServer({ server: { middlewareMode: true }, appType: 'custom' }))
    : undefined

  // The server build (every page and use case) loads after listening, in the background: until
  // it is there, /healthz answers and the other requests wait for it (decision 052).
  let buildLoad: Promise<ServerBuild> | undefined
  const build = vite
    ? () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
    : () => (buildLoad ??= import(pathToFileURL(resolve('build/server/index.js')).href) as Promise<ServerBuild>)

  let closing = false
  const app = createApp({
    build,
    mode: e.NODE_ENV,
    appUrl: e.APP_URL,
    isProduction: e.isProduction,
    isLocal: e.isLocal,
    clientIp: { header: e.CLIENT_IP_HEADER, proxies: e.CLIENT_IP_PROXIES },
    viteMiddlewares: vite?.middlewares,
    observe: {
      closing: () => closing,
      // Answers finished during a shutdown close the idle sockets they leave.
      onDone: () => {
        if (closing) server.closeIdleConnections()
      },
    },
  })

  const server = app.listen(e.PORT, e.HOST, () => {
    const lines = [`Operon is running at ${e.APP_URL}`]
    if (e.DEMO_DATA) {
      lines.push(`Demo logins (password for all: ${DEMO_PASSWORD}):`)
      for (const l of DEMO_LOGINS) lines.push(`  ${l.email.padEnd(34)} ${l.description}`)
      if (!e.SMTP_URL && e.isLocal) lines.push(`Sign-in codes are not emailed (no SMTP_URL): read them at ${e.APP_URL}/dev/mailbox`)
    }
    console.log(lines.join('\n'))
    log.info({ port: e.PORT, db: db.driver, ms: Math.round(performance.now()) }, 'listening')
    void build().then(
      (b) => {
        log.info({ ms: Math.round(performance.now()) }, 'server build loaded')
        // Unpacks the offline VIN data in the background so the first lookup is quick (in the
        // build's copy of the decoder: the one the lookups use).
        void (b.entry.module as { doors?: { warm(): Promise<void> } }).doors?.warm()
      },
      (error: unknown) => log.error({ err: error }, 'loading the server build failed'),
    )
  })

  /**
   * Background work stopped on shutdown, after the last request (decision 042): each `stop()`
   * ends its timer and waits for a run in progress. Add new workers here.
   */
  const backgroundWorkers: { name: string; stop(): Promise<void> | void }[] = [
    { name: 'mail worker', stop: () => mailWorker.stop() },
    { name: 'webhook worker', stop: () => webhookWorker.stop() },
    { name: 'alert digest', stop: () => alertDigests.stop() },
    { name: 'record retention', stop: () => retention.stop() },
  ]

  const graceMs = e.SHUTDOWN_GRACE_MS
  const shutdown = async (signal: string) => {
    const started = Date.now()
    closing = true
    log.info({ signal, graceMs }, 'shutting down: no new connections; finishing the requests in progress')
    // Stop accepting; idle keep-alive sockets close now, busy ones once their answer is sent.
    const drained = new Promise<boolean>((resolve) => server.close(() => resolve(true)))
    server.closeIdleConnections()
    let timer: NodeJS.Timeout | undefined
    const inTime = await Promise.race([drained, new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)))])
    clearTimeout(timer)
    if (!inTime) {
      log.warn({ graceMs }, 'shutdown: requests still running after the grace period; closing their connections')
      server.closeAllConnections()
    }
    let code = 0
    for (const worker of backgroundWorkers) {
      try {
        await worker.stop()
      } catch (error) {
        code = 1
        log.error({ err: error, worker: worker.name }, 'shutdown: a background worker did not stop cleanly')
      }
    }
    await closePdfBrowser().catch((error: unknown) => log.warn({ err: error }, 'shutdown: closing Chromium failed'))
    // Waits for a transaction in progress (the write lock), then closes the connections.
    await db.close().catch((error: unknown) => {
      code = 1
      log.error({ err: error }, 'shutdown: closing the database failed')
    })
    log.info({ ms: Date.now() - started, code }, 'shut down')
    process.exit(code)
  }
  let stopping = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second Ctrl-C: do not wait.
      if (signal === 'SIGINT') process.exit(130)
      return
    }
    stopping = true
    // Whatever happens, the process ends a little after the grace period.
    setTimeout(() => {
      log.error('shutdown took too long; exiting')
      process.exit(1)
    }, graceMs + 10_000).unref()
    void shutdown(signal)
  }
  process.on('SIGTERM', onSignal)
  process.on('SIGINT', onSignal)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
