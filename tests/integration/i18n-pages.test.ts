/**
 * Decision 074: every page rendered by the server in Spanish (the language cookie, as a browser
 * whose `Accept-Language` is Spanish gets on its first visit) says `lang="es"` and shows no text
 * of the English catalogue that has a Spanish translation: the whole HTTP application, the demo
 * data, each page as the demo user whose role opens it (the fit check's list).
 */
import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { operatorAssignments, users } from '#db/schema/index.ts'
import { SPANISH } from '#catalog/locales/index.ts'
import { DEMO_LOGINS } from '#server/demo/logins.ts'
import { seedDemoData } from '#server/demo/seed.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { demoIds, pagesOf, type Role } from '#tests/helpers/demo-pages.ts'
import { webSessionFor } from '#tests/helpers/factory.ts'
import { raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'
import { extractMessages } from '#tests/helpers/i18n-extract.ts'

let db: Database
let app: RunningApp
let pages: [role: Role | 'public', name: string, path: string][]
const sessions = new Map<Role, string>()

/** English text → its Spanish, for every text the code translates whose Spanish differs. */
const spanishOf = new Map<string, string>()
for (const catalog of Object.values(SPANISH)) {
  for (const [id, es] of Object.entries(catalog as Record<string, string>)) if (es !== id && !id.includes('{')) spanishOf.set(id, es)
}
const englishIds = new Set(extractMessages().map((m) => m.id))

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m),
  )

/** What a person reads or hears on the page: text between tags and the attributes that are read out. */
export function shownTexts(html: string): string[] {
  const body = html.replace(/<script[\s\S]*?<\/script>/gi, ' ').replace(/<style[\s\S]*?<\/style>/gi, ' ')
  const texts: string[] = []
  for (const m of body.matchAll(/>([^<]+)</g)) texts.push(m[1]!)
  for (const m of body.matchAll(/\s(?:placeholder|aria-label|title|alt)="([^"]*)"/g)) texts.push(m[1]!)
  for (const m of html.matchAll(/<title>([^<]*)<\/title>/g)) texts.push(m[1]!)
  return texts.map((t) => decode(t).replace(/\s+/g, ' ').trim()).filter(Boolean)
}

/** ICU left in what is shown: `{name}`, `{count, plural, …}` (a message shown without its values or compiled form). */
function bracesLeft(html: string): string[] {
  return [...new Set(shownTexts(html).filter((t) => /\{\s*\w+\s*(\}|,)/.test(t)))].map((t) => JSON.stringify(t))
}

beforeAll(async () => {
  db = createTestDb()
  await seedDemoData(db)
  app = await startApp(db)
  const ids = await demoIds(db)
  const byRole = pagesOf(ids)
  pages = Object.entries(byRole).flatMap(([role, list]) => list.map(([name, path]) => [role as Role | 'public', name, path] as [Role | 'public', string, string]))
  for (const login of DEMO_LOGINS) {
    const [u] = await db.read.select({ id: users.id }).from(users).where(eq(users.email, login.email))
    if (u) sessions.set(login.key, await webSessionFor(db, u.id))
  }
  // The list's bus may be the demo's one out of service (the page then sends the driver back):
  // the pre-trip page is checked on a bus of the driver's that can be filed for.
  const assigned = await db.read
    .select({ id: operatorAssignments.vehicleId })
    .from(operatorAssignments)
    .where(and(eq(operatorAssignments.operatorCompanyId, ids.evergreen), isNull(operatorAssignments.endedAt)))
  for (const { id } of assigned) {
    if ((await render('driver', `/preTrip/${id}`, 'en')).status !== 200) continue
    pages = pages.map((p) => (p[1] === 'pre-trip' ? [p[0], p[1], `/preTrip/${id}`] : p))
    break
  }
}, 240_000)

afterAll(async () => {
  await app?.close()
})

async function render(role: Role | 'public', path: string, language: 'es' | 'en') {
  const session = role === 'public' ? '' : `operon_session=${sessions.get(role)}; `
  return raw(app.base, 'GET', path, { headers: { cookie: `${session}operon_lng=${language}`, 'accept-language': language } })
}

describe('every page in Spanish', () => {
  it('renders each page with lang="es" and no English text that has a translation', async () => {
    const problems: string[] = []
    for (const [role, name, path] of pages) {
      const res = await render(role, path, 'es')
      if (res.status >= 300 && res.status < 400 && name !== 'pre-trip') continue // a link that redirects (/vehicles/{id})
      if (res.status !== 200) {
        problems.push(`${name} ${path}: status ${res.status}`)
        continue
      }
      if (!/<html lang="es"/.test(res.body)) problems.push(`${name}: <html> is not lang="es"`)
      const left = [...new Set(shownTexts(res.body).filter((text) => englishIds.has(text) && spanishOf.has(text)))]
      if (left.length) problems.push(`${name} ${path}: English left: ${left.map((t) => JSON.stringify(t)).join(', ')}`)
      const raw = bracesLeft(res.body)
      if (raw.length) problems.push(`${name} ${path}: a message not filled in: ${raw.join(', ')}`)
      if (process.env.I18N_PROBE) {
        const english = [...new Set(shownTexts(res.body).filter((t) => /\b(the|and|your|with|this|for|from|not|are|is|of|to|no|yet|all|on|in|by|at)\b/.test(t) && !/[áéíóúñ¿¡]/i.test(t)))]
        if (english.length) console.log(`PROBE ${name}: ${english.map((t) => JSON.stringify(t)).join(' | ')}`)
      }
    }
    expect(problems).toEqual([])
  }, 240_000)

  it('renders every page in English with lang="en" (the default and the contract), every message filled in', async () => {
    const problems: string[] = []
    for (const [role, name, path] of pages) {
      const res = await render(role, path, 'en')
      if (res.status >= 300 && res.status < 400 && name !== 'pre-trip') continue
      if (res.status !== 200) problems.push(`${name} ${path}: status ${res.status}`)
      else if (!/<html lang="en"/.test(res.body)) problems.push(`${name}: <html> is not lang="en"`)
      const raw = bracesLeft(res.body)
      if (raw.length) problems.push(`${name} ${path}: a message not filled in: ${raw.join(', ')}`)
    }
    expect(problems).toEqual([])
  }, 240_000)

  it('a first visit follows Accept-Language; the cookie wins after a choice', async () => {
    const first = await raw(app.base, 'GET', '/login', { headers: { 'accept-language': 'es-US,es;q=0.9,en;q=0.8' } })
    expect(first.body).toMatch(/<html lang="es"/)
    const chosen = await raw(app.base, 'GET', '/login', { headers: { 'accept-language': 'es-US,es;q=0.9', cookie: 'operon_lng=en' } })
    expect(chosen.body).toMatch(/<html lang="en"/)
  })
})
