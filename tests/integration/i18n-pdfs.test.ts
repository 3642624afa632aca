/**
 * Issue 39's check on paper (decision 074): every PDF route of app/routes, fetched through the
 * whole HTTP application with the demo data as the first demo user who may open it, read with
 * pdftotext: in Spanish it holds no English of the catalogue nor the English sentences the server
 * writes into records; in English, no Spanish of the catalogue. What is found is printed by PDF.
 * In both, every date (the title's too) is written as the reader's language writes it, never YYYY-MM-DD.
 * Chromium prints each PDF: the file runs on better-sqlite3 only (scripts/test-all.mjs).
 * To look at the documents: I18N_PDF_DIR=… keeps them there.
 */
import { request as httpRequest } from 'node:http'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { DEMO_LOGINS } from '#server/demo/logins.ts'
import { seedDemoData } from '#server/demo/seed.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { demoIds, demoRecords, pdfsOf, type Role } from '#tests/helpers/demo-pages.ts'
import { demoUserData, makeFinder, needlesFor, pdfLines, report, type Finding } from '#tests/helpers/english-left.ts'
import { webSessionFor } from '#tests/helpers/factory.ts'
import { startApp, type RunningApp } from '#tests/helpers/http-app.ts'
import { pdfInfo, pdfText } from '#tests/helpers/pdf.ts'

let db: Database
let app: RunningApp
let pdfs: [name: string, path: string][]
const sessions = new Map<Role, string>()
let userData: string[]
/** The demo user each PDF was fetched as in Spanish (the English pass asks as the same user). */
const fetchedAs = new Map<string, Role>()
/** What each PDF said, by `name-language`: its text and its title (the viewer's title bar), for the dates' check. */
const read = new Map<string, { text: string; title: string }>()

/** A PDF's text, kept for the dates' check with the title pdfinfo reads. */
function readPdf(bytes: Buffer, name: string): string {
  const text = pdfText(bytes, name, process.env.I18N_PDF_DIR)
  const title = /^Title:\s*(.*)$/m.exec(pdfInfo(bytes, name, process.env.I18N_PDF_DIR))?.[1] ?? ''
  read.set(name, { text, title })
  return text
}

beforeAll(async () => {
  db = createTestDb()
  await seedDemoData(db)
  app = await startApp(db)
  const ids = await demoIds(db)
  pdfs = pdfsOf(ids, await demoRecords(db))
  for (const login of DEMO_LOGINS) {
    const [u] = await db.read.select({ id: users.id }).from(users).where(eq(users.email, login.email))
    if (u) sessions.set(login.key, await webSessionFor(db, u.id))
  }
  userData = await demoUserData(db)
}, 240_000)

afterAll(async () => {
  await app?.close()
})

/** One GET as `who` in `language`, the answer's bytes kept whole. */
function get(who: Role, path: string, language: 'es' | 'en'): Promise<{ status: number; type: string; bytes: Buffer }> {
  const url = new URL(path, app.base)
  const headers = { host: 'operon.test', cookie: `operon_session=${sessions.get(who)}; operon_lng=${language}`, 'accept-language': language }
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), bytes: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * What `find` says of a PDF's lines. A text runs over lines: a message is looked for in each line
 * joined to the next too, and said there when neither line alone holds it; a message of one line
 * that is not found in it joined to a neighbour was part of user data or a literal (a name broken
 * over two lines) and is not said.
 */
function pdfFindings(find: (text: string) => Finding | null, text: string): Finding[] {
  const lines = pdfLines(text)
  const messages = (t: string | null) => new Set(t === null ? [] : (find(t)?.messages ?? []))
  const found: Finding[] = []
  lines.forEach((line, i) => {
    const before = i > 0 ? messages(`${lines[i - 1]} ${line}`) : null
    const next = i + 1 < lines.length ? `${line} ${lines[i + 1]}` : null
    const after = next === null ? null : messages(next)
    const alone = find(line)
    const kept = alone?.messages.filter((m) => (before?.has(m) ?? true) && (after?.has(m) ?? true)) ?? []
    if (kept.length) found.push({ text: alone!.text, messages: kept })
    const joined = next === null ? null : find(next)
    if (!joined) return
    const known = new Set([...(alone?.messages ?? []), ...messages(lines[i + 1]!)])
    const more = joined.messages.filter((m) => !known.has(m))
    if (more.length) found.push({ text: joined.text, messages: more })
  })
  return found
}

describe('every PDF', () => {
  it('in Spanish, as a demo user who may open it: no English of the catalogue or of the records', async () => {
    const find = makeFinder(needlesFor('es'), userData)
    const problems: string[] = []
    for (const [name, path] of pdfs) {
      for (const who of DEMO_LOGINS.map((l) => l.key)) {
        const res = await get(who, path, 'es')
        if ((res.status >= 300 && res.status < 400) || res.status === 403 || res.status === 404) continue
        fetchedAs.set(path, who)
        if (res.status !== 200 || res.type !== 'application/pdf') problems.push(`${name} ${path}: status ${res.status} (${res.type}) as ${who}`)
        else {
          const found = pdfFindings(find, readPdf(res.bytes, `${name}-es`))
          if (found.length) problems.push(report(`${name} ${path} (as ${who})`, found))
        }
        break
      }
      if (!fetchedAs.has(path)) problems.push(`${name} ${path}: no demo user may open it`)
    }
    if (problems.length) console.log(`English in Spanish PDFs:\n${problems.join('\n')}`)
    expect(problems).toEqual([])
  }, 300_000)

  it('in English (the contract): no Spanish of the catalogue', async () => {
    const find = makeFinder(needlesFor('en'), userData)
    const problems: string[] = []
    for (const [name, path] of pdfs) {
      const who = fetchedAs.get(path)
      if (!who) continue // said by the Spanish pass
      const res = await get(who, path, 'en')
      if (res.status !== 200 || res.type !== 'application/pdf') problems.push(`${name} ${path}: status ${res.status} (${res.type}) as ${who}`)
      else {
        const found = pdfFindings(find, readPdf(res.bytes, `${name}-en`))
        if (found.length) problems.push(report(`${name} ${path} (as ${who})`, found))
      }
    }
    if (problems.length) console.log(`Spanish in English PDFs:\n${problems.join('\n')}`)
    expect(problems).toEqual([])
  }, 300_000)

  it('dates every day as its reader does: no YYYY-MM-DD in the text or the title of any PDF, in either language', () => {
    // Both passes above read every PDF a demo user may open; a date written as YYYY-MM-DD is one no reader asked for.
    expect(read.size).toBe(2 * fetchedAs.size)
    const bare: string[] = []
    for (const [name, { text, title }] of read) {
      for (const [where, said] of [['title', title], ['text', text]] as const) {
        for (const m of said.matchAll(/\d{4}-\d{2}-\d{2}/g)) bare.push(`${name} (${where}): …${said.slice(Math.max(0, m.index - 30), m.index + 40).replace(/\s+/g, ' ')}…`)
      }
    }
    expect(bare).toEqual([])
  })
})
