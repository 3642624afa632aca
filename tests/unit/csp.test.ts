/**
 * Decision 046: the hashes the CSP allows for library `<style>` elements are those of the
 * CSS the installed library really inserts (recomputed here from its package), and the policy
 * never falls back to inline scripts or inline `<style>` elements.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cspDirectives, LIBRARY_STYLE_HASHES } from '#server/http/csp.server.ts'

const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`

describe('the CSP', () => {
  it("allows exactly sonner's inserted <style> elements by hash", () => {
    const src = readFileSync('node_modules/sonner/dist/index.mjs', 'utf8')
    const calls = [...src.matchAll(/\n__insertCSS\(("(?:[^"\\]|\\.)*")\)/g)].map((m) => JSON.parse(m[1]!) as string)
    expect(calls).toHaveLength(1)
    expect([...LIBRARY_STYLE_HASHES].sort()).toEqual([sha256(''), sha256(calls[0]!)].sort())
  })

  it('has no unsafe-inline for scripts or style elements, and enforces upgrades only in production', () => {
    for (const isProduction of [true, false]) {
      const d = cspDirectives({ dev: false, isProduction, formActions: [] })
      const plain = (name: string) => [...(d[name] ?? [])].filter((s): s is string => typeof s === 'string')
      expect(plain('script-src')).not.toContain("'unsafe-inline'")
      expect(plain('style-src')).not.toContain("'unsafe-inline'")
      expect([...(d['style-src'] ?? [])].some((s) => typeof s === 'function')).toBe(true)
      expect(plain('style-src-attr')).toEqual(["'unsafe-inline'"])
      expect(plain('frame-ancestors')).toEqual(["'none'"])
      expect(d['upgrade-insecure-requests']).toEqual(isProduction ? [] : null)
    }
  })
})
