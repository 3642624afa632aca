/**
 * Decision 074: an email is written in its recipient's language (`users.locale`), whatever the
 * language of whoever made it send; REST answers stay English whatever the request asks, while
 * the same refusal through tRPC follows the page's language (the `operon_lng` cookie).
 */
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { companies, users } from '#db/schema/index.ts'
import type { Locale } from '#catalog/i18n.ts'
import { startLogin } from '#server/auth/login.server.ts'
import { hashPassword } from '#server/auth/password.server.ts'
import { sendPasswordResetLink } from '#server/auth/password-reset.server.ts'
import { runAlertDigests } from '#server/alerts/alert-digest.server.ts'
import { resetEnvCache } from '#server/env.server.ts'
import { deliverPendingMail } from '#server/mail/delivery.server.ts'
import { anon } from '#tests/helpers/auth.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, insertVehicle, webSessionFor } from '#tests/helpers/factory.ts'
import { APP_ORIGIN, raw, startApp, type RunningApp } from '#tests/helpers/http-app.ts'
import { startSmtpSink, type SmtpSink } from '#tests/helpers/smtp-sink.ts'

const PASSWORD = 'Correct-horse-9'
const savedEnv = { ...process.env }

describe('emails in the recipient language', () => {
  let db: Database
  let sink: SmtpSink
  const people: Record<Locale, { id: number; email: string }> = {} as never

  beforeAll(async () => {
    db = createTestDb()
    useAsAppDb(db)
    sink = await startSmtpSink()
    process.env.SMTP_URL = sink.url
    process.env.MAIL_FROM = 'Operon Test <no-reply@operon.test>'
    resetEnvCache()
    const passwordHash = await hashPassword(PASSWORD)
    for (const locale of ['en', 'es'] as const) {
      const u = await createUser(db, { firstName: locale === 'es' ? 'Lucía' : 'Ann', passwordHash })
      await db.transaction((tx) => tx.update(users).set({ locale, twoFactorType: 1 }).where(eq(users.id, u.id)))
      people[locale] = { id: u.id, email: u.email! }
    }
  })
  afterAll(async () => {
    await sink.close()
    await db.close()
    for (const k of Object.keys(process.env)) if (!(k in savedEnv)) delete process.env[k]
    Object.assign(process.env, savedEnv)
    resetEnvCache()
  })

  const delivered = async (to: string, subject: RegExp) => {
    await deliverPendingMail(db)
    return sink.waitFor((m) => m.to.includes(to) && subject.test(m.subject), 5000)
  }

  it('sends the sign-in code in Spanish to a Spanish-speaking user, in English to the others', async () => {
    await startLogin(anon(db), { username: people.es.email, password: PASSWORD })
    const es = await delivered(people.es.email, /código/)
    expect(es.subject).toBe('Su código de inicio de sesión de Operon')
    expect(es.text).toContain('Hola, Lucía:')
    expect(es.text).toContain('El código es válido por 10 minutos.')
    expect(es.text).toMatch(/\b\d{6}\b/)
    expect(es.html).toContain('<html lang="es">')
    expect(es.html).toContain('Recibe este correo por su cuenta de Operon.')

    await startLogin(anon(db), { username: people.en.email, password: PASSWORD })
    const en = await delivered(people.en.email, /sign-in code/)
    expect(en.subject).toBe('Your Operon sign-in code')
    expect(en.text).toContain('Hi Ann,')
    expect(en.text).toContain('The code is valid for 10 minutes.')
    expect(en.html).toContain('<html lang="en">')
  })

  it('sends the password reset link in the recipient language, whatever the language of the request', async () => {
    // The request comes from a page in English; the account says Spanish.
    await sendPasswordResetLink({ ...anon(db), locale: 'en' }, { email: people.es.email })
    const es = await delivered(people.es.email, /Restablezca/)
    expect(es.subject).toBe('Restablezca su contraseña de Operon')
    expect(es.text).toContain('Elegir una contraseña nueva:')
    expect(es.text).toContain('El enlace es válido por 1 hora')
    expect(es.text).toContain('/reset-password?token=')

    await sendPasswordResetLink({ ...anon(db), locale: 'es' }, { email: people.en.email })
    const en = await delivered(people.en.email, /Reset your/)
    expect(en.subject).toBe('Reset your Operon password')
    expect(en.text).toContain('Choose a new password:')
  })

  it('writes the morning alert digest in each manager language, with dates as each reads them', async () => {
    const company = (await createCompany(db, 'Sol <Charters>', ['Owner'])).id
    await db.transaction((tx) => tx.update(companies).set({ timeZone: 'America/Los_Angeles' }).where(inArray(companies.id, [company])))
    await grantRole(db, people.es.id, company, 'Owner')
    await grantRole(db, people.en.id, company, 'Owner')
    await insertVehicle(db, company, { vehicleIdentifier: 'BUS-ES-1', licenseExpiry: '2026-06-10', insuranceExpiry: '2026-07-01' })
    const results = await runAlertDigests(db, new Date('2026-06-15T14:05:00Z'), { hour: 7, appUrl: APP_ORIGIN })
    expect(results).toContainEqual({ companyId: company, localDate: '2026-06-15', alerts: 2, recipients: 2 })

    const es = await delivered(people.es.email, /alertas/)
    expect(es.subject).toBe('Operon: 2 alertas de Sol <Charters> al 15 jun 2026')
    expect(es.text).toContain('Sol <Charters> tiene 1 alerta (vencen hoy o ya vencieron) y 1 advertencia (dentro de 30 días) al 15 jun 2026')
    expect(es.text).toContain('NUEVA · Alerta · BUS-ES-1 · Vencimiento de la licencia · 10 jun 2026')
    expect(es.text).toContain('Vencimiento del seguro · 1 jul 2026')
    expect(es.text).toContain('Enviarme por correo el resumen matutino de alertas')
    expect(es.html).toContain('Sol &lt;Charters&gt;')

    const en = await delivered(people.en.email, /alerts/)
    expect(en.subject).toBe('Operon: 2 alerts for Sol <Charters> on 2026-06-15')
    expect(en.text).toContain('NEW · Alert · BUS-ES-1 · License expiry · 2026-06-10')
    expect(en.text).toContain('Email me the morning alert digest')
  })
})

