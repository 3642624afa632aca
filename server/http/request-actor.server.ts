import type { Database } from '#db/client.ts'
import type { Actor } from '../actor.ts'
import { actorFromAccessToken } from '../auth/access-token.server.ts'
import { actorFromWebSession } from '../auth/web-session.server.ts'
import { readSessionToken } from './session-cookie.server.ts'

export interface RequestIdentity {
  actor: Actor
  /** A bearer token was sent but is invalid, expired or its session ended. */
  badToken: boolean
}

/**
 * Who is calling: a bearer access token (REST clients) wins over the session
 * cookie (browsers). Shared by the Remix loaders, tRPC and the /api adapter.
 * The REST door passes `{ cookie: false }`: it authenticates with bearer tokens
 * only (API.md; decision 018), so a site cannot borrow a browser's session there.
 */
export async function identify(db: Database, request: Request, opts: { cookie?: boolean } = {}): Promise<RequestIdentity> {
  const auth = request.headers.get('authorization')
  const bearer = auth?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim()
  if (bearer) {
    const actor = await actorFromAccessToken(db, bearer)
    return actor ? { actor, badToken: false } : { actor: { kind: 'anonymous' }, badToken: true }
  }
  if (opts.cookie === false) return { actor: { kind: 'anonymous' }, badToken: false }
  return { actor: await actorFromWebSession(db, readSessionToken(request)), badToken: false }
}
