/** Decision 018: which state-changing requests count as the app's own. */
import { describe, expect, it } from 'vitest'
import { isSameOriginWrite } from '#server/http/guards.server.ts'

const prod = { appOrigin: 'https://operon.example', allowHostOrigin: false }
const local = { appOrigin: 'http://localhost:3000', allowHostOrigin: true }

describe('isSameOriginWrite', () => {
  it('in production only APP_URL’s exact origin', () => {
    expect(isSameOriginWrite({ origin: 'https://operon.example', host: 'operon.example' }, prod)).toBe(true)
    for (const origin of ['https://evil.example', 'https://a.operon.example', 'http://operon.example', 'https://operon.example:8443', 'null', '']) {
      // Even when the Host header is made to match.
      expect(isSameOriginWrite({ origin, host: origin.replace(/^https?:\/\//, '') }, prod), origin).toBe(false)
    }
  })
  it('without Origin, Sec-Fetch-Site decides; with neither, no browser sent it', () => {
    expect(isSameOriginWrite({ secFetchSite: 'same-origin' }, prod)).toBe(true)
    expect(isSameOriginWrite({ secFetchSite: 'none' }, prod)).toBe(true)
    expect(isSameOriginWrite({ secFetchSite: 'same-site' }, prod)).toBe(false)
    expect(isSameOriginWrite({ secFetchSite: 'cross-site' }, prod)).toBe(false)
    expect(isSameOriginWrite({}, prod)).toBe(true)
  })
  it('Origin null (a page of ours with Referrer-Policy no-referrer) passes only with Sec-Fetch-Site same-origin', () => {
    expect(isSameOriginWrite({ origin: 'null', secFetchSite: 'same-origin' }, prod)).toBe(true)
    for (const secFetchSite of ['cross-site', 'same-site', 'none', undefined]) {
      expect(isSameOriginWrite({ origin: 'null', secFetchSite }, prod), String(secFetchSite)).toBe(false)
    }
  })
  it('locally, also the origin the Host header names (127.0.0.1 for localhost), not another', () => {
    expect(isSameOriginWrite({ origin: 'http://127.0.0.1:3000', host: '127.0.0.1:3000' }, local)).toBe(true)
    expect(isSameOriginWrite({ origin: 'http://evil.example', host: '127.0.0.1:3000' }, local)).toBe(false)
  })
})
