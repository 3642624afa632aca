import type { Database } from '#db/client.ts'
import { processState } from '#db/process-state.ts'
import type { Actor } from '../context/actor.ts'
import { actorFromAccessToken } from './access-token.server.ts'
import { actorFromWebSession } from './web-session.server.ts'
import { requestScope } from '../context/request-scope.server.ts'
import { readSessionToken } from './session-cookie.server.ts'

export interface RequestIdentity {
  actor: Actor
  /** A bearer token was sent but is invalid, expired or its session ended. */
  badToken: boolean
}

// Process state (decision 080): the process entry and the server build each bundle a copy of this module.
const counters = processState('identityReads', () => ({ n: 0 }))

/** How many times this process has read a caller's identity from the database (tests). */
export function identityReadCount(): number {
  return counters.n
}

const SAFE = new Set(['GET', 'HEAD'])

/**
 * Who is calling: a bearer access token (REST clients) wins over the session
 * cookie (browsers). Shared by the Remix loaders, tRPC and the /api adapter.
 * The REST door passes `{ cookie: false }`: it authenticates with bearer tokens
 * only (API.md; decision 018), so a site cannot borrow a browser's session there.
 *
 * Read once per request (decision 051): the root, layout and page loaders of one GET share
 * the answer through the request's scope. A POST reads afresh each time, since its action
 * may have changed the session or the memberships its loaders then show.
 */
export async function identify(db: Database, request: Request, opts: { cookie?: boolean } = {}): Promise<RequestIdentity> {
  const auth = request.headers.get('authorization')
  const bearer = auth?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim()
  const scope = SAFE.has(request.method.toUpperCase()) ? requestScope() : undefined
  if (!scope) return readIdentity(db, request, bearer, opts)
  const key = bearer ? `bearer:${bearer}` : opts.cookie === false ? 'none' : `cookie:${readSessionToken(request) ?? ''}`
  scope.memo ??= new Map()
  let identity = scope.memo.get(key) as Promise<RequestIdentity> | undefined
  if (!identity) {
    identity = readIdentity(db, request, bearer, opts)
    scope.memo.set(key, identity)
    // A failure is not kept: the next loader tries again.
    identity.catch(() => scope.memo?.delete(key))
  }
  return identity
}

async function readIdentity(db: Database, request: Request, bearer: string | undefined, opts: { cookie?: boolean }): Promise<RequestIdentity> {
  if (bearer) {
    counters.n++
    const actor = await actorFromAccessToken(db, bearer)
    return actor ? { actor, badToken: false } : { actor: { kind: 'anonymous' }, badToken: true }
  }
  if (opts.cookie === false) return { actor: { kind: 'anonymous' }, badToken: false }
  const token = readSessionToken(request)
  if (token) counters.n++
  return { actor: await actorFromWebSession(db, token), badToken: false }
}
