// The tests use Debian's Chromium (never a downloaded browser) and poppler-utils (pdftotext,
// pdftoppm, pdfinfo: the PDFs are read back as text and images). Installs what is missing when
// running as root, otherwise says exactly what to run.
import { execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const missing = []
if (!existsSync(chromium)) missing.push({ pkg: 'chromium', why: `Chromium is needed at ${chromium} for PDFs and the browser tests` })
if (!existsSync('/usr/bin/pdftotext')) missing.push({ pkg: 'poppler-utils', why: 'poppler-utils (pdftotext, pdftoppm) reads the PDFs back in the tests' })
if (missing.length) {
  const pkgs = missing.map((m) => m.pkg).join(' ')
  if (process.getuid?.() === 0) {
    console.log(`${missing.map((m) => m.why).join('; ')}: installing Debian's ${pkgs} (apt-get install -y ${pkgs})…`)
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkgs}`, { stdio: 'inherit' })
  } else {
    console.error(`${missing.map((m) => m.why).join('.\n')}. Run:\n  sudo apt-get update && sudo apt-get install -y ${pkgs}`)
    process.exit(1)
  }
}
