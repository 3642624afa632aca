/**
 * First-load JavaScript per page (issue 13, decision 053): the gzipped bytes of every script the
 * browser loads before a page is interactive. That is what Remix's <Scripts> emits for the
 * page: the client manifest (`/assets/manifest-*.js`), the entry module and its static imports,
 * and for each route the URL matches (root, layouts, the leaf) its module and its static imports
 * (Remix's `imports` lists are already the transitive static imports Vite computed; they are
 * exactly the modulepreload links in the HTML). Dynamic `import()`s (lazy pieces) are not counted:
 * they load on an interaction, after the page is interactive.
 *
 * With lazy route discovery (remix.config.ts) the client manifest is inlined in the HTML, pruned
 * to the matched routes, so `/assets/manifest-*.js` is not loaded and not counted.
 *
 * Sizes are gzip at zlib's default level 6, what the server's `compression` middleware sends.
 *
 *   npx tsx scripts/bench/first-load.ts [build/client]
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { matchRoutes, type AgnosticRouteObject as RouteObject } from '@remix-run/router'
import { LOCALES, type Locale } from '#catalog/i18n.ts'
import { messagesFor, type Namespace } from '#server/i18n/messages.server.ts'

export type ManifestRoute = {
  id: string
  parentId?: string
  path?: string
  index?: boolean
  module: string
  imports?: string[]
  css?: string[]
}
export type ClientManifest = {
  url?: string
  entry: { module: string; imports: string[] }
  routes: Record<string, ManifestRoute>
}

export type FirstLoad = {
  /** the leaf route id */
  routeId: string
  /** root → leaf route ids the page's URL matches */
  matches: string[]
  /** each script URL the page loads first, with its gzipped size */
  files: { url: string; gzip: number }[]
  /** total gzipped bytes */
  gzip: number
}

/** Reads Remix's client manifest (window.__remixManifest = {...}) from build/client/assets. */
export function readClientManifest(buildClientDir: string): ClientManifest & { url: string } {
  const assets = join(buildClientDir, 'assets')
  if (!existsSync(assets)) {
    throw new Error(`${assets} is missing: run \`npm run build\` first`)
  }
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f))
  if (!file) throw new Error(`no Remix client manifest (manifest-*.js) in ${assets}: run \`npm run build\` first`)
  const text = readFileSync(join(assets, file), 'utf8')
  const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)
  const manifest = JSON.parse(json) as ClientManifest
  return { ...manifest, url: manifest.url ?? `/assets/${file}` }
}

function ancestry(manifest: ClientManifest, routeId: string): string[] {
  const chain: string[] = []
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    if (!manifest.routes[id]) throw new Error(`route ${id} is not in the client manifest`)
    chain.unshift(id)
  }
  return chain
}

