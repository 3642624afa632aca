// Bundles the process entry (server/http/main.ts) into build/main.js and records
// the commit the build was made from, for GET /VERSION.
import { execSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { build } from 'esbuild'

await build({
  entryPoints: ['server/http/main.ts'],
  outfile: 'build/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})

let commit = process.env.BUILD_COMMIT ?? ''
if (!commit) {
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim()
  } catch {
    commit = 'unknown'
  }
}
mkdirSync('build', { recursive: true })
writeFileSync('build/version.json', JSON.stringify({ commit, builtAt: new Date().toISOString() }) + '\n')
