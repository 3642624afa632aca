/**
 * Icons from one SVG sprite (issue 13, decision 054). A Vite plugin for production builds:
 * - at the start of each build it reads which lucide icons `app/` imports from `lucide-react`
 *   (named imports; type-only ones are skipped), and writes their shapes as <symbol>s into
 *   app/components/icons/sprite.svg (git-ignored; Vite emits it as a hashed, immutable asset,
 *   served from our own origin so the CSP holds);
 * - it resolves `lucide-react`, imported from the app, to a generated module that exports the
 *   same names, each a component of app/components/icons/sprite-icon.tsx drawing
 *   `<svg …><use href="/assets/sprite-HASH.svg#name"/></svg>`.
 * Call sites stay `import { Bus } from 'lucide-react'`. The dev server keeps lucide-react's own
 * inline icons (same shapes, no build step while editing).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve, sep } from 'node:path'
import type { Plugin } from 'vite'

const VIRTUAL = '\0operon-lucide-sprite'
type IconNode = [string, Record<string, string | number>][]
interface IconData {
  name: string
  aliases?: string[]
  node: IconNode
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) walk(path, out)
    else if (/\.(tsx?|jsx?|mjs)$/.test(entry.name)) out.push(path)
  }
  return out
}

/** The value names the app's modules import from 'lucide-react'. */
export function lucideImports(appDir: string): Set<string> {
  const names = new Set<string>()
  const re = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]lucide-react['"]/g
  for (const file of walk(appDir)) {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(re)) {
      if (m[1]) continue
      for (const spec of m[2]!.split(',')) {
        const s = spec.trim()
        if (!s || s.startsWith('type ')) continue
        names.add(s.split(/\s+as\s+/)[0]!.trim())
      }
    }
    if (/import\s+\*\s+as\s+\w+\s+from\s*['"]lucide-react['"]|import\s+\w+\s*,?\s*\{?[^;]*from\s*['"]lucide-react['"]/.test(text.replace(re, ''))) {
      throw new Error(`${file}: import lucide icons by name (import { Bus } from 'lucide-react'), the sprite needs to know them`)
    }
  }
  return names
}

function lucideDir(root: string): string {
  const require = createRequire(join(root, 'package.json'))
  return join(dirname(require.resolve('lucide-react')), '..', 'esm')
}

/** Export name → icon file, from lucide-react's own index (`export { default as X, … } from './icons/x.mjs'`). */
function exportMap(esmDir: string): Map<string, string> {
  const index = readFileSync(join(esmDir, 'lucide-react.mjs'), 'utf8')
  const map = new Map<string, string>()
  for (const m of index.matchAll(/export\s*\{([^}]*)\}\s*from\s*'\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const spec of m[1]!.split(',')) {
      const alias = /default\s+as\s+(\w+)/.exec(spec)
      if (alias) map.set(alias[1]!, m[2]!)
    }
  }
  return map
}

function iconData(esmDir: string, file: string): IconData {
  const text = readFileSync(join(esmDir, 'icons', `${file}.mjs`), 'utf8')
  const m = /const __iconData = (\{[\s\S]*?\n\});/.exec(text)
  if (!m) throw new Error(`lucide-react icons/${file}.mjs: no __iconData`)
  // lucide's own generated literal (strings, numbers, arrays): evaluate it as data.
  return new Function(`return (${m[1]})`)() as IconData
}

const escape = (v: string | number) => String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

export function spriteSvg(icons: IconData[]): string {
  const symbols = icons
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((icon) => {
      const body = icon.node
        .map(([tag, attrs]) => {
          const a = Object.entries(attrs)
            .filter(([k]) => k !== 'key')
            .map(([k, v]) => ` ${k}="${escape(v)}"`)
            .join('')
          return `<${tag}${a}/>`
        })
        .join('')
      return `<symbol id="${icon.name}" viewBox="0 0 24 24">${body}</symbol>`
    })
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`
}

export function lucideSprite(): Plugin {
  let root = process.cwd()
  let code = ''
  let iconModule = ''
  return {
    name: 'operon-lucide-sprite',
    apply: 'build',
    enforce: 'pre',
    configResolved(config) {
      root = config.root
    },
    buildStart() {
      const appDir = resolve(root, 'app')
      const esmDir = lucideDir(root)
      const exports = exportMap(esmDir)
      const names = [...lucideImports(appDir)].sort()
      const icons = new Map<string, IconData>()
      const lines: string[] = []
      iconModule = resolve(appDir, 'components/icons/sprite-icon.tsx')
      for (const name of names) {
        const file = exports.get(name)
        if (!file) throw new Error(`lucide-react has no icon named ${name}`)
        const data = icons.get(file) ?? iconData(esmDir, file)
        icons.set(file, data)
        lines.push(`export const ${name} = /*#__PURE__*/ spriteIcon(${JSON.stringify(data.name)}, ${JSON.stringify(data.aliases ?? [])})`)
      }
      code = `import { spriteIcon } from ${JSON.stringify(iconModule)}\n${lines.join('\n')}\n`
      const svg = spriteSvg([...icons.values()])
      const spritePath = resolve(appDir, 'components/icons/sprite.svg')
      if (!existsSync(spritePath) || readFileSync(spritePath, 'utf8') !== svg) writeFileSync(spritePath, svg)
    },
    resolveId(id, importer) {
      if (id !== 'lucide-react' || !importer) return null
      const rel = relative(root, importer.replace(/\?.*$/, ''))
      // Only the app's own imports: lucide-react's internals and other packages keep the real one.
      if (rel.startsWith('..') || rel.split(sep)[0] === 'node_modules') return null
      return VIRTUAL
    },
    load(id) {
      return id === VIRTUAL ? code : null
    },
  }
}
