/**
 * The client's address, for every per-address limit (decision 020). A header is believed only
 * when the deployment names the one its platform's proxy sets (`CLIENT_IP_HEADER`, e.g.
 * `Fly-Client-IP`); otherwise the socket address is used and `X-Forwarded-For` and its kind are
 * ignored, so a client cannot pick a new address per request.
 */
import { isIP } from 'node:net'

export interface ClientIpConfig {
  /** Header name, or undefined for the socket address. */
  header?: string
  /** Proxies that append to the header: the client is this many entries from the right. */
  proxies: number
}

/** `::ffff:1.2.3.4` → `1.2.3.4`, so one client has one key whichever socket family it used. */
function normalize(address: string): string {
  const a = address.trim()
  return a.startsWith('::ffff:') && isIP(a.slice(7)) === 4 ? a.slice(7) : a
}

/**
 * The address to key limits on. With a configured header, its `proxies`-th entry from the
 * right (entries further left were written by the client and are never used); a missing or
 * malformed header falls back to the socket address.
 */
export function clientIp(
  config: ClientIpConfig,
  socketAddress: string | undefined,
  headers: Record<string, string | string[] | undefined>,
): string {
  const socket = normalize(socketAddress ?? '') || 'unknown'
  if (!config.header) return socket
  const raw = headers[config.header.toLowerCase()]
  const value = Array.isArray(raw) ? raw.join(',') : raw
  if (!value) return socket
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean)
  const picked = entries[entries.length - config.proxies]
  if (!picked) return socket
  const address = normalize(picked)
  return isIP(address) ? address : socket
}
