import { expect, test } from './fixtures.ts'

test('the login page renders and lists the demo logins', async ({ page }) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Demo logins' })).toBeVisible()
  await expect(page.getByText('@demo.operon.app').first()).toBeVisible()
})

test('/healthz answers 200 and /VERSION answers the version', async ({ request }) => {
  expect((await request.get('/healthz')).status()).toBe(200)
  const version = await request.get('/VERSION')
  expect(version.status()).toBe(200)
  expect(await version.text()).toMatch(/^\d+\.\d+\.\d+ \(.+\)$/)
})

test('a visitor is sent to /login; / goes to /dashboard; unknown paths go to /', async ({ page }) => {
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/)
  const hops: string[] = []
  page.on('response', (r) => {
    if (r.status() >= 300 && r.status() < 400) hops.push(`${new URL(r.url()).pathname} -> ${r.headers()['location']}`)
  })
  await page.goto('/no/such/page')
  expect(hops).toEqual(['/no/such/page -> /', '/ -> /dashboard', '/dashboard -> /login?redirectTo=%2Fdashboard'])
})

test('the terms page holds our legal text and a way back', async ({ page }) => {
  await page.goto('/TermsAndConditions')
  await expect(page.getByText(/California/).first()).toBeVisible()
  await expect(page.getByText(/Switzerland/).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard')
})

test('the REST adapter answers through the running server', async ({ request }) => {
  const res = await request.get('/api/openapi.json')
  expect(res.status()).toBe(200)
  expect((await res.json()).openapi).toBe('3.1.0')
  expect((await request.get('/API/company/MINE')).status()).toBe(401)
})
