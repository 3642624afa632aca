/**
 * Issue 13 point 2 (decision 053): first-load JavaScript budgets, on the production build in
 * build/client (`npm run build` runs before Vitest in `npm test`). Sizes, not timings: the gzipped
 * bytes of every script a page loads before it is interactive (scripts/bench/first-load.ts).
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FIRST_LOAD_BUDGETS, firstLoadJsForUrl, kb } from '../../scripts/bench/first-load.ts'

const CLIENT = resolve('build/client')

describe('first-load JavaScript budgets (gzipped)', () => {
  it.each(FIRST_LOAD_BUDGETS)('$page loads at most its budget before it is interactive', ({ page, url, budget }) => {
    expect(existsSync(resolve(CLIENT, 'assets')), 'the production build is missing: run `npm run build` first').toBe(true)
    const load = firstLoadJsForUrl(url, CLIENT)
    const biggest = [...load.files]
      .sort((a, b) => b.gzip - a.gzip)
      .slice(0, 6)
      .map((f) => `${f.url} ${kb(f.gzip)} KB`)
      .join(', ')
    expect(load.gzip, `${page}: ${kb(load.gzip)} KB > ${kb(budget)} KB; biggest: ${biggest}`).toBeLessThanOrEqual(budget)
  })

  it('counts the scripts Remix preloads for the page (root, layout, leaf) and nothing lazy', () => {
    expect(existsSync(resolve(CLIENT, 'assets')), 'the production build is missing: run `npm run build` first').toBe(true)
    const fleet = firstLoadJsForUrl('/fleet/1', CLIENT)
    expect(fleet.matches).toEqual(['root', 'routes/_app+/_layout', 'routes/_app+/fleet.$companyId'])
    const login = firstLoadJsForUrl('/login', CLIENT)
    expect(login.matches).toEqual(['root', 'routes/login'])
    // React DOM is in every page's first load.
    expect(login.files.some((f) => f.url.includes('/assets/components-'))).toBe(true)
    expect(login.files.every((f) => f.gzip > 0)).toBe(true)
  })
})
