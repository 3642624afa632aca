import { MAX_REQUEST_BODY_BYTES } from '#catalog/fleet.ts'
import type { Database } from '#db/client.ts'
import { AppError } from '../errors.ts'
import { identify } from '../auth/request-actor.server.ts'
import { consumeRateLimit } from '../limits/rate-limit.server.ts'
import { bindKeys, bindQuery } from './bind.ts'
import { errorResponse, json } from './respond.ts'
import type { RestRoute } from './route.ts'
import { restRoutes } from './routes/index.ts'
import { readBodyWithin } from '../uploads/bounded-body.server.ts'

/** API.md: request bodies up to 32 MiB (the same limit guards every door). */
export const MAX_BODY_BYTES = MAX_REQUEST_BODY_BYTES

interface CompiledRoute {
  route: RestRoute
  pattern: RegExp
  paramNames: string[]
}

interface Candidate {
  route: RestRoute
  rawParams: Record<string, string>
}

function compile(route: RestRoute): CompiledRoute {
  const paramNames: string[] = []
  const source = route.path
    .split('/')
    .map((seg) => {
      const m = seg.match(/^\{(\w+)\}$/)
      if (m) {
        paramNames.push(m[1]!)
        return '([^/]+)'
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  // Paths and their case as clients spell them vary (`/api/Fleet`, `/api/fleet`).
  return { route, pattern: new RegExp(`^${source}/?$`, 'i'), paramNames }
}

interface RouteTable {
  /** Paths without parameters, lower-cased and without a trailing slash: one Map lookup. */
  exact: Map<string, RestRoute[]>
  /** The few paths with `{parameters}`, matched by pattern. */
  patterns: CompiledRoute[]
}

let compiled: RouteTable | undefined
function table(): RouteTable {
  if (compiled) return compiled
  const exact = new Map<string, RestRoute[]>()
  const patterns: CompiledRoute[] = []
  for (const route of restRoutes()) {
    if (route.path.includes('{')) {
      patterns.push(compile(route))
      continue
    }
    const key = route.path.toLowerCase()
    exact.set(key, [...(exact.get(key) ?? []), route])
  }
  compiled = { exact, patterns }
  return compiled
}

/** Every route whose path matches, whatever its method (the 405's `Allow` lists them). */
function routesFor(pathname: string): Candidate[] {
  const { exact, patterns } = table()
  const key = (pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname).toLowerCase()
  const found: Candidate[] = (exact.get(key) ?? []).map((route) => ({ route, rawParams: {} }))
  for (const c of patterns) {
    const m = pathname.match(c.pattern)
    if (m) found.push({ route: c.route, rawParams: Object.fromEntries(c.paramNames.map((n, i) => [n, decodePathSegment(m[i + 1]!)])) })
  }
  return found
}

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    // A malformed escape (`%E0%A4%A`) is the client's mistake, not the server's.
    throw new AppError('BAD_REQUEST', 'The path is not valid')
  }
}

/** Reads the body without ever holding more than the limit in memory. */
async function readBody(request: Request): Promise<string> {
  return (await readBodyWithin(request, MAX_BODY_BYTES, () => new AppError('PAYLOAD_TOO_LARGE', 'Request body too large'))).toString('utf8')
}

async function parseBody(route: RestRoute, request: Request): Promise<unknown> {
  if (!route.body) return undefined
  const text = await readBody(request)
  let raw: unknown = undefined
  if (text.trim() !== '') {
    try {
      raw = JSON.parse(text)
    } catch {
      throw new AppError('BAD_REQUEST', 'The request body is not valid JSON')
    }
  }
  // Validation is the use case's job (every door validates the same way); the
  // adapter only binds the legacy key spelling to the schema's.
  return bindKeys(route.body, raw)
}

/**
 * The /api door: finds the route (case-insensitive), authenticates, binds and
 * validates params, query and body, and calls the route's use case.
 */
export async function handleRestRequest(request: Request, db: Database, ip: string): Promise<Response> {
  try {
    const url = new URL(request.url)
    const method = request.method.toUpperCase()
    const matches = routesFor(url.pathname)
    if (matches.length === 0) throw new AppError('NOT_FOUND', 'Not found')
    const hit = matches.find((x) => x.route.method === method)
    if (!hit) {
      return json({ message: 'Method not allowed' }, 405, {
        Allow: [...new Set(matches.map((x) => x.route.method))].join(', '),
      })
    }
    const { route, rawParams } = hit
    await consumeRateLimit('api', ip)

    const { actor, badToken } = await identify(db, request, { cookie: false })
    if (route.auth === 'user' && actor.kind !== 'user') {
      throw new AppError('UNAUTHORIZED', badToken ? 'Invalid or expired token' : 'Authentication required')
    }

    const params = route.params ? route.params.parse(rawParams) : rawParams
    const query = route.query ? route.query.parse(bindQuery(route.query, url.searchParams)) : {}
    const body = await parseBody(route, request)

    const result = await route.handler({ db, actor, ip, request, params, query, body })
    if (result instanceof Response) return result
    return json(result, route.status ?? 200)
  } catch (error) {
    return errorResponse(error)
  }
}
