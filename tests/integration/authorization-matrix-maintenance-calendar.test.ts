/**
 * The authorization matrix (tests/helpers/authorization-matrix.ts) for the calendar feed's doors
 * (issue 35 point 3, decision 084): the person's own feed — status, a new link, revocation —
 * through tRPC and the profile page, for every signed-in person (their own feed only) and no one
 * signed out. Then the feed itself, whose token is the only key: as the owner company, the
 * operator company of an active assignment, the owner's repair shop and an unrelated company,
 * each person's feed carries the bus only where that person may see it.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#db/client.ts'
import { calendarFeeds, operatorAssignments } from '#db/schema/index.ts'
import { calendarFeedText, createCalendarFeed } from '#server/calendar/calendar-feeds.server.ts'
import * as profilePage from '#app/routes/_app+/profile.tsx'
import { allUsers, describeMatrix, OK, type UseCase } from '#tests/helpers/authorization-matrix.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { createCompany, createUser, grantRole, insertVehicle } from '#tests/helpers/factory.ts'

const CALENDAR_USE_CASES: UseCase[] = [
  {
    name: 'calendarFeedStatus',
    call: () => ({ trpc: { path: 'calendar.status', type: 'query' }, page: { handler: profilePage.loader, path: '/profile' } }),
    expect: allUsers(OK),
  },
  {
    name: 'createCalendarFeed',
    call: () => ({
      trpc: { path: 'calendar.create', type: 'mutation' },
      page: { handler: profilePage.action, path: '/profile', form: { intent: 'createCalendarFeed' } },
    }),
    expect: allUsers(OK),
  },
  {
    name: 'revokeCalendarFeed',
    call: () => ({
      trpc: { path: 'calendar.revoke', type: 'mutation' },
      page: { handler: profilePage.action, path: '/profile', form: { intent: 'revokeCalendarFeed' } },
    }),
    expect: allUsers(OK),
  },
]

describeMatrix(CALENDAR_USE_CASES)

describe('the feed: owner, operator, repair shop, unrelated company', () => {
  let db: Database
  const u = {} as Record<'owner' | 'operator' | 'shop' | 'unrelated' | 'endedOperator', number>
  let identifier = ''

  beforeAll(async () => {
    db = createTestDb()
    const ownerCo = await createCompany(db, 'Feed Owner', ['Owner'])
    const operatorCo = await createCompany(db, 'Feed Operator', ['Operator'])
    const endedCo = await createCompany(db, 'Feed Former Operator', ['Operator'])
    const shop = await createCompany(db, 'Feed Shop', ['RepairShop'])
    const unrelated = await createCompany(db, 'Feed Unrelated', ['Owner', 'Operator', 'RepairShop'])
    for (const [key, company, role] of [
      ['owner', ownerCo.id, 'Owner'],
      ['operator', operatorCo.id, 'Operator'],
      ['endedOperator', endedCo.id, 'Operator'],
      ['shop', shop.id, 'RepairShop'],
      ['unrelated', unrelated.id, 'Owner'],
    ] as const) {
      u[key] = (await createUser(db)).id
      await grantRole(db, u[key], company, role)
    }
    await grantRole(db, u.unrelated, unrelated.id, 'Operator')
    await grantRole(db, u.shop, shop.id, 'Mechanic')
    const today = new Date().toISOString().slice(0, 10)
    const bus = await insertVehicle(db, ownerCo.id, { nextInspection: today })
    identifier = bus.vehicleIdentifier
    await db.transaction(async (tx) => {
      await tx.insert(operatorAssignments).values({ vehicleId: bus.id, operatorCompanyId: operatorCo.id, startDate: today })
      // An assignment ended early gives its former operator nothing.
      await tx.insert(operatorAssignments).values({ vehicleId: bus.id, operatorCompanyId: endedCo.id, startDate: today, endedAt: new Date() })
    })
  })
  afterAll(async () => {
    await db.close()
  })

  async function feedOf(userId: number): Promise<string> {
    const made = await createCalendarFeed(await ctxFor(db, userId))
    const text = await calendarFeedText(db, decodeURIComponent(new URL(made.url).searchParams.get('token')!))
    expect(text).not.toBeNull()
    return text!
  }

  it('the owner and the operator of the active assignment see the bus; the repair shop, a former operator and an unrelated company do not', async () => {
    expect(await feedOf(u.owner)).toContain(identifier)
    expect(await feedOf(u.operator)).toContain(identifier)
    for (const who of [u.shop, u.endedOperator, u.unrelated]) {
      const text = await feedOf(who)
      expect(text).toContain('BEGIN:VCALENDAR')
      expect(text).not.toContain(identifier)
    }
  })

  it('a token opens its own person’s feed only, and only while it is live', async () => {
    const made = await createCalendarFeed(await ctxFor(db, u.unrelated))
    const token = decodeURIComponent(new URL(made.url).searchParams.get('token')!)
    expect(await calendarFeedText(db, token)).not.toContain(identifier)
    await db.transaction((tx) => tx.update(calendarFeeds).set({ revokedAt: new Date() }).where(eq(calendarFeeds.userId, u.unrelated)))
    expect(await calendarFeedText(db, token)).toBeNull()
    expect(await calendarFeedText(db, '')).toBeNull()
    expect(await calendarFeedText(db, null)).toBeNull()
  })
})
