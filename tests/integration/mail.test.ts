import { eq } from 'drizzle-orm'
import type { Transporter } from 'nodemailer'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '#db/client.ts'
import { mailOutbox } from '#db/schema/index.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { logger } from '#server/log.server.ts'
import {
  deliverPendingMail,
  kickMailWorker,
  MAX_ATTEMPTS,
  PARKED_AT,
  startMailWorker,
} from '#server/mail/delivery.server.ts'
import { retryDelayMs } from '#server/jobs/outbox-worker.server.ts'
import { listOutbox } from '#server/mail/list-outbox.server.ts'
import { enqueueMail } from '#server/mail/outbox.server.ts'
import {
  joinRequestAnsweredMail,
  loginCodeMail,
  passwordResetMail,
  vehicleRequestAnsweredMail,
  welcomeMail,
} from '#server/mail/templates.ts'
import * as devMailbox from '#app/routes/dev.mailbox.tsx'
import { createTestDb, DRIVERS, useAsAppDb } from '#tests/helpers/db.ts'
import { startSmtpSink, type SmtpSink } from '#tests/helpers/smtp-sink.ts'

const savedEnv = { ...process.env }
function setEnv(values: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  resetEnvCache()
}
afterAll(() => {
  for (const k of Object.keys(process.env)) if (!(k in savedEnv)) delete process.env[k]
  Object.assign(process.env, savedEnv)
  resetEnvCache()
})

async function rowOf(db: Database, id: number) {
  const [row] = await db.read.select().from(mailOutbox).where(eq(mailOutbox.id, id))
  return row!
}

const MINUTE = 60_000

describe('mail templates', () => {
  const evil = '<script>alert("x")</script>'

  it('escapes user values in the HTML and keeps the text readable', () => {
    const mails = [
      loginCodeMail({ firstName: evil, code: '123456' }),
      passwordResetMail({ firstName: evil, link: 'https://operon.example/reset-password?token=abc' }),
      welcomeMail({ firstName: evil, loginUrl: 'https://operon.example/login', twoFactor: 'Email' }),
      joinRequestAnsweredMail({ firstName: evil, companyName: evil, role: 'Driver', accepted: true }),
      vehicleRequestAnsweredMail({ companyName: evil, vehicleIdentifier: 'BUS-<b>1</b>', approved: false }),
    ]
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script>')
      expect(mail.html).not.toContain('<b>1</b>')
      expect(mail.html).toContain('Operon')
      expect(mail.text).not.toContain('<p')
      expect(mail.subject).not.toMatch(/[\r\n]/)
    }
    expect(mails[0]!.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(mails[0]!.text).toContain(`Hi ${evil},`)
    expect(mails[3]!.subject).toBe(`You have joined ${evil}`)
  })

  it('puts the sign-in code in both bodies, with its validity', () => {
    const mail = loginCodeMail({ firstName: 'Ana', code: '482913' })
    expect(mail.subject).toBe('Your Operon sign-in code')
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('482913')
      expect(body).toContain('10 minutes')
      expect(body).toContain('change your password')
    }
    expect(mail.text.startsWith('Hi Ana,\n\n')).toBe(true)
  })

  it('puts the reset link in both bodies (escaped in the HTML), single use, 1 hour', () => {
    const link = 'https://operon.example/reset-password?token=abc&x=1'
    const mail = passwordResetMail({ firstName: 'Ana', link })
    expect(mail.text).toContain(link)
    expect(mail.html).toContain('href="https://operon.example/reset-password?token=abc&amp;x=1"')
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('1 hour')
      expect(body).toContain('only once')
    }
  })

  it('never turns a non-web link into a button', () => {
    const mail = passwordResetMail({ firstName: 'Ana', link: 'javascript:alert(1)' })
    expect(mail.html).not.toContain('href="javascript:')
  })

  it('explains the chosen second factor in the welcome mail', () => {
    expect(welcomeMail({ firstName: 'A', loginUrl: 'https://o.example/login', twoFactor: 'Authenticator' }).text).toContain(
      'QR code',
    )
    const byEmail = welcomeMail({ firstName: 'A', loginUrl: 'https://o.example/login', twoFactor: 'Email' })
    expect(byEmail.text).toContain('we will email you a 6-digit code')
    expect(byEmail.text).toContain('https://o.example/login')
    expect(joinRequestAnsweredMail({ firstName: 'A', companyName: 'Co', role: 'Driver', accepted: false }).text).toContain(
      'Co declined your request to join as Driver.',
    )
    expect(vehicleRequestAnsweredMail({ companyName: 'Co', vehicleIdentifier: 'V1', approved: true }).subject).toBe(
      'Vehicle request approved: V1',
    )
  })
})

