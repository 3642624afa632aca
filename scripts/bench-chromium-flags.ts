/**
 * `npm run bench:chromium-flags [-- variant…]` (docs/bench/chromium-flags.md): Chromium's memory (PSS peak, RSS, processes)
 * and time per PDF while printing 20 A4 pages of four 1200×900 JPEGs, 2 at a time, with the renderer's own flags
 * (`CHROMIUM_ARGS`, one renderer process) plus each variant's. The figures behind decision 050's "measured and not taken";
 * the tool for the next flag to try. Not part of any other run or of CI. Runs `CHROME_PATH` (default /usr/bin/chromium)
 * with `--no-sandbox` so that it works as root too: compare variants within one run, not with the server's figures.
 */
import { loadavg } from 'node:os'
import puppeteer from 'puppeteer-core'
import sharp from 'sharp'
import { CHROMIUM_ARGS } from '#server/pdf/render.server.ts'
import { descendantsOf, isChromium, usageOfAll } from '#tests/helpers/proc-tree.ts'

const variants: Record<string, string[]> = {
  base: [],
  nozygote: ['--no-zygote'],
  single: ['--single-process'],
  jitless: ['--js-flags=--jitless'],
  nozyg_jitless: ['--no-zygote', '--js-flags=--jitless'],
  lowend: ['--enable-low-end-device-mode'],
  nozyg_lowend: ['--no-zygote', '--enable-low-end-device-mode', '--js-flags=--jitless'],
}
const pick = process.argv.slice(2)
const img = async (r: number) =>
  (
    await sharp({
      create: {
        width: 1200,
        height: 900,
        channels: 3,
        background: { r, g: 120, b: 60 },
      },
    })
      .jpeg()
      .toBuffer()
  ).toString('base64')
const imgs = await Promise.all([1, 2, 3, 4].map((i) => img(i * 40)))
const html = `<!doctype html><html><body><h1>Pre-trip</h1>${
  '<table>' + Array.from({ length: 40 }, (_, i) => `<tr><td>Item ${i}</td><td>Ok</td></tr>`).join('') + '</table>'
}${imgs.map((b) => `<img style="width:45%" src="data:image/jpeg;base64,${b}">`).join('')}</body></html>`

const unknown = pick.filter((name) => !(name in variants))
if (unknown.length) {
  console.error(`Unknown variant(s): ${unknown.join(', ')}. Known: ${Object.keys(variants).join(', ')}`)
  process.exit(1)
}
console.log(
  `${new Date().toISOString()}  load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
// One variant: Chromium's PSS at rest after one page, its peak while printing, the time per PDF.
async function measure(name: string) {
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    headless: true,
    protocolTimeout: 120_000,
    args: [...CHROMIUM_ARGS.filter((a) => a !== '--headless'), '--renderer-process-limit=1', '--no-sandbox', ...variants[name]!],
  })
  const sample = () =>
    usageOfAll(
      descendantsOf(process.pid)
        .filter(isChromium)
        .map((d) => d.pid),
    )
  let peak = { processes: 0, rssKiB: 0, pssKiB: 0 }
  const timer = setInterval(() => {
    const u = sample()
    if (u.pssKiB > peak.pssKiB) peak = u
  }, 50)
  try {
    const p0 = await browser.newPage()
    await p0.setContent('<p>warm</p>')
    await new Promise((r) => setTimeout(r, 1000))
    const rest = sample()
    let next = 0
    const worker = async () => {
      while (next < 20) {
        next++
        const page = await browser.newPage()
        await page.setJavaScriptEnabled(false)
        await page.setContent(html, { waitUntil: 'load' })
        await page.pdf({ format: 'A4', printBackground: true })
        await page.close()
      }
    }
    const t = performance.now()
    await Promise.all([worker(), worker()])
    const ms = performance.now() - t
    console.log(
      `${name.padEnd(14)} rest ${(rest.pssKiB / 1024).toFixed(0)} MiB PSS (${rest.processes} procs)  peak ${(peak.pssKiB / 1024).toFixed(
        0,
      )} MiB PSS / ${(peak.rssKiB / 1024).toFixed(0)} RSS (${peak.processes} procs)  ${(ms / 20).toFixed(0)} ms/pdf`,
    )
  } finally {
    clearInterval(timer)
    await browser.close()
  }
}

let failed = 0
for (const name of pick.length ? pick : Object.keys(variants)) {
  // A variant Chromium cannot run with (a timeout, a crash) is reported and the next one runs.
  await measure(name).catch((error: unknown) => {
    failed++
    console.log(`${name.padEnd(14)} failed: ${error instanceof Error ? error.message : String(error)}`)
  })
}
process.exit(failed ? 1 : 0)
