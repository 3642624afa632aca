import { eq } from 'drizzle-orm'
import { imageSize } from 'image-size'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { userLicenses, userPhotos, users, webSessions } from '#db/schema/index.ts'
import { getProfile } from '#server/auth/profile.server.ts'
import { TEXT } from '#catalog/texts.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { callRoute as call } from '#tests/helpers/remix.ts'
import { actorFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import { givePassword, reauthProof } from '#tests/helpers/reauth.ts'
import * as completeProfile from '#app/routes/_app+/completeProfile.tsx'
import * as profile from '#app/routes/_app+/profile.tsx'

let db: Database

const fields = (over: Record<string, string> = {}) => ({
  firstName: 'Dana',
  lastName: 'Rivers',
  dateOfBirth: '1988-04-12',
  gender: '1',
  countryCode: 'US',
  comesFromState: 'CA',
  phoneNumber: '+1 415 555 0101',
  ...over,
})

async function newUser(twoFactorType: 0 | 1 = 1) {
  const user = await createUser(db)
  if (twoFactorType === 0) {
    await db.transaction((tx) => tx.update(users).set({ twoFactorType: 0, totpSecret: 'JBSWY3DPEHPK3PXP' }).where(eq(users.id, user.id)))
  }
  await givePassword(db, user.id)
  return { user, cookie: await webSessionFor(db, user.id) }
}

/** The confirmation form with the password and a current code (decision 021). */
async function confirmed(intent: string, userId: number) {
  return new URLSearchParams({ intent, ...(await reauthProof(db, userId)) })
}

async function profileOf(userId: number) {
  return getProfile({ db, actor: await actorFor(db, userId) })
}

/** The edit form as the browser posts it (multipart), license rows as repeated fields. */
function editForm(
  f: Record<string, string>,
  licenses: { licenseTypeId: string; licenseNumber: string; state: string; expiryDate: string }[],
  photo?: File,
) {
  const form = new FormData()
  form.set('intent', 'updateProfile')
  for (const [k, v] of Object.entries(f)) form.set(k, v)
  form.set('photo', photo ?? new File([], '', { type: 'application/octet-stream' }))
  for (const l of licenses) {
    form.append('licenseTypeId', l.licenseTypeId)
    form.append('licenseNumber', l.licenseNumber)
    form.append('licenseState', l.state)
    form.append('licenseExpiryDate', l.expiryDate)
  }
  form.set('licensesSubmitted', '1')
  return form
}

// A real 1×1 PNG.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

beforeAll(() => {
  db = createTestDb()
  useAsAppDb(db)
})
afterAll(() => db.close())

describe('/completeProfile', () => {
  it('prefills from the user info, saves and goes to /dashboard with the success toast', async () => {
    const { user, cookie } = await newUser()
    const page = await call(completeProfile.loader, '/completeProfile', cookie)
    expect(page.data).toMatchObject({ values: { firstName: 'Test', gender: '3', countryCode: 'US', dateOfBirth: '' } })

    const r = await call(completeProfile.action, '/completeProfile', cookie, new URLSearchParams(fields()))
    expect(r.status).toBe(302)
    expect(r.location).toBe('/dashboard')
    expect(r.setCookies.some((c) => c.startsWith('operon_toast='))).toBe(true)
    const [row] = await db.read.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({
      firstName: 'Dana',
      lastName: 'Rivers',
      dateOfBirth: '1988-04-12',
      gender: 1,
      countryCode: 'US',
      comesFromState: 'CA',
      phoneNumber: '+1 415 555 0101',
    })
  })

  it('asks for the state for the US and keeps every value typed', async () => {
    const { user, cookie } = await newUser()
    const typed = fields({ comesFromState: '', firstName: 'Kept', phoneNumber: '555 0199 22' })
    const r = await call(completeProfile.action, '/completeProfile', cookie, new URLSearchParams(typed))
    expect(r.status).toBe(400)
    expect(r.data?.fieldErrors).toEqual({ comesFromState: 'State is required for the United States' })
    expect(r.data?.values).toEqual(typed)
    const [row] = await db.read.select().from(users).where(eq(users.id, user.id))
    expect(row!.firstName).toBe('Test')
  })

  it('names each missing field', async () => {
    const { cookie } = await newUser()
    const r = await call(
      completeProfile.action,
      '/completeProfile',
      cookie,
      new URLSearchParams(fields({ firstName: ' ', dateOfBirth: '', phoneNumber: '' })),
    )
    expect(r.status).toBe(400)
    expect(r.data?.fieldErrors).toMatchObject({
      firstName: 'First name is required',
      dateOfBirth: 'Date of birth is required',
      phoneNumber: 'Phone number is required',
    })
  })

  it('ignores the state for other countries', async () => {
    const { user, cookie } = await newUser()
    const r = await call(
      completeProfile.action,
      '/completeProfile',
      cookie,
      new URLSearchParams(fields({ countryCode: 'DE', comesFromState: 'TX' })),
    )
    expect(r).toMatchObject({ status: 302, location: '/dashboard' })
    const [row] = await db.read.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ countryCode: 'DE', comesFromState: null })
  })

  it('sends a visitor without a session to /login', async () => {
    const r = await call(completeProfile.action, '/completeProfile', undefined, new URLSearchParams(fields()))
    expect(r).toMatchObject({ status: 302, location: '/login?redirectTo=%2FcompleteProfile' })
  })
})

