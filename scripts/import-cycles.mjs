#!/usr/bin/env node
/**
 * The import graph between server/'s areas (issue 34, decision 083): every import of every
 * file under server/ (type-only imports count), folded to the area it names (server/<folder>,
 * or "root" for a loose file), and the cycles between areas (strongly connected components).
 * `node scripts/import-cycles.mjs` prints them; `--json` for a machine; `--edges A B` lists the
 * file-level imports that make the arrow A → B. Exit 1 when a cycle joins areas outside the pairs
 * named in ALLOWED (the domain points both ways on purpose).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative, resolve, dirname } from 'node:path'
import ts from 'typescript'

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..')
const SERVER = join(ROOT, 'server')
/** Pairs of areas that may import each other: the domain points both ways (decision 083). */
export const ALLOWED = [['inspections', 'repairs']]

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    return statSync(p).isDirectory() ? files(p) : /\.(ts|tsx)$/.test(name) ? [p] : []
  })
}
const areaOf = (file) => {
  const rel = relative(SERVER, file).split('/')
  return rel.length === 1 ? 'root' : rel[0]
}
function target(from, spec) {
  if (spec.startsWith('#server/')) return join(SERVER, spec.slice('#server/'.length))
  if (spec.startsWith('.')) return resolve(dirname(from), spec)
  return null
}

const edges = new Map() // area -> Map(area -> [from -> to])
for (const file of files(SERVER)) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
  for (const { fileName } of importedFiles) {
    const to = target(file, fileName)
    if (!to || !to.startsWith(SERVER + '/')) continue
    const a = areaOf(file)
    const b = areaOf(to)
    if (a === b) continue
    if (!edges.has(a)) edges.set(a, new Map())
    const m = edges.get(a)
    if (!m.has(b)) m.set(b, [])
    m.get(b).push(`${relative(ROOT, file)} → ${relative(ROOT, to)}`)
  }
}

// Tarjan's strongly connected components.
const areas = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])])].sort()
let index = 0
const idx = new Map(), low = new Map(), stack = [], on = new Set(), sccs = []
function visit(v) {
  idx.set(v, index); low.set(v, index); index++; stack.push(v); on.add(v)
  for (const w of edges.get(v)?.keys() ?? []) {
    if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))) }
    else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)))
  }
  if (low.get(v) === idx.get(v)) {
    const c = []
    let w
    do { w = stack.pop(); on.delete(w); c.push(w) } while (w !== v)
    if (c.length > 1) sccs.push(c.sort())
  }
}
for (const a of areas) if (!idx.has(a)) visit(a)

const allowed = (c) => c.length === 2 && ALLOWED.some(([x, y]) => (x === c[0] && y === c[1]) || (x === c[1] && y === c[0]))
const bad = sccs.filter((c) => !allowed(c))
const args = process.argv.slice(2)
if (args[0] === '--edges') {
  for (const e of edges.get(args[1])?.get(args[2]) ?? []) console.log(e)
} else if (args[0] === '--json') {
  console.log(JSON.stringify({ areas, cycles: sccs, edges: Object.fromEntries([...edges].map(([a, m]) => [a, Object.fromEntries([...m].map(([b, l]) => [b, l.length]))])) }, null, 2))
} else {
  console.log(`${areas.length} areas, ${sccs.length} cycle(s) between areas${sccs.length ? ':' : ''}`)
  for (const c of sccs) console.log(`  ${c.join(' ⇄ ')}${allowed(c) ? ' (allowed)' : ''}`)
}
process.exitCode = bad.length ? 1 : 0
