import type { Page } from '@playwright/test'
import { and, eq, isNull, lte } from 'drizzle-orm'
import { companies, inspections, leaseAgreements, operatorAssignments, users, vehicles } from '#db/schema/index.ts'
import { webSessionFor } from '#tests/helpers/factory.ts'
import { DEMO_LOGINS } from '#server/demo/logins.ts'
import { BASE_URL, e2eDb, expect, seriousAxeViolations, test } from './fixtures.ts'

/**
 * The fit check of issue 12 (decision 056): every page, as the demo user whose role opens it,
 * at the project's viewport (`phone` 360×740, `laptop` 1366×900). A page fails when the
 * document scrolls sideways, when a table row's actions or status lie outside the viewport,
 * or when axe finds a serious violation; two dialogs (Add vehicle, a confirmation) must keep
 * their controls inside themselves and the viewport. Screenshots: tests/.tmp/fit/<page>-<width>.png.
 * Print pages (PrintInspection, PrintPreInspection: A4 forms) and redirect-only routes are not pages here.
 */

type Role = (typeof DEMO_LOGINS)[number]['key']

async function demoIds() {
  const db = e2eDb().read
  const company = async (name: string) => {
    const [c] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, name))
    if (!c) throw new Error(`demo data missing: ${name}`)
    return c.id
  }
  const cascade = await company('Cascade Coach Lines')
  const summit = await company('Summit Bus Leasing')
  const evergreen = await company('Evergreen Student Transportation')
  const keystone = await company('Keystone Fleet Repair')
  const [cascadeBus] = await db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.ownerCompanyId, cascade)).limit(1)
  const today = new Date().toISOString().slice(0, 10)
  const [driven] = await db
    .select({ id: operatorAssignments.vehicleId })
    .from(operatorAssignments)
    .where(and(eq(operatorAssignments.operatorCompanyId, evergreen), isNull(operatorAssignments.endedAt), lte(operatorAssignments.startDate, today)))
    .limit(1)
  if (!cascadeBus || !driven) throw new Error('demo data missing: vehicles')
  // The compliance pack's records (issue 23): a lease between Summit and Evergreen, an annual inspection.
  const [lease] = await db
    .select({ id: leaseAgreements.id })
    .from(leaseAgreements)
    .where(and(eq(leaseAgreements.ownerCompanyId, summit), eq(leaseAgreements.operatorCompanyId, evergreen)))
    .limit(1)
  const [annual] = await db.select({ id: inspections.id, vehicleId: inspections.vehicleId }).from(inspections).where(eq(inspections.isAnnual, true)).limit(1)
  const [cascadeLease] = await db.select({ id: leaseAgreements.id }).from(leaseAgreements).where(eq(leaseAgreements.ownerCompanyId, cascade)).limit(1)
  if (!lease || !cascadeLease || !annual) throw new Error('demo data missing: leases or annual inspection')
  return {
    cascade,
    summit,
    evergreen,
    keystone,
    cascadeBus: cascadeBus.id,
    evergreenBus: driven.id,
    lease: lease.id,
    cascadeLease: cascadeLease.id,
    annual: annual.id,
    annualBus: annual.vehicleId,
  }
}