function sizer(buildClientDir: string) {
  const cache = new Map<string, number>()
  return (url: string): number => {
    let size = cache.get(url)
    if (size === undefined) {
      size = gzipSync(readFileSync(join(buildClientDir, url.replace(/^\//, '')))).length
      cache.set(url, size)
    }
    return size
  }
}

function load(manifest: ClientManifest & { url: string }, matches: string[], gz: (url: string) => number): FirstLoad {
  const urls = new Set<string>([manifest.entry.module, ...manifest.entry.imports])
  for (const id of matches) {
    const route = manifest.routes[id]!
    urls.add(route.module)
    for (const url of route.imports ?? []) urls.add(url)
  }
  const files = [...urls].map((url) => ({ url, gzip: gz(url) }))
  return { routeId: matches.at(-1)!, matches, files, gzip: files.reduce((n, f) => n + f.gzip, 0) }
}

/** First load of every route with a UI module (resource routes' empty modules are skipped). */
export function firstLoadJs(buildClientDir = 'build/client'): Map<string, FirstLoad> {
  const dir = resolve(buildClientDir)
  const manifest = readClientManifest(dir)
  const gz = sizer(dir)
  const out = new Map<string, FirstLoad>()
  for (const id of Object.keys(manifest.routes).sort()) {
    out.set(id, load(manifest, ancestry(manifest, id), gz))
  }
  return out
}

function routeTree(manifest: ClientManifest): RouteObject[] {
  const byParent = new Map<string | undefined, ManifestRoute[]>()
  for (const r of Object.values(manifest.routes)) {
    const list = byParent.get(r.parentId) ?? []
    list.push(r)
    byParent.set(r.parentId, list)
  }
  const build = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) =>
      r.index
        ? { id: r.id, index: true, path: r.path }
        : { id: r.id, path: r.path, children: build(r.id) },
    )
  return build(undefined)
}

/** First load of the page at `pathname` (e.g. `/fleet/123`), matched the way Remix matches it. */
export function firstLoadJsForUrl(pathname: string, buildClientDir = 'build/client'): FirstLoad {
  const dir = resolve(buildClientDir)
  const manifest = readClientManifest(dir)
  const matched = matchRoutes(routeTree(manifest), pathname)
  if (!matched) throw new Error(`no route matches ${pathname}`)
  return load(
    manifest,
    matched.map((m) => m.route.id!),
    sizer(dir),
  )
}

/** The pages issue 13 budgets (bytes gzipped). */
export const FIRST_LOAD_BUDGETS: { page: string; url: string; budget: number; namespaces: Namespace[] }[] = [
  { page: '/login', url: '/login', budget: 120 * 1024, namespaces: ['common', 'auth'] },
  { page: '/dashboard', url: '/dashboard', budget: 120 * 1024, namespaces: ['common', 'dashboard'] },
  { page: '/preTrip/{vehicleId}', url: '/preTrip/1', budget: 120 * 1024, namespaces: ['common', 'preTrip'] },
  { page: '/fleet/{companyId}', url: '/fleet/1', budget: 150 * 1024, namespaces: ['common', 'fleet'] },
]

/**
 * The translations a page's loaders send with it (decision 074), gzipped as the page's JSON: data
 * in the HTML and in `.data` answers, not JavaScript. The JavaScript is the same in every language.
 */
export function translationsGzip(namespaces: Namespace[], locale: Locale): number {
  return gzipSync(JSON.stringify(messagesFor(locale, namespaces)), { level: 6 }).length
}

export const kb = (bytes: number) => (bytes / 1024).toFixed(1)

/** The table `npm run bench` and the CLI print: budgeted pages first, then every page route. */
export function firstLoadTable(buildClientDir = 'build/client'): string {
  const lines = ['first-load JavaScript (gzipped, level 6)', '']
  for (const { page, url, budget, namespaces } of FIRST_LOAD_BUDGETS) {
    const fl = firstLoadJsForUrl(url, buildClientDir)
    const mark = fl.gzip <= budget ? 'ok' : 'OVER'
    const tr = LOCALES.map((l) => `${l} ${kb(translationsGzip(namespaces, l))}`).join(', ')
    lines.push(`${page.padEnd(34)} ${kb(fl.gzip).padStart(7)} KB  (budget ${kb(budget)} KB, ${mark}; the same in en and es; translations as data: ${tr} KB)`)
  }
  lines.push('', 'every route (root → leaf):')
  for (const [id, fl] of firstLoadJs(buildClientDir)) {
    lines.push(`${id.padEnd(50)} ${kb(fl.gzip).padStart(7)} KB  ${fl.files.length} files`)
  }
  return lines.join('\n')
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? 'build/client'
  if (process.argv.includes('--files')) {
    for (const { url } of FIRST_LOAD_BUDGETS) {
      const fl = firstLoadJsForUrl(url, dir)
      console.log(`\n${url}  ${kb(fl.gzip)} KB`)
      for (const f of [...fl.files].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kb(f.gzip).padStart(6)} ${f.url}`)
    }
  } else {
    console.log(firstLoadTable(dir))
  }
}
