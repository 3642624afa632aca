/**
 * The owner dashboard's alert list is bounded: the 20 most urgent, a "Show all" address
 * (`?alerts=all`) for the rest, and the counts of every alert (decision 045).
 */
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { StaticRouter } from 'react-router-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import * as ownerDashboard from '#app/routes/_app+/OwnerDashboard.$companyId.tsx'
import { OwnerAlerts, type OwnerAlertView } from '#app/components/dashboard/owner-alerts.tsx'
import { OwnerExpiryTimeline, type ExpiryTimelineView } from '#app/components/dashboard/owner-expiry-timeline.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { StaticI18nProvider } from '#app/utils/i18n.tsx'
import type { Locale } from '#catalog/i18n.ts'
import { messagesFor } from '#server/i18n/messages.server.ts'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { callPage, type PageHandler } from '#tests/helpers/remix.ts'

describe.each(DRIVERS)('owner dashboard page on %s', (driver) => {
  let db: Database
  let companyId: number
  let cookie: string

  beforeAll(async () => {
    db = createTestDb(driver)
    useAsAppDb(db)
    companyId = (await createCompany(db, 'Many Buses', ['Owner'])).id
    const owner = await createUser(db)
    await grantRole(db, owner.id, companyId, 'Owner')
    cookie = await webSessionFor(db, owner.id)
    // 25 expired licenses (Alerts) and 3 insurances due soon (Warnings).
    for (let i = 0; i < 25; i++) await insertVehicle(db, companyId, { licenseExpiry: '2020-01-01', insuranceExpiry: i < 3 ? '2999-01-01' : null })
    const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10)
    for (let i = 0; i < 3; i++) await insertVehicle(db, companyId, { insuranceExpiry: soon })
  })
  afterAll(() => db.close())

  type Body = { alerts: { alerts: OwnerAlertView[]; today: string; total: number; levels: { alerts: number; warnings: number } }; timeline: ExpiryTimelineView }
  const load = async (path: string) => (await callPage(ownerDashboard.loader as PageHandler, path, { cookie, params: { companyId: String(companyId) } })).body as Body

  it('lists the 20 most urgent, counts them all, and shows all on ?alerts=all', async () => {
    const short = await load(`/OwnerDashboard/${companyId}`)
    // 28 expiry lines, plus each of the 28 buses never had its 90-day emergency-exit check: overdue (decision 065).
    expect(short.alerts.total).toBe(56)
    expect(short.alerts.levels).toEqual({ alerts: 53, warnings: 3 })
    expect(short.alerts.alerts).toHaveLength(20)
    expect(short.alerts.alerts.every((a) => a.level === 1)).toBe(true)
    const all = await load(`/OwnerDashboard/${companyId}?alerts=all`)
    expect(all.alerts.alerts).toHaveLength(56)
    expect(all.alerts.alerts.slice(53).every((a) => a.level === 0)).toBe(true)
  })

  it('shows the due dates in the reader\'s language, never as YYYY-MM-DD (issue 39)', async () => {
    const { alerts, timeline } = await load(`/OwnerDashboard/${companyId}?alerts=all`)
    const page = (locale: Locale) =>
      renderToStaticMarkup(
        createElement(
          StaticRouter,
          { location: '/' },
          createElement(StaticI18nProvider, {
            locale,
            messages: messagesFor(locale, ['common', 'dashboard']),
            children: [
              createElement(OwnerAlerts, { key: 'alerts', alerts: alerts.alerts, today: alerts.today, total: alerts.total, levels: alerts.levels }),
              createElement(OwnerExpiryTimeline, { key: 'timeline', timeline }),
            ],
          }),
        ),
      )
    for (const locale of ['en', 'es'] as const) {
      const html = page(locale)
      // What is read (the text between tags); machine-readable dates stay in attributes (<time dateTime>, the chart's data).
      expect(html.replace(/<[^>]*>/g, ' ')).not.toMatch(/\d{4}-\d{2}-\d{2}/)
      expect(html).toContain(`>${formatDateOnly('2020-01-01', locale)}</time>`)
      expect(html).toContain(formatDateOnly(alerts.today, locale))
    }
    expect(page('es')).toContain('1 ene 2020')
    expect(page('en')).toContain('Jan 1, 2020')
  })
})