describe('retry schedule', () => {
  it('doubles from 1 minute and caps at 1 hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 9].map((n) => retryDelayMs(n) / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 60, 60])
  })
})

describe.each(DRIVERS)('mail outbox and delivery on %s', (driver) => {
  let db: Database
  let sink: SmtpSink

  beforeAll(async () => {
    sink = await startSmtpSink()
  })
  afterAll(async () => {
    await sink.close()
  })
  beforeEach(() => {
    db = createTestDb(driver)
    setEnv({ SMTP_URL: sink.url, MAIL_FROM: 'Operon Test <no-reply@operon.test>' })
  })
  afterEach(async () => {
    await db.close()
  })

  it('sends a committed message once, with the right envelope, subject and body', async () => {
    const content = loginCodeMail({ firstName: 'Ana', code: '246810' })
    const id = await db.transaction((tx) => enqueueMail(tx, { to: `ana-${driver}@example.com`, ...content }))
    expect(await rowOf(db, id)).toMatchObject({ sentAt: null, attempts: 0 })

    expect(await deliverPendingMail(db)).toEqual({ sent: 1, failed: 0 })
    const mail = await sink.waitFor((m) => m.to.includes(`ana-${driver}@example.com`), 5000)
    expect(mail.from).toBe('no-reply@operon.test')
    expect(mail.headers.from).toBe('Operon Test <no-reply@operon.test>')
    expect(mail.subject).toBe('Your Operon sign-in code')
    expect(mail.text).toContain('246810')
    expect(mail.text).toContain('— Operon')
    expect(mail.html).toContain('246810')

    const row = await rowOf(db, id)
    expect(row.sentAt).toBeInstanceOf(Date)
    expect(row.lastError).toBeNull()
    // Sent messages are not picked again.
    expect(await deliverPendingMail(db)).toEqual({ sent: 0, failed: 0 })
  })

  it('keeps no mail from a rolled-back transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, { to: 'rollback@example.com', subject: 'Never', text: 'never sent' })
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await db.read.select().from(mailOutbox)).toEqual([])
    expect(await deliverPendingMail(db)).toEqual({ sent: 0, failed: 0 })
  })

  it('records a failure, retries later with backoff, and delivers once the server is back', async () => {
    const down = await startSmtpSink()
    const port = down.port
    await down.close()
    setEnv({ SMTP_URL: `smtp://127.0.0.1:${port}` })

    const to = `retry-${driver}@example.com`
    const id = await db.transaction((tx) => enqueueMail(tx, { to, subject: 'Retry me', text: 'body to retry' }))
    const t0 = new Date(Date.now() + 1000)
    expect(await deliverPendingMail(db, { now: t0 })).toEqual({ sent: 0, failed: 1 })
    let row = await rowOf(db, id)
    expect(row.sentAt).toBeNull()
    expect(row.attempts).toBe(1)
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i)
    expect(row.nextAttemptAt.getTime()).toBe(t0.getTime() + MINUTE)

    // Not due yet: nothing happens.
    expect(await deliverPendingMail(db, { now: new Date(t0.getTime() + 30_000) })).toEqual({ sent: 0, failed: 0 })

    const t1 = new Date(t0.getTime() + MINUTE)
    expect(await deliverPendingMail(db, { now: t1 })).toEqual({ sent: 0, failed: 1 })
    row = await rowOf(db, id)
    expect(row.attempts).toBe(2)
    expect(row.nextAttemptAt.getTime()).toBe(t1.getTime() + 2 * MINUTE)

    const back = await startSmtpSink({ port })
    try {
      expect(await deliverPendingMail(db, { now: new Date(t1.getTime() + 2 * MINUTE) })).toEqual({ sent: 1, failed: 0 })
      const mail = await back.waitFor((m) => m.to.includes(to), 5000)
      expect(mail.subject).toBe('Retry me')
      expect(mail.text).toBe('body to retry')
      row = await rowOf(db, id)
      expect(row.sentAt).toBeInstanceOf(Date)
      expect(row.lastError).toBeNull()
    } finally {
      await back.close()
    }
  })

  it(`gives up after ${MAX_ATTEMPTS} attempts and keeps the last error, without the SMTP password`, async () => {
    setEnv({ SMTP_URL: 'smtp://mailer:s3cret-pw@127.0.0.1:1' })
    const failing = {
      sendMail: () => Promise.reject(new Error('535 auth failed for mailer:s3cret-pw')),
      close: () => undefined,
    } as unknown as Transporter
    const id = await db.transaction((tx) => enqueueMail(tx, { to: 'never@example.com', subject: 'S', text: 'T' }))
    let now = new Date(Date.now() + 1000)
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      expect(await deliverPendingMail(db, { transport: failing, now })).toEqual({ sent: 0, failed: 1 })
      now = new Date(now.getTime() + 61 * MINUTE)
    }
    const row = await rowOf(db, id)
    expect(row.attempts).toBe(MAX_ATTEMPTS)
    expect(row.sentAt).toBeNull()
    expect(row.nextAttemptAt.getTime()).toBe(PARKED_AT.getTime())
    expect(row.lastError).toBe(`Gave up after ${MAX_ATTEMPTS} attempts: 535 auth failed for mailer:***`)
    expect(await deliverPendingMail(db, { transport: failing, now })).toEqual({ sent: 0, failed: 0 })
    expect((await listOutbox(db, 50))[0]).toMatchObject({ id, status: 'Failed' })
  })

  it('without SMTP_URL sends nothing, keeps the message and logs it once', async () => {
    setEnv({ SMTP_URL: undefined })
    const info = vi.spyOn(logger(), 'info')
    const before = sink.messages.length
    const content = loginCodeMail({ firstName: 'Local', code: '135790' })
    const id = await db.transaction((tx) => enqueueMail(tx, { to: 'local@example.com', ...content }))

    expect(await deliverPendingMail(db)).toEqual({ sent: 0, failed: 0 })
    expect(await deliverPendingMail(db, { now: new Date(Date.now() + 24 * 60 * MINUTE) })).toEqual({ sent: 0, failed: 0 })

    const logged = info.mock.calls.filter((c) => String(c[1]).includes('no SMTP_URL'))
    expect(logged).toHaveLength(1)
    expect(logged[0]![0]).toMatchObject({ mailId: id, to: 'local@example.com', subject: 'Your Operon sign-in code' })
    expect(JSON.stringify(logged[0]![0])).toContain('135790')

    const row = await rowOf(db, id)
    expect(row).toMatchObject({ sentAt: null, attempts: 0, lastError: null })
    expect(row.nextAttemptAt.getTime()).toBe(PARKED_AT.getTime())
    expect(sink.messages.length).toBe(before)
    expect((await listOutbox(db, 50))[0]).toMatchObject({ id, to: 'local@example.com', status: 'Pending' })
  })

  it('in production without SMTP_URL the log gets the fact, never the code or link', async () => {
    setEnv({ SMTP_URL: undefined, NODE_ENV: 'production', OPERON_LOCAL: undefined, APP_URL: 'https://operon.example', SESSION_SECRET: 'x'.repeat(32), JWT_SECRET: 'y'.repeat(32) })
    const info = vi.spyOn(logger(), 'info')
    const warn = vi.spyOn(logger(), 'warn')
    try {
      const content = loginCodeMail({ firstName: 'Prod', code: '246813' })
      const id = await db.transaction((tx) => enqueueMail(tx, { to: 'prod@example.com', ...content }))
      expect(await deliverPendingMail(db)).toEqual({ sent: 0, failed: 0 })
      const lines = [...info.mock.calls, ...warn.mock.calls].map((c) => JSON.stringify(c))
      expect(lines.join('\n')).not.toContain('246813')
      expect(warn.mock.calls.some((c) => (c[0] as { mailId?: number }).mailId === id && String(c[1]).includes('SMTP_URL is not set'))).toBe(true)
      expect((await rowOf(db, id)).sentAt).toBeNull()
    } finally {
      info.mockRestore()
      warn.mockRestore()
      setEnv({ NODE_ENV: savedEnv.NODE_ENV, OPERON_LOCAL: savedEnv.OPERON_LOCAL, APP_URL: savedEnv.APP_URL, SESSION_SECRET: savedEnv.SESSION_SECRET, JWT_SECRET: savedEnv.JWT_SECRET })
    }
  })

  it('the worker delivers on kick, and kickMailWorker is a no-op once stopped', async () => {
    const worker = startMailWorker(db)
    try {
      const to = `worker-${driver}@example.com`
      await db.transaction((tx) => enqueueMail(tx, { to, subject: 'From the worker', text: 'kicked' }))
      kickMailWorker()
      kickMailWorker() // a kick during a run is folded into one more run, never an overlap
      const mail = await sink.waitFor((m) => m.to.includes(to), 5000)
      expect(mail.text).toBe('kicked')
    } finally {
      await worker.stop()
    }
    expect(() => kickMailWorker()).not.toThrow()
    await db.transaction((tx) => enqueueMail(tx, { to: 'after-stop@example.com', subject: 'S', text: 'T' }))
    kickMailWorker()
    await new Promise((r) => setTimeout(r, 200))
    expect(sink.messages.some((m) => m.to.includes('after-stop@example.com'))).toBe(false)
  })

  it('lists the newest messages first with only the shown columns', async () => {
    for (const n of [1, 2, 3]) {
      await db.transaction((tx) => enqueueMail(tx, { to: `list${n}@example.com`, subject: `S${n}`, text: `T${n}`, html: '<p>x</p>' }))
    }
    const list = await listOutbox(db, 2)
    expect(list.map((m) => m.to)).toEqual(['list3@example.com', 'list2@example.com'])
    expect(list[0]).not.toHaveProperty('htmlBody')
    expect(list[0]).toMatchObject({ subject: 'S3', text: 'T3', status: 'Pending', sentAt: null })
  })
})

