import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { remixConfig } from './remix.config.ts'
import { lazySonner } from './scripts/lazy-sonner.ts'
import { lucideSprite } from './scripts/lucide-sprite.ts'

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true
  }
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [lucideSprite(), lazySonner(), tailwindcss(), remix(remixConfig)],
  build: {
    target: 'es2022',
    cssMinify: true,
    // The browser's bundle through terser (two passes): 2–3 % smaller than esbuild's, which kept
    // the first-load budgets of decision 053 with the translations of decision 074.
    minify: isSsrBuild ? false : 'terser',
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    // The icon sprite is referenced by <use href>, which cannot take a data: URL: always a file.
    assetsInlineLimit: (file) => (file.endsWith('/icons/sprite.svg') ? false : undefined),
  },
  // The build bundles only the icons the server renders (decision 052): the package's barrel
  // import alone held ≈27 MB and most of the server build's import time. Not in the dev server
  // (and the tests' startApp): there Vite would transform each of lucide's ~1,600 icon modules.
  ssr: command === 'build' ? { noExternal: ['lucide-react'] } : {},
  server: { watch: { ignored: ['**/data/**', '**/tests/.tmp/**'] } },
}))
