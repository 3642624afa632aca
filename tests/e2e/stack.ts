/**
 * The browser tests' web server: starts the local services the app talks to
 * (an SMTP sink on loopback), then the production build, and stops them
 * together. Mail received is appended to E2E_MAIL_FILE (per port), where the
 * tests read it (they run in other processes).
 */
import { spawn } from 'node:child_process'
import { appendFileSync, rmSync, writeFileSync } from 'node:fs'
import { startSmtpSink } from '#tests/helpers/smtp-sink.ts'
import { startSqld } from '#tests/helpers/sqld.ts'
import { E2E_DB, E2E_MAIL_FILE, E2E_SMTP_PORT, E2E_SQLD_URL_FILE } from './paths.ts'


rmSync(E2E_MAIL_FILE, { force: true })
const sink = await startSmtpSink({ port: E2E_SMTP_PORT })
const seen = new Set<unknown>()
setInterval(() => {
  for (const m of sink.messages) {
    if (seen.has(m)) continue
    seen.add(m)
    appendFileSync(E2E_MAIL_FILE, JSON.stringify({ to: m.to, subject: m.subject, text: m.text }) + '\n')
  }
}, 100).unref()

// E2E_SQLD=remote|replica (decision 069): the app's database is a real sqld primary on loopback,
// used over HTTP or through an embedded replica; the tests' own connection finds it in E2E_SQLD_URL_FILE.
const mode = process.env.E2E_SQLD
const sqld = mode ? await startSqld() : undefined
const database: Record<string, string> = {}
if (sqld) {
  writeFileSync(E2E_SQLD_URL_FILE, sqld.url)
  if (mode === 'replica') {
    const replica = E2E_DB.replace(/\.db$/, '-replica.db')
    for (const suffix of ['', '-info', '-wal', '-shm']) rmSync(replica + suffix, { force: true })
    Object.assign(database, { DATABASE_URL: `file:${replica}`, DATABASE_SYNC_URL: sqld.url, DATABASE_SYNC_INTERVAL: '1' })
  } else database.DATABASE_URL = sqld.url.replace(/^http:/, 'ws:') // Hrana over a WebSocket (decision 069)
}

const app = spawn(process.execPath, ['build/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, SMTP_URL: sink.url, ...database },
})
const stop = () => {
  app.kill('SIGTERM')
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
app.on('exit', async (code) => {
  await sink.close().catch(() => undefined)
  await sqld?.destroy()
  process.exit(code ?? 0)
})