describe('/profile', () => {
  it('shows the profile, licenses, companies with role labels and the join date', async () => {
    const { user, cookie } = await newUser()
    const co = await createCompany(db, 'Profile Test Lines', ['Operator'])
    await grantRole(db, user.id, co.id, 'Driver')
    await grantRole(db, user.id, co.id, 'Operator')
    const r = await call(profile.loader, '/profile', cookie)
    expect(r.data).toMatchObject({
      title: 'My Profile',
      editInline: false,
      profile: { id: user.id, username: user.email, photo: null, userLicenses: [], twoFactorType: 1 },
      companies: [{ companyId: co.id, companyName: 'Profile Test Lines', roles: expect.arrayContaining(['Driver', 'Operator']) }],
    })
    expect(r.data?.joinDateLabel).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
    expect((await call(profile.loader, '/profile?edit=1', cookie)).data?.editInline).toBe(true)
  })

  it('saves the edit form and replaces the licenses, ignoring blank and removed rows', async () => {
    const { user, cookie } = await newUser()
    await db.transaction((tx) =>
      tx.insert(userLicenses).values([
        { userId: user.id, licenseTypeId: 2, licenseNumber: 'OLD-1', state: 'CA', expiryDate: '2030-01-01' },
        { userId: user.id, licenseTypeId: 7, licenseNumber: 'OLD-2', state: null, expiryDate: null },
      ]),
    )
    const form = editForm(fields({ firstName: 'Edited', countryCode: 'US', comesFromState: 'NV' }), [
      { licenseTypeId: '8', licenseNumber: 'CDL-77', state: 'NV', expiryDate: '2031-06-30' },
      { licenseTypeId: '', licenseNumber: '', state: '', expiryDate: '' }, // blank: ignored
      { licenseTypeId: '1', licenseNumber: 'HAZ-1', state: '', expiryDate: '' },
      { licenseTypeId: '2', licenseNumber: 'GONE', state: '', expiryDate: '' }, // ticked "Remove"
    ])
    form.append('licenseRemove', '3')
    const r = await call(profile.action, '/profile', cookie, form)
    expect(r).toMatchObject({ status: 302, location: '/profile' })
    const p = await profileOf(user.id)
    expect(p).toMatchObject({ firstName: 'Edited', comesFromState: 'NV' })
    expect(p.userLicenses).toEqual([
      { licenseTypeId: 8, licenseNumber: 'CDL-77', state: 'NV', expiryDate: '2031-06-30' },
      { licenseTypeId: 1, licenseNumber: 'HAZ-1', state: null, expiryDate: null },
    ])
  })

  it('reports license errors by row, keeps the rows typed and saves nothing', async () => {
    const { user, cookie } = await newUser()
    const rows = [
      { licenseTypeId: '2', licenseNumber: 'A-1', state: '', expiryDate: '' },
      { licenseTypeId: '', licenseNumber: 'NO-TYPE', state: '', expiryDate: '' },
    ]
    const r = await call(profile.action, '/profile', cookie, editForm(fields({ firstName: 'Nope' }), rows))
    expect(r.status).toBe(400)
    expect(r.data).toMatchObject({
      intent: 'updateProfile',
      formError: 'Please correct the fields marked below.',
      fieldErrors: { 'userLicenses.1.licenseTypeId': 'Choose a license type' },
      values: { licenses: rows, fields: { firstName: 'Nope' } },
    })
    const p = await profileOf(user.id)
    expect(p.firstName).toBe('Test')
    expect(p.userLicenses).toEqual([])
  })

  it('saves a real picture, then removes it with "Remove photo"', async () => {
    const { user, cookie } = await newUser()
    const add = await call(
      profile.action,
      '/profile',
      cookie,
      editForm(fields(), [], new File([PNG_1X1], 'me.png', { type: 'image/png' })),
    )
    expect(add).toMatchObject({ status: 302, location: '/profile' })
    // Stored re-encoded (decision 022): a 1×1 PNG, not the uploaded bytes.
    expect(imageSize(Buffer.from((await profileOf(user.id)).profilePhoto!, 'base64'))).toMatchObject({ type: 'png', width: 1, height: 1 })
    const page = await call(profile.loader, '/profile', cookie)
    expect((page.data?.profile as { photo: string }).photo).toMatch(/^data:image\/png;base64,iVBOR/)

    // A save without a file keeps the photo.
    await call(profile.action, '/profile', cookie, editForm(fields({ lastName: 'Again' }), []))
    expect((await profileOf(user.id)).profilePhoto).not.toBeNull()

    const form = editForm(fields(), [])
    form.set('removePhoto', '1')
    expect(await call(profile.action, '/profile', cookie, form)).toMatchObject({ status: 302 })
    expect((await profileOf(user.id)).profilePhoto).toBeNull()
  })

  it('refuses an HTML file renamed .png and saves nothing', async () => {
    const { user, cookie } = await newUser()
    const html = new File(['<!doctype html><html><body><script>alert(1)</script></body></html>'], 'photo.png', {
      type: 'image/png',
    })
    const r = await call(
      profile.action,
      '/profile',
      cookie,
      editForm(fields({ firstName: 'Sneaky' }), [{ licenseTypeId: '2', licenseNumber: 'X', state: '', expiryDate: '' }], html),
    )
    expect(r.status).toBe(415)
    expect(r.data).toMatchObject({
      intent: 'updateProfile',
      fieldErrors: { profilePhoto: 'The image must be a JPEG, PNG or WebP picture' },
      values: { fields: { firstName: 'Sneaky' } },
    })
    const p = await profileOf(user.id)
    expect(p).toMatchObject({ firstName: 'Test', profilePhoto: null, userLicenses: [] })
    expect(await db.read.select().from(userPhotos).where(eq(userPhotos.userId, user.id))).toEqual([])
  })

  it('refuses a photo over the upload limit, keeping the typed values', async () => {
    const { user, cookie } = await newUser()
    const big = new File([Buffer.alloc(2_600_000, 1)], 'big.jpg', { type: 'image/jpeg' })
    const r = await call(profile.action, '/profile', cookie, editForm(fields({ firstName: 'Big' }), [], big))
    expect(r.status).toBe(413)
    expect(r.data).toMatchObject({ fieldErrors: { profilePhoto: 'The image is larger than 2 MB' }, values: { fields: { firstName: 'Big' } } })
    expect((await profileOf(user.id)).firstName).toBe('Test')
  })

  it('refuses to reset the authenticator of an Email account', async () => {
    const { user, cookie } = await newUser(1)
    const r = await call(profile.action, '/profile', cookie, new URLSearchParams({ intent: 'resetAuthenticator' }))
    expect(r.status).toBe(400)
    expect(r.data).toMatchObject({ intent: 'resetAuthenticator', qr: null, formError: expect.stringMatching(/email/i) })
    const [row] = await db.read.select().from(users).where(eq(users.id, user.id))
    expect(row!.totpSecret).toBeNull()
  })

  it('resets the authenticator of an Authenticator account and returns the new QR', async () => {
    const { user, cookie } = await newUser(0)
    const r = await call(profile.action, '/profile', cookie, await confirmed('resetAuthenticator', user.id))
    expect(r.status).toBe(200)
    const qr = (r.data as { qr: { qrDataUrl: string; secretKey: string; userEmail: string } }).qr
    expect(qr.qrDataUrl).toMatch(/^data:image\/png;base64,/)
    expect(qr.userEmail).toBe(user.email)
    const [row] = await db.read.select().from(users).where(eq(users.id, user.id))
    expect(row!.totpSecret).toBe(qr.secretKey)
    expect(row!.totpSecret).not.toBe('JBSWY3DPEHPK3PXP')
  })

  it('refuses to delete the last active manager of a company, with the reason, and keeps the account', async () => {
    const { user, cookie } = await newUser()
    const co = await createCompany(db, 'Sole Manager Coaches', ['Owner'])
    await grantRole(db, user.id, co.id, 'Owner')
    const r = await call(profile.action, '/profile', cookie, await confirmed('deleteAccount', user.id))
    expect(r.status).toBe(409)
    expect(r.data).toMatchObject({ intent: 'deleteAccount', formError: `${TEXT.lastManager} (Sole Manager Coaches)`, fieldErrors: {} })
    const [row] = await db.read.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ email: user.email, deletedAt: null })
    expect((await call(profile.loader, '/profile', cookie)).status).toBe(200)
  })

  it('deletes the account, clears the cookie and ends the session', async () => {
    const { user, cookie } = await newUser()
    const co = await createCompany(db, 'Shared Charter', ['Operator'])
    const other = await createUser(db)
    await grantRole(db, other.id, co.id, 'Operator')
    await grantRole(db, user.id, co.id, 'Operator')
    await grantRole(db, user.id, co.id, 'Driver')
    const r = await call(profile.action, '/profile', cookie, await confirmed('deleteAccount', user.id))
    expect(r).toMatchObject({ status: 302, location: '/login' })
    expect(r.setCookies.some((c) => /^operon_session=;.*Max-Age=0/.test(c))).toBe(true)
    expect(r.setCookies.some((c) => c.startsWith('operon_toast='))).toBe(true)
    const [row] = await db.read.select().from(users).where(eq(users.id, user.id))
    expect(row).toMatchObject({ email: null, passwordHash: null })
    expect(row!.deletedAt).not.toBeNull()
    const sessions = await db.read.select().from(webSessions).where(eq(webSessions.userId, user.id))
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true)
    // The old cookie, replayed, opens nothing.
    expect(await call(profile.loader, '/profile', cookie)).toMatchObject({ status: 302, location: '/login?redirectTo=%2Fprofile' })
  })

  it('answers an unknown intent with 400', async () => {
    const { cookie } = await newUser()
    const r = await call(profile.action, '/profile', cookie, new URLSearchParams({ intent: 'nope' }))
    expect(r).toMatchObject({ status: 400, data: { intent: 'unknown' } })
  })
})
