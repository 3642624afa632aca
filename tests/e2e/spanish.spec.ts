import { eq } from 'drizzle-orm'
import { users } from '#db/schema/index.ts'
import { SPANISH } from '#catalog/locales/index.ts'
import { webSessionFor } from '#tests/helpers/factory.ts'
import { BASE_URL, drawSignature, e2eDb, expect, test } from './fixtures.ts'
import { driverWithBus, filedBy } from './pre-trip-setup.ts'

/**
 * Issue 25 (decision 074): a driver whose phone speaks Spanish (`es-US`) files a pre-trip with a
 * defect entirely in Spanish at 360 px, offline and back; the owner, in English, reads the same
 * report in English. The Spanish texts come from the catalogs, so the test follows their wording.
 */

const spanish = new Map<string, string>()
for (const catalog of Object.values(SPANISH)) for (const [id, es] of Object.entries(catalog as Record<string, string>)) spanish.set(id, es)
function es(english: string): string {
  const text = spanish.get(english)
  if (!text) throw new Error(`no Spanish for ${JSON.stringify(english)}`)
  return text
}

/** English texts of the catalogs that have a different Spanish, shown on the page (after hydration). */
async function englishLeft(page: import('@playwright/test').Page): Promise<string[]> {
  const shown: string[] = await page.evaluate(() => {
    const out: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement
      if (!el || el.closest('script,style,noscript') || !el.checkVisibility?.()) continue
      const text = (n.textContent ?? '').replace(/\s+/g, ' ').trim()
      if (text) out.push(text)
    }
    for (const el of document.querySelectorAll('[aria-label],[placeholder]')) {
      for (const a of ['aria-label', 'placeholder']) {
        const v = el.getAttribute(a)
        if (v) out.push(v.trim())
      }
    }
    return out
  })
  return [...new Set(shown.filter((t) => spanish.has(t) && spanish.get(t) !== t && !t.includes('{')))]
}

test.describe('a Spanish-speaking driver', () => {
  test.use({ locale: 'es-US', viewport: { width: 360, height: 740 } })

  test('files a pre-trip with a defect in Spanish, offline and back; the owner reads it in English', async ({ page, context, browser }) => {
    test.setTimeout(120_000)
    const { user, vehicleId, owner, ownerCompanyId } = await driverWithBus(page, 'ESP')

    // No language chosen yet: the phone's Accept-Language (es-US) decides, on the server's first render.
    await page.goto(`/preTrip/${vehicleId}`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    const markAllOk = page.getByRole('button', { name: es('Mark all Ok') })
    await expect(markAllOk).toBeVisible()
    expect(await englishLeft(page)).toEqual([])
    await page.screenshot({ path: 'tests/.tmp/es-pre-trip-360.png', fullPage: true })

    await expect
      .poll(() => page.evaluate(async () => Boolean(await (await caches.open('operon-pre-trip-pages-v1')).match(location.pathname))), { timeout: 15_000 })
      .toBe(true)
    await context.setOffline(true)
    await expect(page.getByText(es('No connection: you can fill in the form; it will be saved on this phone.'))).toBeVisible()

    await markAllOk.click()
    await page.getByRole('radiogroup', { name: es('Horn') }).getByRole('radio', { name: es('Defective') }).check()
    await expect(page.getByTestId('checklist-progress')).toHaveText(es('{answered} of {total} answered · {defects} defective').replace('{answered}', '29').replace('{total}', '29').replace('{defects}', '1'))
    await page.getByRole('textbox', { name: es('Comments') }).fill('La bocina no suena')
    await drawSignature(page, es('Driver signature'))
    await page.getByRole('button', { name: es('Submit pre-trip') }).click()
    await expect(page.getByTestId('pre-trip-queued')).toContainText(es('Saved on this phone. It will be sent when the connection returns.'))
    expect(await englishLeft(page)).toEqual([])
    expect(await filedBy(user.id)).toHaveLength(0)

    await context.setOffline(false)
    await expect(page.getByTestId('pre-trip-filed')).toContainText(es('Pre-trip filed: defects reported'), { timeout: 20_000 })
    expect(await englishLeft(page)).toEqual([])
    await page.screenshot({ path: 'tests/.tmp/es-pre-trip-filed-360.png', fullPage: true })
    const filed = await filedBy(user.id)
    expect(filed).toHaveLength(1)
    expect(filed[0]!.comments).toBe('La bocina no suena')
    const [driver] = await e2eDb().read.select({ locale: users.locale }).from(users).where(eq(users.id, user.id))
    expect(driver!.locale).toBe('en') // a fixture account: the page's language came from the phone, not the profile

    // The owner's browser speaks English: the same report, the same checklist keys, in English.
    const ownerContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 900 } })
    await ownerContext.addCookies([{ name: 'operon_session', value: await webSessionFor(e2eDb(), owner.id), url: BASE_URL }])
    const ownerPage = await ownerContext.newPage()
    await ownerPage.goto(`/PrintPreInspection/${ownerCompanyId}?id=${filed[0]!.id}`)
    await expect(ownerPage.locator('html')).toHaveAttribute('lang', 'en')
    await expect(ownerPage.getByText('Horn', { exact: true }).first()).toBeVisible()
    await expect(ownerPage.getByText('Defective', { exact: true }).first()).toBeVisible()
    await expect(ownerPage.getByText(es('Horn'), { exact: true })).toHaveCount(0)
    await ownerPage.screenshot({ path: 'tests/.tmp/es-pre-trip-owner-print-en.png', fullPage: true })
    await ownerContext.close()
  })
})
