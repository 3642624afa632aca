/**
 * Where a webhook may go (decision 078): the SSRF guard, used when an endpoint is registered
 * and again on every delivery and every redirect.
 *
 * - Only `https:` URLs, no user name or password in them; any port. With WEBHOOKS_ALLOW_LOOPBACK
 *   (local testing) loopback addresses are allowed too, and `http:` to them.
 * - The host is resolved (`dns.lookup`, all addresses) and refused when ANY address is not a
 *   public unicast one: loopback, private (RFC 1918), link-local (169.254/16, fe80::/10, the
 *   cloud metadata address), unique-local (fc00::/7), CGNAT (100.64/10), multicast, unspecified,
 *   reserved or documentation ranges, and IPv6 forms that carry such an IPv4 address
 *   (IPv4-mapped, IPv4-compatible, NAT64, 6to4).
 * - The request connects to the address that was checked (the `lookup` option is pinned to it),
 *   so a DNS answer that changes between the check and the connection cannot slip through;
 *   TLS still verifies the certificate against the host name.
 * - Redirects are followed here, at most MAX_REDIRECTS, each target checked the same way.
 */
import { lookup as dnsLookup } from 'node:dns/promises'
import http from 'node:http'
import https from 'node:https'
import { BlockList, isIP, type LookupFunction } from 'node:net'
import { msg } from '#catalog/i18n.ts'
import { env } from '../env.server.ts'

export const MAX_REDIRECTS = 3
/** Per attempt, for the whole exchange (each hop gets what is left). */
export const DELIVERY_TIMEOUT_MS = 10_000
/** How much of an answer's body is read and kept. */
export const RESPONSE_EXCERPT_CHARS = 200

export type AddressKind =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'unique-local'
  | 'cgnat'
  | 'multicast'
  | 'unspecified'
  | 'reserved'

const RANGES: Record<Exclude<AddressKind, 'public'>, { v4?: [string, number][]; v6?: [string, number][] }> = {
  unspecified: { v4: [['0.0.0.0', 8]], v6: [['::', 128]] },
  loopback: { v4: [['127.0.0.0', 8]], v6: [['::1', 128]] },
  private: { v4: [['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16]] },
  'link-local': { v4: [['169.254.0.0', 16]], v6: [['fe80::', 10]] },
  'unique-local': { v6: [['fc00::', 7], ['fec0::', 10]] },
  cgnat: { v4: [['100.64.0.0', 10]] },
  multicast: { v4: [['224.0.0.0', 4]], v6: [['ff00::', 8]] },
  reserved: {
    v4: [['192.0.0.0', 24], ['192.0.2.0', 24], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['240.0.0.0', 4]],
    v6: [['100::', 64], ['2001:db8::', 32], ['2001::', 23]],
  },
}

const LISTS = Object.entries(RANGES).map(([kind, r]) => {
  const list = new BlockList()
  for (const [net, prefix] of r.v4 ?? []) list.addSubnet(net, prefix, 'ipv4')
  for (const [net, prefix] of r.v6 ?? []) list.addSubnet(net, prefix, 'ipv6')
  return { kind: kind as AddressKind, list }
})

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16). */
function embeddedIpv4(address: string): string | null {
  const words = expandIpv6(address)
  if (!words) return null
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0)
  if (zeros(0, 5) && words[5] === 0xffff) return v4(words[6]!, words[7]!)
  if (zeros(0, 6) && (words[6] !== 0 || words[7]! > 1)) return v4(words[6]!, words[7]!)
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return v4(words[6]!, words[7]!)
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!)
  return null
}

/** Eight 16-bit words, or null when `address` is not IPv6. */
function expandIpv6(address: string): number[] | null {
  if (isIP(address) !== 6) return null
  let a = address.split('%')[0]!.toLowerCase()
  // A dotted IPv4 tail becomes two words.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(a)
  if (dotted) {
    const [b0, b1, b2, b3] = dotted.slice(1).map(Number) as [number, number, number, number]
    a = a.slice(0, dotted.index) + `${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`
  }
  const [head, tail] = a.includes('::') ? a.split('::') : [a, undefined]
  const h = head ? head.split(':') : []
  const t = tail === undefined ? [] : tail ? tail.split(':') : []
  const fill = tail === undefined ? [] : Array<string>(8 - h.length - t.length).fill('0')
  const words = [...h, ...fill, ...t].map((w) => parseInt(w || '0', 16))
  return words.length === 8 ? words : null
}

