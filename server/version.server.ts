import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'

let cached: string | undefined

/** "0.1.0 (abc1234)": the package version and the commit it was built from. */
export function appVersion(): string {
  if (cached) return cached
  let version = '0.0.0'
  let commit = process.env.BUILD_COMMIT
  try {
    version = (JSON.parse(readFileSync(resolve('package.json'), 'utf8')) as { version: string }).version
  } catch {
    /* keep the default */
  }
  const built = resolve('build/version.json')
  if (!commit && existsSync(built)) {
    try {
      commit = (JSON.parse(readFileSync(built, 'utf8')) as { commit?: string }).commit
    } catch {
      /* keep the default */
    }
  }
  cached = `${version} (${commit || 'dev'})`
  return cached
}
