import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { webSessionFor } from '#tests/helpers/factory.ts'
import { documentedVerifyWebhook, type VerifyWebhook } from '#tests/helpers/webhook-recipe.ts'
import { BASE_URL, e2eDb, expect, test } from './fixtures.ts'
import { driverWithBus, filedBy, jpeg } from './pre-trip-setup.ts'

/**
 * Signed webhooks end to end (issue 26 point 3, decision 078): an owner's manager registers a
 * receiver on loopback on the Webhooks page (the server runs with WEBHOOKS_ALLOW_LOOPBACK), a
 * driver files a pre-trip with a defect, and the receiver gets a `defect.found` event whose
 * signature verifies with the recipe of docs/webhooks.md.
 */

/** The recipe of docs/webhooks.md, read from the document. */
let verifyWebhook: VerifyWebhook
test.beforeAll(async () => {
  verifyWebhook = await documentedVerifyWebhook()
})

const received: { headers: Record<string, string | undefined>; body: string }[] = []
let server: Server
let receiverUrl = ''

test.beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string | undefined>, body: Buffer.concat(chunks).toString('utf8') })
      res.writeHead(204)
      res.end()
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/operon-hooks`
})
test.afterAll(() => new Promise<void>((r) => server.close(() => r())))

test.describe('without JavaScript for the driver', () => {
  test.use({ viewport: { width: 360, height: 740 }, javaScriptEnabled: false })

  test('a receiver on loopback gets a signed defect.found event when a driver files a defect', async ({ page, browser }) => {
    test.setTimeout(90_000)
    const { user, vehicleId, owner, ownerCompanyId } = await driverWithBus(page, 'WHK')

    // The owner's manager registers the receiver on the Webhooks page.
    const managerContext = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    await managerContext.addCookies([{ name: 'operon_session', value: await webSessionFor(e2eDb(), owner.id), url: BASE_URL }])
    const manager = await managerContext.newPage()
    await manager.goto(`/company/${ownerCompanyId}/webhooks`)
    await expect(manager.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible()
    await manager.getByLabel('Endpoint URL').fill('https://10.0.0.1/hooks')
    await manager.getByRole('button', { name: 'Add endpoint' }).click()
    await expect(manager.locator('[data-field-error="url"]')).toHaveText('The URL points to a private, loopback or link-local address; only public addresses are allowed')
    await manager.getByLabel('Endpoint URL').fill(receiverUrl)
    await manager.getByLabel('Description (optional)').fill('Our maintenance system')
    await manager.getByRole('button', { name: 'Add endpoint' }).click()
    const secret = (await manager.getByTestId('webhook-secret-value').textContent())?.trim() ?? ''
    expect(secret).toMatch(/^whsec_/)
    await manager.screenshot({ path: 'tests/.tmp/webhooks-1366.png', fullPage: true })
    // The page fits a phone too.
    await manager.setViewportSize({ width: 360, height: 740 })
    const overflow = await manager.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, 'wider than a 360 px screen').toBeLessThanOrEqual(0)
    await manager.screenshot({ path: 'tests/.tmp/webhooks-360.png', fullPage: true })
    await manager.setViewportSize({ width: 1366, height: 900 })

    // The driver files a pre-trip with a defect (the plain form).
    await page.goto(`/vehicles/${vehicleId}`)
    for (const ok of await page.getByRole('radio', { name: 'Ok', exact: true }).all()) await ok.check()
    await page.getByRole('radiogroup', { name: 'Fuel level' }).getByRole('radio', { name: 'Defective' }).check()
    await page.getByRole('textbox', { name: 'Rear' }).fill('Cracked tail light lens')
    await page.getByLabel('Rear photo').setInputFiles({ name: 'rear.jpg', mimeType: 'image/jpeg', buffer: await jpeg(30, 160, 30) })
    await page.getByLabel('Driver signature: type your full name').fill('Dana Driver')
    await page.getByRole('button', { name: 'Submit pre-trip' }).click()
    await expect(page.getByTestId('pre-trip-filed')).toContainText('Pre-trip filed: defects reported')
    const [filed] = await filedBy(user.id)

    // The receiver gets the event, signed.
    await expect.poll(() => received.filter((r) => r.body.includes('"defect.found"')).length, { timeout: 20_000 }).toBeGreaterThan(0)
    const event = received.find((r) => r.body.includes('"defect.found"'))!
    expect(verifyWebhook(secret, event.headers, event.body)).toBe(true)
    const payload = JSON.parse(event.body) as { type: string; data: { vehicleId: number; companyId: number; source: { kind: string; id: number } } }
    expect(payload).toMatchObject({ type: 'defect.found', data: { vehicleId, companyId: ownerCompanyId, source: { kind: 'preTrip', id: filed!.id } } })
    expect(verifyWebhook('whsec_' + Buffer.alloc(32).toString('base64'), event.headers, event.body)).toBe(false)

    // The page shows the delivery.
    // (A GET, not a reload: the page came from the form's POST, which a reload would send again.)
    await expect(async () => {
      await manager.goto(`/company/${ownerCompanyId}/webhooks`)
      await expect(manager.getByTestId('webhook-last-delivery')).toHaveCount(1)
      await expect(manager.getByTestId('webhook-last-delivery')).toContainText('Delivered', { timeout: 1000 })
    }).toPass({ timeout: 20_000 })
    await managerContext.close()
  })
})
