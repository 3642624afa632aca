/**
 * Issue 10, the PDF safety test (decisions 013 and 033): hostile markup in EVERY text field of
 * a pre-inspection and an inspection (inserted directly) and of their vehicle. A local HTTP
 * server counts every hit: it must stay at 0. The renderer's interception log must show no
 * `file:` request even attempted, and the HTML handed to Chromium carries the text as text
 * (escaped), never as elements. Then the renderer alone, given raw hostile HTML without the
 * page policy, still lets nothing out: every attempt is aborted by the interception.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { vehicles } from '#db/schema/index.ts'
import type * as Renderer from '#server/pdf/render.server.ts'
import { raw } from '#tests/helpers/http-app.ts'
import {
  INSPECTION_TEXT_FIELDS,
  insertInspection,
  insertPreInspection,
  newVehicle,
  PRE_INSPECTION_TEXT_FIELDS,
} from '#tests/helpers/inspection-records.ts'
import { managerApp } from '#tests/helpers/manager-app.ts'

const ctx = managerApp({ company: 'Safety Owner', types: ['Owner'], pdf: true })
let trap: Server
let port: number
const hits: string[] = []
let vehicleId: number

/** Everything that could make a page load something, aimed at the trap (and at the disk). */
function payload(tag: string): string {
  const at = (what: string) => `http://127.0.0.1:${port}/${tag}/${what}`
  return [
    `<script>new Image().src='${at('script')}';document.title='ran'</script>`,
    `<img src=file:///etc/passwd>`,
    `<img src="${at('img')}">`,
    `<iframe src=${at('iframe')}></iframe>`,
    `<iframe src=file:///etc/passwd></iframe>`,
    `<link rel=stylesheet href=${at('link')}>`,
    `<style>@import url(${at('import')}); body{background:url(${at('bg')})} @font-face{font-family:x;src:url(${at('font')})}</style>`,
    `<div style="background-image:url(${at('inline')})">x</div>`,
    `<object data=file:///etc/passwd></object><embed src=${at('embed')}>`,
    `<svg><image href="${at('svg')}"/></svg>`,
    `<meta http-equiv=refresh content="0;url=${at('refresh')}"><base href="${at('base')}/">`,
    `<video poster=${at('poster')}></video><audio src=${at('audio')}></audio>`,
    `"><img src=x onerror="fetch('${at('onerror')}')">`,
    `</style></title></textarea><script src=${at('script-src')}></script>`,
  ].join(' ')
}

beforeAll(async () => {
  trap = createServer((req, res) => {
    hits.push(req.url ?? '')
    res.end('caught')
  })
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', () => r()))
  port = (trap.address() as AddressInfo).port

  vehicleId = (await newVehicle(ctx.db, ctx.userId, ctx.companyId)).id
  // The vehicle's texts are printed too: hostile as well (written directly, past the form's rules).
  await ctx.db.transaction((tx) => tx.update(vehicles).set({ make: payload('make'), model: payload('model'), licensePlate: payload('plate') }).where(eq(vehicles.id, vehicleId)))
})
afterAll(async () => {
  await new Promise<void>((r) => trap.close(() => r()))
})

async function renderedWhileWatching(path: string) {
  const seen: Renderer.PdfRenderRecord[] = []
  ctx.renderer.observePdfRenders((r) => seen.push(r))
  try {
    const res = await raw(ctx.app.base, 'GET', path, { headers: { cookie: ctx.cookie } })
    // Anything the page might have started has had time to arrive.
    await new Promise((r) => setTimeout(r, 300))
    return { res, record: seen.at(-1) }
  } finally {
    ctx.renderer.observePdfRenders(null)
  }
}

/** The elements the print components make; a record's text can add none. */
const DOCUMENT_ELEMENTS = new Set(['html', 'head', 'meta', 'title', 'style', 'body', 'article', 'div', 'h1', 'h2', 'p', 'span', 'section', 'dl', 'dt', 'dd', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'strong', 'img', 'figure', 'figcaption'])

function expectTextNotMarkup(html: string) {
  // The record's text is in the document, escaped…
  expect(html).toContain('&lt;script&gt;new Image().src=')
  expect(html).toContain('&lt;img src=file:///etc/passwd&gt;')
  expect(html).toContain('&lt;iframe src=http://127.0.0.1:')
  // …and no element of it exists: every tag is one the components make, every picture a data: URL,
  // no event handler, the only <meta> the charset.
  const tags = [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)\b([^>]*)>/g)]
  for (const [whole, name, attrs] of tags) {
    expect(DOCUMENT_ELEMENTS.has(name!.toLowerCase()), whole.slice(0, 120)).toBe(true)
    // Attribute values are quoted and carry no raw quote (React writes &quot;): what is left outside them are the names.
    const names = attrs!.replace(/"[^"]*"/g, '""')
    expect(names, whole.slice(0, 120)).not.toMatch(/\son[a-z]+=/i)
    if (name === 'img') expect(attrs, whole.slice(0, 120)).toMatch(/^\s(class="[^"]*"\s)?src="data:image\//)
    if (name === 'meta') expect(attrs).toBe(' charset="utf-8"')
  }
  // The only <style> elements are the document's own CSS (text after them up to </style> has no record text).
  for (const [, css] of html.matchAll(/<style>([\s\S]*?)<\/style>/g)) expect(css).not.toContain('127.0.0.1')
}