/** Every page route of app/routes with real demo ids, by the role that opens it. */
function pagesOf(ids: Awaited<ReturnType<typeof demoIds>>): Record<Role | 'public', [name: string, path: string][]> {
  const { cascade: c, summit: s, evergreen: e, keystone: k } = ids
  return {
    public: [
      ['login', '/login'],
      ['register', '/register'],
      ['send-reset-link', '/SendResetLink'],
      ['terms', '/TermsAndConditions'],
      ['reset-password', '/reset-password?token=not-a-token'],
      ['dev-mailbox', '/dev/mailbox'],
    ],
    cascade: [
      ['dashboard', '/dashboard'],
      ['profile', '/profile'],
      ['complete-profile', '/completeProfile'],
      ['owner-dashboard', `/OwnerDashboard/${c}`],
      ['operator-dashboard', `/OperatorDashboard/${c}`],
      ['fleet', `/fleet/${c}`],
      ['fleet-open', `/fleet/${c}?open=${ids.cascadeBus}`],
      ['fleet-documents', `/fleet/${c}?open=${ids.cascadeBus}&tab=documents`],
      ['fleet-operator', `/fleetOperator/${c}`],
      ['owner-requests', `/ownerRequestPage/${c}`],
      ['operator-requests', `/operatorRequestPage/${c}`],
      ['employees', `/employees/${c}`],
      ['employees-rs', `/employeesRS/${c}`],
      ['join-requests', `/joinRequests/${c}`],
      ['join-requests-rs', `/joinRequestsRS/${c}`],
      ['repair-actions', `/repairActions/${c}`],
      ['company-settings', `/company/${c}/settings`],
      ['vehicle-link', `/vehicles/${ids.cascadeBus}`],
      ['compliance', `/compliance/${c}`],
      ['retention', `/retention/${c}`],
      ['lease', `/leases/${ids.cascadeLease}`],
    ],
    owner: [
      ['owner-fleet-summit', `/fleet/${s}`],
      ['owner-requests-summit', `/ownerRequestPage/${s}`],
      ['owner-dashboard-summit', `/OwnerDashboard/${s}`],
      ['compliance-summit', `/compliance/${s}`],
      ['lease-summit', `/leases/${ids.lease}`],
    ],
    operator: [
      ['operator-requests-evergreen', `/operatorRequestPage/${e}`],
      ['employees-evergreen', `/employees/${e}`],
      ['join-requests-evergreen', `/joinRequests/${e}`],
      ['fleet-operator-evergreen', `/fleetOperator/${e}`],
      ['lease-evergreen', `/leases/${ids.lease}`],
    ],
    charter: [],
    repairshop: [
      ['repair-actions-keystone', `/repairActions/${k}`],
      ['employees-rs-keystone', `/employeesRS/${k}`],
      ['join-requests-rs-keystone', `/joinRequestsRS/${k}`],
    ],
    driver: [
      ['driver-dashboard', '/dashboard'],
      ['pre-trip', `/preTrip/${ids.evergreenBus}`],
      ['emergency-exit-check-driver', `/emergencyExitCheck/${ids.evergreenBus}`],
    ],
    mechanic: [
      ['mechanic-dashboard', '/dashboard'],
      ['inspection-page', '/InspectionPage'],
      ['emergency-exit-check', `/emergencyExitCheck/${ids.annualBus}`],
      ['annual-inspection-report', `/annualInspection/${ids.annual}`],
    ],
  }
}

/** What lies outside the viewport sideways: the document's own scroll, row actions, status cells. */
async function offScreen(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const out: string[] = []
    const scroll = document.documentElement.scrollWidth
    if (scroll > width) out.push(`the document scrolls sideways (${scroll} px in ${width} px)`)
    const describe = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`
    const cells = document.querySelectorAll(
      'tbody td[data-cell="actions"] :is(a, button, summary), tbody td[data-label="Status"] > *, tbody td[data-cell="key"]',
    )
    for (const el of cells) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 && r.height === 0) continue
      if (r.left < -1 || r.right > width + 1) out.push(`${describe(el)} at ${Math.round(r.left)}–${Math.round(r.right)} px`)
    }
    return out
  })
}

/** Controls of the open dialog that stick out of it or out of the viewport. */
async function dialogOverflow(page: Page) {
  return page.evaluate(() => {
    const dialog = document.querySelector('[role="dialog"], [role="alertdialog"]')
    if (!dialog) return ['no dialog open']
    const width = document.documentElement.clientWidth
    const box = dialog.getBoundingClientRect()
    const out: string[] = []
    if (box.left < -1 || box.right > width + 1) out.push(`the dialog spans ${Math.round(box.left)}–${Math.round(box.right)} px`)
    if (dialog.scrollWidth > dialog.clientWidth + 1) out.push(`the dialog scrolls sideways (${dialog.scrollWidth} in ${dialog.clientWidth})`)
    for (const el of dialog.querySelectorAll('input:not([type=hidden]), select, textarea, button, a')) {
      const r = el.getBoundingClientRect()
      if (r.width === 0 && r.height === 0) continue
      if (r.left < box.left - 1 || r.right > box.right + 1 || r.right > width + 1) {
        out.push(`${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.getAttribute('name') ?? el.textContent ?? '').trim().slice(0, 30)}" at ${Math.round(r.left)}–${Math.round(r.right)} px`)
      }
    }
    return out
  })
}