describe('errors: REST stays English, tRPC follows the page language', () => {
  let db: Database
  let app: RunningApp
  let token: string
  let session: string
  let operatorCompanyId: number

  beforeAll(async () => {
    db = createTestDb()
    const user = await createUser(db, { firstName: 'Olga' })
    operatorCompanyId = (await createCompany(db, 'Operadora Uno', ['Operator'])).id
    await grantRole(db, user.id, operatorCompanyId, 'Operator')
    token = await apiTokenFor(db, user.id)
    session = await webSessionFor(db, user.id)
    app = await startApp(db)
  }, 120_000)
  afterAll(async () => {
    await app.close()
    await db.close()
  })

  const spanish = { 'accept-language': 'es-US,es;q=0.9', cookie: 'operon_lng=es' }

  it('REST answers the refusal in English even when asked for Spanish', async () => {
    const res = await raw(app.base, 'POST', `/api/VehicleOperator/999999/cancel?operatorCompanyId=${operatorCompanyId}`, {
      headers: { ...spanish, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(res.status).toBe(404)
    expect(JSON.parse(res.body)).toMatchObject({ message: 'Request not found' })
  })

  it('tRPC answers the same refusal in Spanish with the language cookie, in English without it', async () => {
    const call = (cookie: string) =>
      raw(app.base, 'POST', '/trpc/vehicleRequests.cancel', {
        headers: { origin: APP_ORIGIN, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ id: 999999, operatorCompanyId }),
      })
    const es = await call(`operon_session=${session}; operon_lng=es`)
    expect(es.status).toBe(404)
    expect(JSON.parse(es.body)).toMatchObject({ error: { message: 'No se encontró la solicitud', data: { code: 'NOT_FOUND' } } })

    const en = await call(`operon_session=${session}`)
    expect(en.status).toBe(404)
    expect(JSON.parse(en.body)).toMatchObject({ error: { message: 'Request not found' } })
  })
})
