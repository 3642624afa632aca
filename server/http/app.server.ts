/**
 * The Express application in front of Remix: request id, timing and access log, client
 * address, compression, security headers
 * with a per-request CSP nonce, the request guards (decisions 018, 020), static files, then
 * Remix (pages, /api, /trpc, /healthz, /VERSION). `main.ts` serves it; the tests serve the same
 * application over real HTTP.
 */
import { randomBytes } from 'node:crypto'
import type { ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import { configuredProviders, externalSignInOrigins } from '../auth/external/providers.server.ts'
import { cspDirectives } from './csp.server.ts'
import { clientIp, type ClientIpConfig } from './client-ip.server.ts'
import { requestGuards } from './guards.server.ts'
import { observeRequests, type ObserveOptions } from './observe.server.ts'
import { createRequestHandler } from './remix-adapter.server.ts'

export interface AppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: string
  /** APP_URL: its origin is the only one allowed to write. */
  appUrl: string
  isProduction: boolean
  /** Local or test use (not a deployment): the origin the Host header names may write too. */
  isLocal: boolean
  clientIp: ClientIpConfig
  /** Development: Vite's middlewares instead of the built static files. */
  viteMiddlewares?: express.RequestHandler
  /** The graceful shutdown's hooks (main.ts): answers close their connection while it runs. */
  observe?: ObserveOptions
}

export function createApp(opts: AppOptions): express.Express {
  const dev = opts.mode === 'development'
  const app = express()
  app.disable('x-powered-by')
  // No proxy header is believed by Express itself: the client address comes from
  // CLIENT_IP_HEADER or the socket (decision 020), and the host from Host.
  app.set('trust proxy', false)

  // Request id, Server-Timing and the access log, around everything else (decision 042).
  app.use(observeRequests(opts.observe))
  app.use((req, res, next) => {
    res.locals.clientIp = clientIp(opts.clientIp, req.socket.remoteAddress, req.headers)
    res.locals.cspNonce = randomBytes(16).toString('hex')
    next()
  })
  app.use(compression())
  app.use(
    helmet({
      xPoweredBy: false,
      referrerPolicy: { policy: 'same-origin' },
      xFrameOptions: { action: 'deny' },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: opts.isProduction,
      contentSecurityPolicy: {
        reportOnly: dev,
        directives: cspDirectives({
          dev,
          isProduction: opts.isProduction,
          // The external sign-in buttons post to /auth/{provider}, which redirects to the provider.
          formActions: [...externalSignInOrigins(), ...(configuredProviders().length ? ['https:'] : [])],
        }),
      },
    }),
  )

  app.use(requestGuards({ appOrigin: new URL(opts.appUrl).origin, allowHostOrigin: opts.isLocal }))

  if (opts.viteMiddlewares) {
    app.use(opts.viteMiddlewares)
  } else {
    // Fingerprinted assets are immutable; the rest of build/client briefly cached.
    app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }))
    app.use(express.static('build/client', { maxAge: '1h' }))
  }

  app.all(
    '*',
    createRequestHandler({
      build: opts.build,
      mode: opts.mode,
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: res.locals.clientIp as string }),
    }),
  )
  return app
}
