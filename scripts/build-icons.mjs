/**
 * The installable app's icons (decision 075), drawn once from public/favicon.svg by Chromium and
 * committed under public/icons/: run `node scripts/build-icons.mjs` again after the logo changes.
 * - icon-192.png, icon-512.png: the logo as it is (rounded corners, transparent outside);
 * - icon-maskable-512.png: the logo on a full-bleed blue square, the bus within the middle 45 % (the
 *   maskable safe zone is the middle circle of 80 %), for launchers that cut their own shape;
 * - apple-touch-icon.png (180): full-bleed too, since iOS rounds the corners itself and shows
 *   transparency as black.
 * Uses puppeteer-core with the system Chromium (CHROME_PATH, else /usr/bin/chromium): no download.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import puppeteer from 'puppeteer-core'

const svg = readFileSync('public/favicon.svg', 'utf8')
/** The favicon's background colour, for the full-bleed icons. */
const blue = /<rect [^>]*fill="(#[0-9a-f]{6})"/i.exec(svg)?.[1] ?? '#1e40af'
const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`

/** The logo as is. */
const plain = (size) => `<img src="${dataUrl}" width="${size}" height="${size}" style="display:block">`
/**
 * The logo on a full square of its own blue, scaled so that its rounded square (whose corners
 * are then invisible, blue on blue) fills `share` of the side.
 */
const fullBleed = (size, share) => {
  const inner = Math.round(size * share)
  const at = Math.round((size - inner) / 2)
  return `<div style="width:${size}px;height:${size}px;background:${blue};position:relative">
    <img src="${dataUrl}" width="${inner}" height="${inner}" style="position:absolute;left:${at}px;top:${at}px;display:block"></div>`
}

const icons = [
  { file: 'public/icons/icon-192.png', size: 192, html: plain(192) },
  { file: 'public/icons/icon-512.png', size: 512, html: plain(512) },
  { file: 'public/icons/icon-maskable-512.png', size: 512, html: fullBleed(512, 0.78) },
  { file: 'public/icons/apple-touch-icon.png', size: 180, html: fullBleed(180, 0.9) },
]

const browser = await puppeteer.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
})
try {
  const page = await browser.newPage()
  for (const icon of icons) {
    await page.setViewport({ width: icon.size, height: icon.size, deviceScaleFactor: 1 })
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${icon.html}</body></html>`)
    await page.waitForFunction(() => Array.from(document.images).every((i) => i.complete && i.naturalWidth > 0))
    const png = await page.screenshot({ type: 'png', omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } })
    writeFileSync(icon.file, png)
    console.log(`${icon.file} ${icon.size}x${icon.size} ${png.length} bytes`)
  }
} finally {
  await browser.close()
}
