/**
 * Issue 39 points 7 and 8, through the whole HTTP application on the demo data, in English and
 * in Spanish: no record date shown as YYYY-MM-DD on any page, US states named in the reader's
 * language (the code saved), the demo logins in the page's language, the driver's "my buses"
 * with the 90-day emergency-exit check's state, a manager's dashboard pointing to the company's
 * pages, the retention card saying each rule once, and the demo companies' codes following
 * their types as new companies' codes do.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { companies, companyTypes, users } from '#db/schema/index.ts'
import type { CompanyType } from '#catalog/roles.ts'
import { companyCodePrefix } from '#server/companies/company-code.ts'
import { DEMO_LOGINS } from '#server/demo/logins.ts'
import { seedDemoData } from '#server/demo/seed.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { demoIds, pagesOf, type DemoIds, type Role } from '#tests/helpers/demo-pages.ts'
import { shownTexts } from '#tests/helpers/english-left.ts'
import { webSessionFor } from '#tests/helpers/factory.ts'
import { raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'

let db: Database
let app: RunningApp
let ids: DemoIds
const sessions = new Map<Role, string>()

beforeAll(async () => {
  db = createTestDb()
  await seedDemoData(db)
  app = await startApp(db)
  ids = await demoIds(db)
  for (const login of DEMO_LOGINS) {
    const [u] = await db.read.select({ id: users.id }).from(users).where(eq(users.email, login.email))
    if (u) sessions.set(login.key, await webSessionFor(db, u.id))
  }
}, 240_000)

afterAll(async () => {
  await app?.close()
})

async function render(role: Role | 'public', path: string, language: 'es' | 'en') {
  const session = role === 'public' ? '' : `operon_session=${sessions.get(role)}; `
  const res = await raw(app.base, 'GET', path, { headers: { cookie: `${session}operon_lng=${language}`, 'accept-language': language } })
  return { status: res.status, body: res.body, texts: shownTexts(res.body) }
}

/** The `<option>`s of a select, as value → text. */
function optionsOf(html: string, name: string): Map<string, string> {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? ''
  return new Map([...select.matchAll(/<option[^>]*value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1]!, m[2]!]))
}

describe('times and places', () => {
  it('no page shows a record date as YYYY-MM-DD, in either language', async () => {
    const problems: string[] = []
    for (const [role, list] of Object.entries(pagesOf(ids)) as [Role | 'public', [string, string][]][]) {
      for (const [name, path] of list) {
        for (const language of ['es', 'en'] as const) {
          const page = await render(role, path, language)
          if (page.status !== 200) continue
          // The example of an ISO time in a hint is a format, not a record date.
          const raw = page.texts.filter((t) => /\b\d{4}-\d{2}-\d{2}\b/.test(t) && !/ISO 8601/.test(t))
          if (raw.length) problems.push(`${name} ${path} (${language}): ${[...new Set(raw)].map((t) => JSON.stringify(t)).join(', ')}`)
        }
      }
    }
    expect(problems).toEqual([])
  }, 240_000)

  it('names the US states in the reader\'s language in the select and in text; the value is the code', async () => {
    const es = await render('driver', '/completeProfile', 'es')
    const states = optionsOf(es.body, 'comesFromState')
    expect(states.get('NY')).toBe('Nueva York')
    expect(states.get('NC')).toBe('Carolina del Norte')
    expect(states.get('NM')).toBe('Nuevo México')
    expect(states.get('PA')).toBe('Pensilvania')
    expect(states.get('MS')).toBe('Misisipi')
    expect(states.get('LA')).toBe('Luisiana')
    expect(states.get('HI')).toBe('Hawái')
    expect(states.get('SD')).toBe('Dakota del Sur')
    expect(states.get('WA')).toBe('Washington')
    // Sorted in Spanish: Carolina del Norte among the C's.
    const names = [...states.values()].slice(1, 52)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')))
    const en = optionsOf((await render('driver', '/completeProfile', 'en')).body, 'comesFromState')
    expect(en.get('NY')).toBe('New York')
    expect([...en.keys()].sort()).toEqual([...states.keys()].sort())
    // The profile names the saved state (the demo driver lives in Washington).
    const profile = await render('driver', '/profile', 'es')
    expect(profile.texts).toContain('· Washington')
    expect((await render('driver', '/profile', 'en')).texts).toContain('· Washington')
  })

  it('the login page describes the demo logins in its language', async () => {
    const es = await render('public', '/login', 'es')
    expect(es.texts.some((t) => t.includes('Marcus Bell, gerente propietario de Summit Bus Leasing'))).toBe(true)
    expect(es.texts.some((t) => t.includes('owner manager of Summit Bus Leasing'))).toBe(false)
    const en = await render('public', '/login', 'en')
    expect(en.texts.some((t) => t.includes('Marcus Bell, owner manager of Summit Bus Leasing'))).toBe(true)
  })
})

