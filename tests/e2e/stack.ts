/**
 * The browser tests' web server: starts the local services the app talks to
 * (an SMTP sink on loopback), then the production build, and stops them
 * together. Mail received is appended to E2E_MAIL_FILE (per port), where the
 * tests read it (they run in other processes).
 */
import { spawn } from 'node:child_process'
import { appendFileSync, rmSync } from 'node:fs'
import { startSmtpSink } from '#tests/helpers/smtp-sink.ts'
import { E2E_MAIL_FILE, E2E_SMTP_PORT } from './paths.ts'


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

const app = spawn(process.execPath, ['build/main.js'], {
  stdio: 'inherit',
  env: { ...process.env, SMTP_URL: sink.url },
})
const stop = () => {
  app.kill('SIGTERM')
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
app.on('exit', async (code) => {
  await sink.close().catch(() => undefined)
  process.exit(code ?? 0)
})
