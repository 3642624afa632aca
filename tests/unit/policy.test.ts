import { describe, expect, it } from 'vitest'
import type { Actor } from '#server/context/actor.ts'
import { buildMenu } from '#app/utils/menu.ts'
import { companiesWithRole, hasRole, requireRole, requireUser } from '#server/access/policy.ts'

const manager: Actor = {
  kind: 'user',
  userId: 1,
  email: 'm@x.test',
  firstName: 'M',
  lastName: 'X',
  sessionId: 's',
  via: 'web',
  memberships: [
    { companyId: 10, companyName: 'Ten', companyCode: 'OWN-AAAAAA', companyTypes: ['Owner', 'Operator'], roles: [{ id: 1, name: 'Owner' }] },
    { companyId: 20, companyName: 'Twenty', companyCode: 'OPR-BBBBBB', companyTypes: ['Operator'], roles: [{ id: 4, name: 'Driver' }] },
  ],
}

describe('policy', () => {
  it('requires a signed-in user (401) and a role in the named company (403)', () => {
    expect(() => requireUser({ kind: 'anonymous' })).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED', status: 401 }))
    expect(requireRole(manager, 10, ['Owner'])).toBe(manager)
    expect(() => requireRole(manager, 10, ['Operator'])).toThrow(expect.objectContaining({ code: 'FORBIDDEN', status: 403 }))
    expect(() => requireRole(manager, 20, ['Owner'])).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }))
    expect(() => requireRole(manager, 99, ['Owner'])).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }))
  })

  it('answers role questions per company', () => {
    expect(hasRole(manager, 20, ['Driver', 'Mechanic'])).toBe(true)
    expect(companiesWithRole(manager, ['Owner', 'Driver'])).toEqual([10, 20])
  })

  it('builds the menu: Personal, then a group per manager role held', () => {
    const menu = buildMenu(manager.kind === 'user' ? manager.memberships : [])
    expect(menu.map((g) => g.id)).toEqual(['personal', 'owner-10'])
    expect(menu[0]!.links.map((l) => l.label)).toEqual(['My Dashboard', 'My Profile'])
    expect(menu[1]!.links.map((l) => l.to)).toEqual(['/OwnerDashboard/10', '/fleet/10', '/ownerRequestPage/10', '/compliance/10', '/maintenance/10', '/maintenance/10/programs', '/costs/10', '/fuel/10', '/company/10/settings', '/company/10/webhooks', '/company/10/activity'])
  })

  it("gives a repair shop's mechanic the shop's Vehicle repairs page, and its manager no second link (decision 028)", () => {
    const memberships = [
      { companyId: 30, companyName: 'Garage', companyCode: 'RSH-CCCCCC', companyTypes: ['RepairShop'], roles: [{ id: 5, name: 'Mechanic' }] },
      { companyId: 40, companyName: 'In-house', companyCode: 'OPR-DDDDDD', companyTypes: ['Operator'], roles: [{ id: 5, name: 'Mechanic' }] },
      { companyId: 50, companyName: 'Shop Two', companyCode: 'RSH-EEEEEE', companyTypes: ['RepairShop'], roles: [{ id: 3, name: 'RepairShop' }, { id: 5, name: 'Mechanic' }] },
    ] as Extract<Actor, { kind: 'user' }>['memberships']
    const menu = buildMenu(memberships)
    expect(menu.map((g) => g.id)).toEqual(['personal', 'mechanic-30', 'repairshop-50'])
    expect(menu[1]!.links).toEqual([{ label: 'Repairs', to: '/repairActions/30' }])
    expect(menu[2]!.links.filter((l) => l.to === '/repairActions/50')).toHaveLength(1)
  })
})
