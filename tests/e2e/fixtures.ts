import { readFileSync } from 'node:fs'
import AxeBuilder from '@axe-core/playwright'
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test'
import { openDatabase, type Database } from '#db/client.ts'
import type { CompanyType, RoleName } from '#catalog/roles.ts'
import { createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'

import { BASE_URL, E2E_DB, E2E_MAIL_FILE, E2E_SQLD_URL_FILE } from './paths.ts'

export { BASE_URL }

/** The browser tests' own connection to the server's database file. */
let db: Database | undefined
export function e2eDb(): Database {
  db ??= openDatabase({ url: process.env.E2E_SQLD ? readFileSync(E2E_SQLD_URL_FILE, 'utf8') : `file:${E2E_DB}` })
  return db
}

export interface SignInSpec {
  firstName?: string
  companies: { name: string; types: CompanyType[]; roles: RoleName[]; inactive?: RoleName[] }[]
}

/**
 * Test fixture sign-in: creates a user with the given companies and roles and a
 * real web session row, then hands the browser its cookie (the login flow
 * itself is tested separately).
 */
export async function signInAs(page: Page, spec: SignInSpec) {
  const db = e2eDb()
  const user = await createUser(db, { firstName: spec.firstName ?? 'Pat' })
  const companies: { id: number; name: string }[] = []
  for (const c of spec.companies) {
    const company = await createCompany(db, c.name, c.types)
    companies.push({ id: company.id, name: company.name })
    for (const r of c.roles) await grantRole(db, user.id, company.id, r)
    for (const r of c.inactive ?? []) await grantRole(db, user.id, company.id, r, false)
  }
  const token = await webSessionFor(db, user.id)
  await page.context().addCookies([{ name: 'operon_session', value: token, url: BASE_URL }])
  return { user, companies, token }
}

/**
 * The browser tests' `test`. In CI a page's screenshots are not taken: they are written under
 * tests/.tmp for a person to look at (run the specs locally), and in CI they cost a minute.
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
    if (process.env.CI) page.screenshot = async () => Buffer.alloc(0)
    await provide(page)
  },
})

/**
 * axe's serious and critical findings on the page (WCAG 2.1 A and AA rules), described for the
 * failure message. Only violations are collected: axe's details of what passed cost seconds.
 */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).options({ resultTypes: ['violations'] }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`)
}
export { expect } from '@playwright/test'

/** A Content Security Policy violation a page reported (decision 046). */
export interface CspViolation {
  page: string
  directive?: string
  blocked?: string
  source?: string
  sample?: string
  console?: string
}

/**
 * Collects every CSP violation the context's pages report: the DOM event (through a binding, so
 * that nothing is lost when a page navigates away; the listener is injected before any script of
 * the page runs) and the console. Returns the list, filled as they come.
 */
export async function watchCsp(context: BrowserContext): Promise<CspViolation[]> {
  const violations: CspViolation[] = []
  await context.exposeBinding('__cspViolation', ({ page }, v: Omit<CspViolation, 'page'>) => {
    violations.push({ page: page.url(), ...v })
  })
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cspViolation: (v: unknown) => void }).__cspViolation
      void report({ directive: e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}`, sample: e.sample })
    })
  })
  context.on('console', (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push({ page: msg.page()?.url() ?? '?', console: msg.text() })
  })
  return violations
}

/** Lets queued violation events reach the test (they are dispatched as tasks). */
export async function settleCspReports(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))))
}

/** Solves the form's captcha as a person would: the widget with JavaScript, the question without. */
export async function solveCaptcha(page: Page) {
  const fallback = page.getByTestId('captcha-fallback')
  if (await fallback.isVisible().catch(() => false)) {
    const question = (await fallback.locator('label').innerText()).match(/What is (\d+) plus (\d+)\?/)
    if (!question) throw new Error('no captcha question')
    // The question's own cost (decision 023): an answer counts a few seconds after it was asked.
    await page.waitForTimeout(4_200)
    await fallback.getByRole('textbox').fill(String(Number(question[1]) + Number(question[2])))
    return
  }
  await page.getByText("I'm not a robot").click()
  await expect(page.getByText('Verified', { exact: true })).toBeVisible({ timeout: 15_000 })
}

/** Waits for an email to `to` that the app really sent over SMTP (the stack's sink writes them down). */
export async function waitForMail(to: string, pred: (m: { subject: string; text: string }) => boolean = () => true, timeoutMs = 15_000) {
  const { readFileSync, existsSync } = await import('node:fs')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (existsSync(E2E_MAIL_FILE)) {
      const mails = readFileSync(E2E_MAIL_FILE, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { to: string[]; subject: string; text: string })
        .filter((m) => m.to.includes(to.toLowerCase()) && pred(m))
      if (mails.length) return mails[mails.length - 1]!
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`)
}

/** Draws a signature with the mouse on the signature pad labelled `label` (a zigzag stroke). */
export async function drawSignature(page: Page, label: string) {
  const canvas = page.getByRole('img', { name: label })
  await canvas.scrollIntoViewIfNeeded()
  const box = (await canvas.boundingBox())!
  await page.mouse.move(box.x + 20, box.y + box.height / 2)
  await page.mouse.down()
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 18, box.y + box.height / 2 + (i % 2 ? -25 : 25), { steps: 3 })
  await page.mouse.up()
}
