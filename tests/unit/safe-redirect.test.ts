/** Issue 9 point 2 (decision 019): the one check for redirect targets taken from input. */
import { describe, expect, it } from 'vitest'
import { DEFAULT_REDIRECT, safeRedirect, sameOriginPath } from '#server/access/safe-redirect.ts'

const REFUSED = [
  '/\t/evil.example/phish',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/ /evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '/%2F/evil.example',
  '/%2f%2fevil.example',
  '/%5Cevil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example/',
  'http:evil.example',
  'evil.example',
  '//user@evil.example',
  '/@evil.example',
  'https://operon.test@evil.example',
  '/dashboard\u2028//evil.example',
  '/dashb\u00f6ard',
  // Issue 22: dot segments that normalise into `//host`, plain and encoded.
  '/..//evil.example/phish',
  '/%2e%2e//evil.example/phish',
  '/%2E%2E//evil.example/phish',
  '/.%2e//evil.example/phish',
  '/a/..//evil.example/phish',
  '/a/b/../..//evil.example/phish',
  '/./..//evil.example/phish',
  '/.//evil.example/phish',
  '/%2e//evil.example/phish',
  '/..///evil.example/phish',
  '/../..//evil.example/phish',
  '/..//evil.example/phish?x=1#y',
  // A second decode: `%25` is `%`, so `%252e` is `%2e` is `.`.
  '/%252e%252e//evil.example/phish',
  // An encoded dot anywhere, query included (a page that decodes it could make `..` of it).
  '/fleet?next=%2e%2e//evil.example',
  '',
  null,
  undefined,
]

describe('safeRedirect', () => {
  for (const target of REFUSED) {
    it(`refuses ${JSON.stringify(target)} → ${DEFAULT_REDIRECT}`, () => {
      const out = safeRedirect(target)
      // Whatever it was, the answer is a path of this app: resolving it cannot leave the origin.
      expect(new URL(out, 'http://operon.test').origin).toBe('http://operon.test')
      if (target !== '/@evil.example') expect(out).toBe(DEFAULT_REDIRECT)
    })
  }

  it('`/@evil.example` is a path of this app (userinfo needs `//`)', () => {
    expect(safeRedirect('/@evil.example')).toBe('/@evil.example')
  })

  for (const ok of ['/', '/fleet/3', '/fleet/3?open=5&tab=documents', '/profile#licenses', '/login?redirectTo=%2Ffleet%2F3']) {
    it(`keeps the app path ${ok}`, () => {
      // An encoded slash in the query is refused too: a later decode could make `//` of it.
      const expected = ok.includes('%2F') ? DEFAULT_REDIRECT : ok
      expect(safeRedirect(ok)).toBe(expected)
    })
  }

  it('normalises dot segments and keeps the result on the origin', () => {
    expect(safeRedirect('/a/../fleet/1')).toBe('/fleet/1')
    expect(safeRedirect('/../../evil.example')).toBe('/evil.example')
  })

  it('every path it returns passes its own check unchanged (the normalised result is what was checked)', () => {
    const inputs = ['/a/../fleet/1', '/../../evil.example', '/./fleet/./1', '/fleet/1/..', '/a/b/c/../../d?x=1#h', '/..', '/.', '/a/..']
    for (const segs of ['..', '.', 'a', '', '%2e', '%2e%2e']) {
      for (const tail of ['/evil.example', '//evil.example', '///evil.example']) inputs.push(`/${segs}${tail}`, `/${segs}/${segs}${tail}`, `/a/${segs}${tail}`)
    }
    for (const input of inputs) {
      const out = safeRedirect(input)
      expect(out.startsWith('//'), `${input} → ${out}`).toBe(false)
      expect(new URL(out, 'http://operon.test').origin, input).toBe('http://operon.test')
      expect(safeRedirect(out), `${input} → ${out}`).toBe(out)
    }
  })

  it('uses the fallback given', () => {
    expect(safeRedirect('//evil.example', '/')).toBe('/')
  })

  it('sameOriginPath: a Referer of this app gives its path, another origin nothing', () => {
    expect(sameOriginPath('http://operon.test/fleet/1?open=2', 'http://operon.test')).toBe('/fleet/1?open=2')
    expect(sameOriginPath('http://evil.example/fleet/1', 'http://operon.test')).toBeNull()
    expect(sameOriginPath('http://operon.test.evil.example/x', 'http://operon.test')).toBeNull()
    expect(sameOriginPath('not a url', 'http://operon.test')).toBeNull()
    // A Referer of this origin whose path normalises into `//host` (issue 22).
    expect(sameOriginPath('http://operon.test/..//evil.example/x', 'http://operon.test')).toBeNull()
    expect(sameOriginPath('http://operon.test/%2e%2e//evil.example/x', 'http://operon.test')).toBeNull()
    expect(sameOriginPath(null, 'http://operon.test')).toBeNull()
  })
})