/** What kind of address `address` (an IPv4 or IPv6 literal) is; anything not public is refused. */
export function classifyAddress(address: string): AddressKind {
  const family = isIP(address)
  if (family === 0) return 'reserved'
  if (family === 6) {
    const inner = embeddedIpv4(address)
    if (inner) {
      const kind = classifyAddress(inner)
      // A mapped public IPv4 address is that address; 6to4/NAT64 to a public one is fine too.
      return kind
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6'
  for (const { kind, list } of LISTS) if (list.check(address, type)) return kind
  return 'public'
}

export class WebhookTargetError extends Error {
  constructor(
    message: string,
    /** The English text shown on the page (translated there). */
    readonly userMessage: string,
  ) {
    super(message)
    this.name = 'WebhookTargetError'
  }
}

export const TARGET_TEXT = {
  invalidUrl: msg('Enter a full URL, e.g. https://example.com/hooks/operon'),
  httpsOnly: msg('The URL must start with https://'),
  credentials: msg('The URL must not contain a user name or password'),
  unresolved: msg('The host name does not resolve'),
  refusedAddress: msg('The URL points to a private, loopback or link-local address; only public addresses are allowed'),
} as const

export interface CheckedTarget {
  url: URL
  /** The checked addresses; the connection goes to the first. */
  addresses: { address: string; family: 4 | 6 }[]
}

export interface TargetOptions {
  /** Default: env WEBHOOKS_ALLOW_LOOPBACK. */
  allowLoopback?: boolean
  /** Resolver (tests): default `dns.lookup(host, { all: true })`. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>
}

const defaultResolve = (hostname: string) => dnsLookup(hostname, { all: true, verbatim: true })

/**
 * Checks a webhook URL and resolves its host: the addresses to connect to, or a
 * WebhookTargetError saying why not (its `userMessage` is for the page).
 */
export async function checkWebhookTarget(raw: string | URL, opts: TargetOptions = {}): Promise<CheckedTarget> {
  const allowLoopback = opts.allowLoopback ?? env().WEBHOOKS_ALLOW_LOOPBACK
  let url: URL
  try {
    url = new URL(String(raw))
  } catch {
    throw new WebhookTargetError(`not a URL: ${String(raw).slice(0, 200)}`, TARGET_TEXT.invalidUrl)
  }
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:')) {
    throw new WebhookTargetError(`refused scheme ${url.protocol}`, TARGET_TEXT.httpsOnly)
  }
  if (url.username || url.password) throw new WebhookTargetError('credentials in the URL', TARGET_TEXT.credentials)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let found: { address: string; family: number }[]
  if (isIP(host)) found = [{ address: host, family: isIP(host) }]
  else {
    try {
      found = await (opts.resolve ?? defaultResolve)(host)
    } catch (error) {
      throw new WebhookTargetError(`${host} does not resolve: ${(error as Error).message}`, TARGET_TEXT.unresolved)
    }
  }
  if (found.length === 0) throw new WebhookTargetError(`${host} does not resolve`, TARGET_TEXT.unresolved)
  const kinds = found.map((a) => classifyAddress(a.address))
  const allowed = (k: AddressKind) => k === 'public' || (allowLoopback && k === 'loopback')
  const bad = found.find((_, i) => !allowed(kinds[i]!))
  if (bad) throw new WebhookTargetError(`${host} resolves to ${bad.address} (${classifyAddress(bad.address)})`, TARGET_TEXT.refusedAddress)
  // Plain http only to loopback (local testing): never over the network.
  if (url.protocol === 'http:' && kinds.some((k) => k !== 'loopback')) throw new WebhookTargetError('http: to a non-loopback address', TARGET_TEXT.httpsOnly)
  return { url, addresses: found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })) }
}

export interface SignedRequest {
  headers: Record<string, string>
  body: string
}

export interface TargetAnswer {
  status: number
  /** The first RESPONSE_EXCERPT_CHARS characters of the body. */
  excerpt: string
  /** The URL that answered (after redirects). */
  finalUrl: string
}

/** Connects to `address` whatever the host name resolves to now. */
function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }])
    else callback(null, address, family)
  }) as unknown as LookupFunction
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])

/**
 * POSTs `req` to `url`, checking the target before each hop (the first and every redirect,
 * at most MAX_REDIRECTS; a redirect is POSTed again with the same body and signature). The
 * whole exchange has `timeoutMs`. Throws WebhookTargetError for a refused target, another
 * Error for a network failure or timeout.
 */
export async function postToWebhook(url: string, req: SignedRequest, opts: TargetOptions & { timeoutMs?: number } = {}): Promise<TargetAnswer> {
  const deadline = Date.now() + (opts.timeoutMs ?? DELIVERY_TIMEOUT_MS)
  let current = url
  for (let hop = 0; ; hop++) {
    const target = await checkWebhookTarget(current, opts)
    const answer = await postOnce(target, req, deadline - Date.now())
    if (REDIRECTS.has(answer.status) && answer.location) {
      if (hop >= MAX_REDIRECTS) throw new Error(`too many redirects (more than ${MAX_REDIRECTS})`)
      current = new URL(answer.location, target.url).href
      continue
    }
    return { status: answer.status, excerpt: answer.excerpt, finalUrl: target.url.href }
  }
}

function postOnce(target: CheckedTarget, req: SignedRequest, timeoutMs: number): Promise<{ status: number; excerpt: string; location?: string }> {
  if (timeoutMs <= 0) return Promise.reject(new Error('timed out'))
  const first = target.addresses[0]!
  const client = target.url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinnedLookup(first.address, first.family),
        headers: { ...req.headers, 'content-length': String(Buffer.byteLength(req.body)) },
        timeout: timeoutMs,
        // No connection reuse: each hop connects to its own checked address.
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0
        const location = typeof res.headers.location === 'string' ? res.headers.location : undefined
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          if (text.length < RESPONSE_EXCERPT_CHARS) text += chunk
          if (text.length >= RESPONSE_EXCERPT_CHARS) res.destroy()
        })
        const done = () => resolve({ status, excerpt: text.slice(0, RESPONSE_EXCERPT_CHARS), location })
        res.on('end', done)
        res.on('close', done)
        res.on('error', done)
      },
    )
    const timer = setTimeout(() => request.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs)
    request.on('timeout', () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)))
    request.on('error', (error) => reject(error))
    request.on('close', () => clearTimeout(timer))
    request.end(req.body)
  })
}