/**
 * The page's top 3000 px (a full fleet page with an open row is 14 000 px tall at 360 px, slow to
 * capture), for a person to look at: not in CI, where nobody does and they cost a minute.
 */
async function shot(page: Page, name: string) {
  if (process.env.CI) return
  const width = page.viewportSize()!.width
  const height = Math.min(3000, await page.evaluate(() => document.documentElement.scrollHeight))
  await page.screenshot({ path: `tests/.tmp/fit/${name}-${width}.png`, fullPage: true, clip: { x: 0, y: 0, width, height } })
}

async function checkPage(page: Page, name: string, path: string, axe: boolean) {
  const res = await page.goto(path)
  expect.soft(res?.status(), `${name}: ${path} answers`).toBeLessThan(400)
  await expect.soft(page.getByRole('heading', { level: 1 }).first(), `${name}: ${path}`).toBeVisible()
  expect.soft(await offScreen(page), `${name} (${path}): off-screen`).toEqual([])
  // axe at the phone width, where the layout differs most; the desktop pages are axe-checked by
  // a11y.spec.ts (its cost is most of a page's visit here: CI's 20 minutes, decision 056).
  if (axe && page.viewportSize()!.width < 640) expect.soft(await seriousAxeViolations(page), `${name} (${path}): axe`).toEqual([])
  await shot(page, name)
}

/** One web session per demo role and worker, reused by every test of that role. */
const sessions = new Map<Role, string>()
async function signInAsDemo(page: Page, role: Role) {
  let token = sessions.get(role)
  if (!token) {
    const email = DEMO_LOGINS.find((l) => l.key === role)!.email
    const [u] = await e2eDb().read.select({ id: users.id }).from(users).where(eq(users.email, email))
    if (!u) throw new Error(`demo data missing: ${email}`)
    token = await webSessionFor(e2eDb(), u.id)
    sessions.set(role, token)
  }
  await page.context().addCookies([{ name: 'operon_session', value: token, url: BASE_URL }])
}

let ids: Awaited<ReturnType<typeof demoIds>>
test.beforeAll(async () => {
  ids = await demoIds()
})

/** A test per role and per six pages. */
const CHUNK = 6
for (const role of ['public', 'cascade', 'owner', 'operator', 'repairshop', 'driver', 'mechanic'] as const) {
  // The lists' lengths do not depend on the ids.
  const parts = Math.ceil(pagesOf({ cascade: 0, summit: 0, evergreen: 0, keystone: 0, cascadeBus: 0, evergreenBus: 0, lease: 0, cascadeLease: 0, annual: 0, annualBus: 0 })[role].length / CHUNK)
  for (let part = 0; part < parts; part++) {
    test(`the pages of ${role} fit${parts > 1 ? ` (part ${part + 1})` : ''}`, async ({ page }) => {
      const pages = pagesOf(ids)[role].slice(part * CHUNK, (part + 1) * CHUNK)
      // A page costs 1–3 s unloaded (axe is most of it); on a loaded machine several times that.
      test.setTimeout(15_000 * pages.length)
      if (role !== 'public') await signInAsDemo(page, role)
      // The owner's, operator's and repair shop's pages are cascade's routes with other data: axe
      // has seen their markup there (CI's 20 minutes, decision 056).
      const axe = !['owner', 'operator', 'repairshop'].includes(role)
      for (const [name, path] of pages) await checkPage(page, name, path, axe)
    })
  }
}

test('the Add vehicle dialog and a confirmation dialog fit', async ({ page }) => {
  test.setTimeout(60_000)
  await signInAsDemo(page, 'cascade')
  await page.goto(`/fleet/${ids.cascade}`)
  await page.getByTestId('add-vehicle').click()
  await expect(page.getByRole('dialog')).toBeVisible()
  expect.soft(await dialogOverflow(page), 'Add vehicle dialog').toEqual([])
  await shot(page, 'dialog-add-vehicle')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()

  await page.goto(`/ownerRequestPage/${ids.cascade}`)
  const accept = page.getByRole('button', { name: /^Accept request for/ }).first()
  await expect(accept).toHaveAttribute('type', 'button') // hydrated: it opens the confirmation (before, it posts at once)
  await accept.click()
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toBeVisible()
  expect.soft(await dialogOverflow(page), 'Accept confirmation').toEqual([])
  await shot(page, 'dialog-confirm')
})
