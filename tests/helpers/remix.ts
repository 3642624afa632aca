import type { ActionFunctionArgs } from '@remix-run/node'
import { takeToast } from '#app/utils/toast.server.ts'

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

export type PageHandler = (args: ActionFunctionArgs) => unknown

export interface PageOutcome {
  status: number
  location: string | null
  /** The toast a redirect carries in its one-time cookie. */
  toast: { type: string; message: string } | null
  body: unknown
  response: Response | null
}

/**
 * Runs a page's loader or action as Remix would: redirects (thrown or
 * returned) with the toast they carry, `data()` answers, plain objects.
 */
export async function callPage(
  fn: PageHandler,
  path: string,
  opts: { cookie?: string; form?: FormData | Record<string, string>; params: Record<string, string> },
): Promise<PageOutcome> {
  const headers = new Headers()
  if (opts.cookie) headers.set('cookie', `operon_session=${opts.cookie}`)
  const init: RequestInit = { headers }
  if (opts.form) {
    init.method = 'POST'
    init.body = opts.form instanceof FormData ? opts.form : new URLSearchParams(opts.form)
  }
  let result: unknown
  try {
    result = await fn({ request: new Request(`http://localhost${path}`, init), params: opts.params, context: { cspNonce: '', clientIp: '127.0.0.1' } })
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    result = thrown
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get('location'), toast: await toastOf(result), body: null, response: result }
  }
  if (result && typeof result === 'object' && (result as { type?: string }).type === 'DataWithResponseInit') {
    const d = result as { data: unknown; init: ResponseInit | null }
    return { status: d.init?.status ?? 200, location: null, toast: null, body: d.data, response: null }
  }
  return { status: 200, location: null, toast: null, body: result, response: null }
}

/** The toast a response sets in its one-time cookie, decoded. */
export async function toastOf(response: Response) {
  const cookie = response.headers.get('set-cookie')?.match(/operon_toast=[^;]*/)?.[0]
  return cookie ? (await takeToast(new Request('http://localhost/', { headers: { cookie } }))).toast : null
}
