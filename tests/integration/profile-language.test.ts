/**
 * The profile's Language setting (decision 074): its form posts `locale` and `redirectTo=/profile`
 * to /language, which keeps the language on the account (users.locale) and sets this browser's
 * language cookie; the profile then comes back in that language.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { LOCALE_COOKIE } from '#catalog/i18n.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { callRoute as call } from '#tests/helpers/remix.ts'
import { createUser, webSessionFor } from '#tests/helpers/factory.ts'
import * as language from '#app/routes/language.tsx'
import * as profile from '#app/routes/_app+/profile.tsx'

let db: Database

beforeAll(() => {
  db = createTestDb()
  useAsAppDb(db)
})
afterAll(() => db.close())

async function localeOf(userId: number) {
  const [row] = await db.read.select({ locale: users.locale }).from(users).where(eq(users.id, userId))
  return row?.locale
}

/** The profile's loader with the session and language cookies, as the browser sends them. */
async function profileIn(cookie: string, locale: string) {
  const request = new Request('http://localhost/profile', { headers: { cookie: `operon_session=${cookie}; ${LOCALE_COOKIE}=${locale}` } })
  return (await profile.loader({ request, params: {}, context: { cspNonce: '', clientIp: '127.0.0.1' } })) as Awaited<ReturnType<typeof profile.loader>>
}

describe('the Language setting of /profile', () => {
  it('saves Español on the user, sets the language cookie and goes back to the profile', async () => {
    const user = await createUser(db)
    const cookie = await webSessionFor(db, user.id)
    const r = await call(language.action, '/language', cookie, new URLSearchParams({ locale: 'es', redirectTo: '/profile' }))
    expect(r).toMatchObject({ status: 302, location: '/profile' })
    expect(r.setCookies.some((c) => c.startsWith(`${LOCALE_COOKIE}=es;`))).toBe(true)
    expect(await localeOf(user.id)).toBe('es')

    // The profile then speaks Spanish: its title and its namespace's messages.
    const page = await profileIn(cookie, 'es')
    expect(page.title).toBe('Mi perfil')
    expect(page.messages['Change language']).toBe('Cambiar idioma')
  })

  it('goes back to English', async () => {
    const user = await createUser(db)
    const cookie = await webSessionFor(db, user.id)
    await call(language.action, '/language', cookie, new URLSearchParams({ locale: 'es', redirectTo: '/profile' }))
    const r = await call(language.action, '/language', cookie, new URLSearchParams({ locale: 'en', redirectTo: '/profile' }))
    expect(r).toMatchObject({ status: 302, location: '/profile' })
    expect(r.setCookies.some((c) => c.startsWith(`${LOCALE_COOKIE}=en;`))).toBe(true)
    expect(await localeOf(user.id)).toBe('en')
    expect((await profileIn(cookie, 'en')).title).toBe('My Profile')
  })

  it('ignores a language Operon does not speak', async () => {
    const user = await createUser(db)
    const cookie = await webSessionFor(db, user.id)
    const before = await localeOf(user.id)
    const r = await call(language.action, '/language', cookie, new URLSearchParams({ locale: 'fr', redirectTo: '/profile' }))
    expect(r).toMatchObject({ status: 302, location: '/profile' })
    expect(r.setCookies.some((c) => c.startsWith(`${LOCALE_COOKIE}=`))).toBe(false)
    expect(await localeOf(user.id)).toBe(before)
  })
})
