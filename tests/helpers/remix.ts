import type { ActionFunctionArgs } from '@remix-run/node'

export type Handler = (args: ActionFunctionArgs) => unknown
export interface Outcome {
  status: number
  location: string | null
  setCookies: string[]
  data: Record<string, unknown> | null
}

/** Calls a route loader or action as Remix would, and flattens what it returns or throws. */
export async function callRoute(fn: Handler, path: string, cookie: string | undefined, body?: FormData | URLSearchParams): Promise<Outcome> {
  const request = new Request(`http://localhost${path}`, {
    method: body ? 'POST' : 'GET',
    headers: cookie ? { cookie: `operon_session=${cookie}` } : {},
    body,
  })
  let out: unknown
  try {
    out = await fn({ request, params: {}, context: { cspNonce: '', clientIp: '127.0.0.1' } })
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    out = thrown
  }
  if (out instanceof Response) {
    return { status: out.status, location: out.headers.get('location'), setCookies: out.headers.getSetCookie(), data: null }
  }
  if (out && typeof out === 'object' && (out as { type?: string }).type === 'DataWithResponseInit') {
    const d = out as { data: Record<string, unknown>; init: ResponseInit | null }
    return { status: d.init?.status ?? 200, location: null, setCookies: [], data: d.data }
  }
  return { status: 200, location: null, setCookies: [], data: out as Record<string, unknown> }
}
