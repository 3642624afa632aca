/**
 * Sonner out of the first load (issue 13, decision 053): a Vite plugin that resolves the app's
 * `import { toast } from 'sonner'` to app/components/ui/toast.ts, which loads sonner on demand.
 * The two modules that wrap sonner itself (ui/toast.ts and ui/sonner.tsx) get the real package.
 * Types still come from sonner (TypeScript does not see the alias); ui/toast.ts keeps its API.
 */
import { relative, resolve, sep } from 'node:path'
import type { Plugin } from 'vite'

export function lazySonner(): Plugin {
  let root = process.cwd()
  const REAL = ['app/components/ui/toast.ts', 'app/components/ui/sonner.tsx']
  return {
    name: 'operon-lazy-sonner',
    enforce: 'pre',
    configResolved(config) {
      root = config.root
    },
    resolveId(id, importer) {
      if (id !== 'sonner' || !importer) return null
      const rel = relative(root, importer.replace(/\?.*$/, '')).split(sep).join('/')
      if (!rel.startsWith('app/') || REAL.includes(rel)) return null
      return resolve(root, 'app/components/ui/toast.ts')
    },
  }
}
