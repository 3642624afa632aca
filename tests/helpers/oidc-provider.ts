import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { OAuth2Issuer, OAuth2Service, type MutableRedirectUri, type MutableToken } from 'oauth2-mock-server'

/**
 * A real OpenID Connect provider on loopback for the tests (oauth2-mock-server): discovery,
 * JWKS, authorization (auto-approved), token endpoint with PKCE, ID tokens signed with its
 * own RSA key. The user the next authorization signs in as is queued with `nextUser` (in
 * process) or by POSTing JSON to `${issuer}/__test/next-user` (from a Playwright worker).
 */

export interface TestIdentity {
  sub: string
  email?: string
  email_verified?: boolean | string
  name?: string
  given_name?: string
  family_name?: string
}

export interface IdTokenOptions {
  claims: Partial<TestIdentity> & Record<string, unknown>
  /** Defaults to the client id given to `startOidcProvider`. */
  aud?: string | string[]
  /** Overrides the `iss` claim (the token is still signed with this provider's key). */
  iss?: string
  /** Seconds until expiry; negative for an expired token. Default 3600. */
  expiresIn?: number
}

export interface OidcProvider {
  issuer: string
  port: number
  /** A signed ID token, as the provider would issue it to `clientId`. */
  idToken(opts: IdTokenOptions): Promise<string>
  nextUser(user: TestIdentity): void
  stop(): Promise<void>
}

const TEST_ROUTE = '/__test/next-user'

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}'))
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)))
      }
    })
    req.on('error', reject)
  })
}

export async function startOidcProvider({
  port = 0,
  host = '127.0.0.1',
  clientId = 'operon-test-client',
}: { port?: number; host?: string; clientId?: string } = {}): Promise<OidcProvider> {
  const issuer = new OAuth2Issuer()
  await issuer.keys.generate('RS256')
  const service = new OAuth2Service(issuer)

  const queue: TestIdentity[] = []
  const byCode = new Map<string, TestIdentity>()
  const fallback: TestIdentity = { sub: 'johndoe', email: 'johndoe@example.com', email_verified: true, name: 'John Doe' }

  // The authorization is approved at once; remember whom this code belongs to.
  service.on('beforeAuthorizeRedirect', (redirect: MutableRedirectUri) => {
    const code = redirect.url.searchParams.get('code')
    if (code) byCode.set(code, queue.shift() ?? fallback)
  })
  // The ID token (the one with an audience) carries that user's claims.
  service.on('beforeTokenSigning', (token: MutableToken, req: IncomingMessage & { body?: { code?: string } }) => {
    const code = req.body?.code
    const user = code ? byCode.get(code) : undefined
    if (user && token.payload.aud !== undefined) {
      Object.assign(token.payload, user)
      byCode.delete(code!)
    }
  })

  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url === TEST_ROUTE) {
      readJson(req)
        .then((body) => {
          queue.push(body as TestIdentity)
          res.writeHead(204).end()
        })
        .catch(() => res.writeHead(400).end())
      return
    }
    service.requestHandler(req, res)
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve())
  })
  const actualPort = (server.address() as AddressInfo).port
  issuer.url = `http://${host}:${actualPort}`

  return {
    issuer: issuer.url,
    port: actualPort,
    async idToken({ claims, aud = clientId, iss, expiresIn }) {
      return issuer.buildToken({
        expiresIn,
        scopesOrTransform: (_header, payload) => {
          Object.assign(payload, { aud, ...claims })
          if (iss) payload.iss = iss
        },
      })
    },
    nextUser(user) {
      queue.push(user)
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}

/** From another process (a Playwright worker): queue the user of the next authorization. */
export async function queueNextUser(issuer: string, user: TestIdentity): Promise<void> {
  const res = await fetch(`${issuer}${TEST_ROUTE}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(user),
  })
  if (res.status !== 204) throw new Error(`The test OpenID provider refused the user (${res.status})`)
}