describe('small things', () => {
  it('"my buses" says the state of each bus\'s 90-day emergency-exit check, in words', async () => {
    const es = await render('driver', '/dashboard', 'es')
    const states = [...es.body.matchAll(/data-testid="emergency-exit-due" data-due-state="([a-z-]+)"[^>]*>([^<]+)</g)].map((m) => [m[1], m[2]])
    expect(states.length).toBeGreaterThan(0)
    const words: Record<string, string> = { overdue: 'Vencido', 'due-soon': 'Vence pronto', ok: 'Al día' }
    for (const [state, word] of states) expect(word).toBe(words[state!])
    const en = await render('driver', '/dashboard', 'en')
    expect(en.body).toMatch(/data-testid="emergency-exit-due" data-due-state="(overdue|due-soon|ok)"[^>]*>(Overdue|Due soon|Up to date)</)
  })

  it("a manager's dashboard links to the company's pages", async () => {
    const es = await render('owner', '/dashboard', 'es')
    expect(es.body).toContain(`href="/OwnerDashboard/${ids.summit}"`)
    expect(es.texts).toContain('Abrir Summit Bus Leasing')
    expect(es.texts).toContain('Sus compañías')
    const shop = await render('repairshop', '/dashboard', 'en')
    expect(shop.body).toContain(`href="/employeesRS/${ids.keystone}"`)
    expect(shop.texts).toContain('Open Keystone Fleet Repair')
    // A driver manages nothing: no such card.
    expect((await render('driver', '/dashboard', 'en')).body).not.toContain('data-testid="managed-companies"')
  })

  it('the retention card says the six months after the vehicle left once', async () => {
    for (const [language, sixMonths] of [
      ['en', /six months after the vehicle leaves|at least 6 months after it left/g],
      ['es', /seis meses después de que el vehículo sale|al menos 6 meses después de su salida/g],
    ] as const) {
      const page = await render('cascade', `/retention/${ids.cascade}`, language)
      const card = /data-testid="retention-maintenance"[\s\S]*?data-testid="oldest-maintenance"/.exec(page.body)?.[0] ?? ''
      expect(card, language).not.toBe('')
      expect(card.match(sixMonths)?.length ?? 0, language).toBe(1)
      // The annual inspections' rule does not say it: their card adds it.
      const annual = /data-testid="retention-annualInspections"[\s\S]*?data-testid="oldest-annualInspections"/.exec(page.body)?.[0] ?? ''
      expect(annual.match(sixMonths)?.length ?? 0, language).toBe(1)
    }
  })

  it("the demo companies' codes take their prefix from their first type, as new companies' do", async () => {
    const rows = await db.read.select({ id: companies.id, name: companies.name, code: companies.code }).from(companies)
    const types = await db.read.select().from(companyTypes)
    const prefixes = Object.fromEntries(
      rows.map((c) => {
        const own = types.filter((t) => t.companyId === c.id).map((t) => t.type as CompanyType)
        expect(c.code.startsWith(`${companyCodePrefix(own)}-`), `${c.name} ${c.code}`).toBe(true)
        return [c.name, c.code.slice(0, 3)]
      }),
    )
    expect(prefixes).toMatchObject({ 'Summit Bus Leasing': 'OWN', 'Keystone Fleet Repair': 'RSH', 'Evergreen Student Transportation': 'OPR', 'Pacific Crest Charters': 'OPR', 'Cascade Coach Lines': 'OWN' })
  })
})