describe('PDF safety: hostile text in every field', () => {
  it('a pre-inspection: the PDF renders, the trap gets no hit, no file: request is even attempted, the text stays text', async () => {
    const text = Object.fromEntries(PRE_INSPECTION_TEXT_FIELDS.map((f) => [f, payload(`pre-${f}`)]))
    const pre = await insertPreInspection(ctx.db, { vehicleId, operatorCompanyId: ctx.companyId, defective: ['tires'], text, signature: false, photos: 2 })
    const { res, record } = await renderedWhileWatching(`/PrintPreInspection/${ctx.companyId}/pdf?id=${pre.id}`)
    expect(res.status).toBe(200)
    expect(res.body.startsWith('%PDF-')).toBe(true)
    expect(hits).toEqual([])
    expect(record).toBeDefined()
    expect(record!.requests.filter((r) => r.url.startsWith('file:'))).toEqual([])
    expect(record!.requests.every((r) => !r.allowed)).toBe(true)
    expectTextNotMarkup(record!.html)
    // Every field's payload made it into the document as text.
    for (const f of PRE_INSPECTION_TEXT_FIELDS) expect(record!.html, f).toContain(`http://127.0.0.1:${port}/pre-${f}/img`)
    // The print page shows the same text as text.
    const pageRes = await raw(ctx.app.base, 'GET', `/PrintPreInspection/${ctx.companyId}?id=${pre.id}`, { headers: { cookie: ctx.cookie } })
    expect(pageRes.status).toBe(200)
    expect(pageRes.body).not.toContain(`<img src="http://127.0.0.1:${port}`)
    expect(pageRes.body).not.toContain('<iframe src=http')
  }, 60_000)

  it('an inspection: the same, with hostile comments on all 48 items', async () => {
    const text = Object.fromEntries(INSPECTION_TEXT_FIELDS.map((f) => [f, payload(`insp-${f}`)]))
    const insp = await insertInspection(ctx.db, { vehicleId, unsatisfactory: ['brakeFluidConditionLevel'], text, photos: 2, signature: false })
    const { res, record } = await renderedWhileWatching(`/PrintInspection/${ctx.companyId}/pdf?id=${insp.id}`)
    expect(res.status).toBe(200)
    expect(res.body.startsWith('%PDF-')).toBe(true)
    expect(hits).toEqual([])
    expect(record!.requests.filter((r) => r.url.startsWith('file:'))).toEqual([])
    expectTextNotMarkup(record!.html)
    for (const f of INSPECTION_TEXT_FIELDS) expect(record!.html, f).toContain(`http://127.0.0.1:${port}/insp-${f}/img`)
    expect(record!.html.split(`/insp-itemComment/img`).length - 1).toBe(48)
  }, 60_000)

  it('the renderer alone: raw hostile HTML without the page policy loads nothing — every attempt is aborted by the interception', async () => {
    const seen: Renderer.PdfRenderRecord[] = []
    ctx.renderer.observePdfRenders((r) => seen.push(r))
    try {
      const html = `<!doctype html><html><head><title>raw</title>${payload('raw')}</head><body>${payload('raw-body')}</body></html>`
      const pdf = await ctx.renderer.renderPdf(html, { policy: false })
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
      await new Promise((r) => setTimeout(r, 300))
      expect(hits).toEqual([])
      const requests = seen.at(-1)!.requests
      // The interception saw the page try (so it is what stopped it) and let none through.
      expect(requests.some((r) => r.url.includes(`127.0.0.1:${port}/raw`))).toBe(true)
      expect(requests.every((r) => !r.allowed)).toBe(true)
      // With the policy (the normal path) the subresources do not even get to try; a
      // <meta refresh> navigation is not a CSP matter: the interception aborts it.
      await ctx.renderer.renderPdf(html)
      await new Promise((r) => setTimeout(r, 300))
      expect(hits).toEqual([])
      const withPolicy = seen.at(-1)!.requests
      expect(withPolicy.every((r) => !r.allowed)).toBe(true)
      expect(withPolicy.filter((r) => !r.url.endsWith('/refresh'))).toEqual([])
    } finally {
      ctx.renderer.observePdfRenders(null)
    }
  }, 60_000)
})