describe('/dev/mailbox', () => {
  let db: Database
  beforeAll(() => {
    db = createTestDb()
    useAsAppDb(db)
  })
  afterAll(() => db.close())

  it('lists the outbox in local mode', async () => {
    setEnv({ SMTP_URL: undefined })
    await db.transaction((tx) => enqueueMail(tx, { to: 'page@example.com', subject: 'Hello', text: 'Code 111222' }))
    const data = await devMailbox.loader()
    expect(data.smtpConfigured).toBe(false)
    expect(data.messages[0]).toMatchObject({ to: 'page@example.com', subject: 'Hello', text: 'Code 111222', status: 'Pending' })
    expect(typeof data.messages[0]!.createdAt).toBe('string')
  })

  it('redirects to / outside local mode', async () => {
    setEnv({
      NODE_ENV: 'production',
      OPERON_LOCAL: undefined,
      APP_URL: 'https://operon.example',
      SESSION_SECRET: 'x'.repeat(32),
      JWT_SECRET: 'y'.repeat(32),
    })
    try {
      const thrown = await devMailbox.loader().then(
        () => null,
        (e: unknown) => e,
      )
      expect(thrown).toBeInstanceOf(Response)
      expect((thrown as Response).status).toBe(302)
      expect((thrown as Response).headers.get('location')).toBe('/')
    } finally {
      setEnv({
        NODE_ENV: savedEnv.NODE_ENV,
        OPERON_LOCAL: savedEnv.OPERON_LOCAL,
        APP_URL: savedEnv.APP_URL,
        SESSION_SECRET: savedEnv.SESSION_SECRET,
        JWT_SECRET: savedEnv.JWT_SECRET,
      })
    }
  })
})
