// Browser tests use Debian's Chromium (never a downloaded browser). Installs it
// when running as root, otherwise says exactly what to run.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const path = process.env.CHROME_PATH ?? '/usr/bin/chromium'
if (!existsSync(path)) {
  if (process.getuid?.() === 0) {
    console.log(`${path} not found: installing Debian's chromium (apt-get install -y chromium)…`)
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' })
  } else {
    console.error(`Chromium is needed at ${path} for the browser tests. Run:\n  sudo apt-get update && sudo apt-get install -y chromium`)
    process.exit(1)
  }
}
