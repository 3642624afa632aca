/**
 * The process entry: checks the environment, migrates (and seeds) the database
 * before listening, then serves Remix (pages, /api, /trpc, /healthz, /VERSION)
 * behind compression and security headers.
 *
 * `npm start` runs the built copy (build/main.js) with NODE_ENV unset: that is
 * a local demo, so production's required settings get local defaults.
 */
import { randomBytes } from 'node:crypto'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { ServerBuild } from '@remix-run/node'
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import { DEMO_LOGINS, DEMO_PASSWORD } from '../demo/logins.ts'
import { configuredProviders, externalSignInOrigins } from '../auth/external/providers.server.ts'
import { getDb } from '../db.server.ts'
import { warmVinDecoder } from '../fleet/vin-decode.server.ts'
import { closePdfBrowser } from '../pdf/render.server.ts'
import { env } from '../env.server.ts'
import { logger } from '../log.server.ts'
import { startMailWorker } from '../mail/delivery.server.ts'
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

  const dev = e.NODE_ENV === 'development'
  const vite = dev
    ? await import('vite').then((v) => v.createServer({ server: { middlewareMode: true }, appType: 'custom' }))
    : undefined

  const app = express()
  app.disable('x-powered-by')
  // Fly.io and most hosts put one proxy in front: req.ip is then the client.
  app.set('trust proxy', 1)
  app.use(compression())

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('hex')
    next()
  })
  app.use(
    helmet({
      xPoweredBy: false,
      referrerPolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: e.isProduction,
      contentSecurityPolicy: {
        reportOnly: dev,
        directives: {
          'default-src': ["'self'"],
          'connect-src': ["'self'", ...(dev ? ['ws:'] : [])],
          'img-src': ["'self'", 'data:', 'blob:'],
          'font-src': ["'self'", 'data:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'script-src': [
            "'strict-dynamic'",
            "'self'",
            (_req, res) => `'nonce-${(res as unknown as express.Response).locals.cspNonce as string}'`,
          ],
          'worker-src': ["'self'", 'blob:'],
          'frame-ancestors': ["'none'"],
          // The external sign-in buttons post to /auth/{provider}, which redirects to the provider.
          'form-action': ["'self'", ...externalSignInOrigins(), ...(configuredProviders().length ? ['https:'] : [])],
          'upgrade-insecure-requests': e.isProduction ? [] : null,
        },
      },
    }),
  )

  if (vite) {
    app.use(vite.middlewares)
  } else {
    // Fingerprinted assets are immutable; the rest of build/client briefly cached.
    app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
    app.use(express.static('build/client', { maxAge: '1h' }))
  }

  const build = vite
    ? () => vite.ssrLoadModule('virtual:remix/server-build') as Promise<ServerBuild>
    : ((await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild)

  app.all(
    '*',
    createRequestHandler({
      build,
      mode: e.NODE_ENV,
      getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip ?? 'unknown' }),
    }),
  )

  const server = app.listen(e.PORT, e.HOST, () => {
    const lines = [`Operon is running at ${e.APP_URL}`]
    if (e.DEMO_DATA) {
      lines.push(`Demo logins (password for all: ${DEMO_PASSWORD}):`)
      for (const l of DEMO_LOGINS) lines.push(`  ${l.email.padEnd(34)} ${l.description}`)
      if (!e.SMTP_URL) lines.push(`Sign-in codes are not emailed (no SMTP_URL): read them at ${e.APP_URL}/dev/mailbox`)
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
