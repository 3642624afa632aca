// Fails when db/schema and the committed migrations in drizzle/ disagree, i.e.
// when `drizzle-kit generate` would write a new migration.
import { execSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const dir = mkdtempSync(join(tmpdir(), 'operon-migrations-'))
try {
  cpSync('drizzle', join(dir, 'drizzle'), { recursive: true })
  const config = join(dir, 'drizzle.config.ts')
  writeFileSync(
    config,
    `export default { dialect: 'sqlite', schema: ${JSON.stringify(resolve('db/schema/index.ts'))}, out: ${JSON.stringify(join(dir, 'drizzle'))} }\n`,
  )
  const before = readdirSync(join(dir, 'drizzle')).sort()
  const out = execSync(`npx drizzle-kit generate --config=${config}`, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
  const after = readdirSync(join(dir, 'drizzle')).sort()
  if (after.length !== before.length) {
    console.error(out)
    console.error('db/schema has changes without a migration: run `npm run db:generate` and commit drizzle/.')
    process.exit(1)
  }
  console.log('migrations: schema and drizzle/ agree (drizzle-kit generate: nothing to generate)')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
