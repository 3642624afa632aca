/**
 * The process entry: checks the environment, migrates (and seeds) the database
 * before listening, then serves Remix (pages, /api, /trpc, /healthz, /VERSION)
 * behind compression and security headers.
 *
 * `npm start` runs the built copy (build/main.js) with NODE_ENV unset: that is
 * a local demo, so production's required settings get local defaults.
 */
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { DEMO_LOGINS, DEMO_PASSWORD } from '../demo/logins.ts'
import { getDb } from '../db.server.ts'
import { warmVinDecoder } from '../fleet/vin-decode.server.ts'
import { closePdfBrowser } from '../pdf/render.server.ts'
import { env } from '../env.server.ts'
import { logger } from '../log.server.ts'
import { startMailWorker } from '../mail/delivery.server.ts'
import { startAlertDigestScheduler } from '../dashboards/alert-digest.server.ts'
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
  // The owners' morning alert digest: checked every minute, once per company and local day.
  const alertDigests = startAlertDigestScheduler(db)
  // Registered before the shutdown below, so no new check starts while it closes the database
  // (a check cut short is one transaction: it rolls back, claim included).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void alertDigests.stop())

  const dev = e.NODE_ENV === 'development'
  const vite = dev
    ? await import('vite').then((v) => v.createServer({ server: { middlewareMode: true }, appType: 'custom' }))
    : undefined

  const build = vite
    ? () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
    : ((await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild)

  const app = createApp({
    build,
    mode: e.NODE_ENV,
    appUrl: e.APP_URL,
    isProduction: e.isProduction,
    isLocal: e.isLocal,
    clientIp: { header: e.CLIENT_IP_HEADER, proxies: e.CLIENT_IP_PROXIES },
    viteMiddlewares: vite?.middlewares,
  })

  const server = app.listen(e.PORT, e.HOST, () => {
    const lines = [`Operon is running at ${e.APP_URL}`]
    if (e.DEMO_DATA) {
      lines.push(`Demo logins (password for all: ${DEMO_PASSWORD}):`)
      for (const l of DEMO_LOGINS) lines.push(`  ${l.email.padEnd(34)} ${l.description}`)
      if (!e.SMTP_URL && e.isLocal) lines.push(`Sign-in codes are not emailed (no SMTP_URL): read them at ${e.APP_URL}/dev/mailbox`)
    }
    console.log(lines.join('\n'))
    log.info({ port: e.PORT, db: db.driver }, 'listening')
    // Unpacks the offline VIN data in the background so the first lookup is quick.
    void warmVinDecoder()
  })

  const shutdown = () => {
    server.close(() => {
      void mailWorker
        .stop()
        .then(() => closePdfBrowser().catch(() => undefined))
        .then(() => db.close())
        .finally(() => process.exit(0))
    })
    setTimeout(() => process.exit(0), 5000).unref()
  }
  process.on('SIGTERM', shutdown)
  process.on('SIGINT', shutdown)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
