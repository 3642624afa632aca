import type { Membership } from '#server/actor.ts'
import { INSPECTOR_ROLES, type RoleName } from '#catalog/roles.ts'

export interface MenuLink {
  label: string
  to: string
}
export interface MenuGroup {
  /** Stable id for tests and keys, e.g. `personal`, `owner-3`. */
  id: string
  title: string
  links: MenuLink[]
}

/** Spec "Layout": the pages of each manager role, in the spec's order. */
const ROLE_PAGES: { role: RoleName; title: string; links: (id: number) => MenuLink[] }[] = [
  {
    role: 'Owner',
    title: 'Owner',
    links: (id) => [
      { label: 'Dashboard', to: `/OwnerDashboard/${id}` },
      { label: 'Fleet', to: `/fleet/${id}` },
      { label: 'Requests', to: `/ownerRequestPage/${id}` },
      // Issue 23 point 6 (decision 068): lease, 90-day check, annual inspection and defects per vehicle.
      { label: 'Compliance', to: `/compliance/${id}` },
    ],
  },
  {
    role: 'Operator',
    title: 'Operator',
    links: (id) => [
      { label: 'Dashboard', to: `/OperatorDashboard/${id}` },
      { label: 'Fleet', to: `/fleetOperator/${id}` },
      { label: 'Vehicle requests', to: `/operatorRequestPage/${id}` },
      { label: 'Employees', to: `/employees/${id}` },
      { label: 'Join requests', to: `/joinRequests/${id}` },
    ],
  },
  {
    role: 'RepairShop',
    title: 'Repair Shop',
    links: (id) => [
      { label: 'Employees', to: `/employeesRS/${id}` },
      { label: 'Join requests', to: `/joinRequestsRS/${id}` },
      { label: 'Repairs', to: `/repairActions/${id}` },
    ],
  },
]

/** A repair shop's mechanics complete tasks on its "Vehicle repairs" page too (decision 028). */
const MECHANIC_PAGES = (id: number): MenuLink[] => [{ label: 'Repairs', to: `/repairActions/${id}` }]

/** The side menu: the Personal group, then one group per company and manager role held. */
export function buildMenu(memberships: Membership[]): MenuGroup[] {
  const personal: MenuGroup = {
    id: 'personal',
    title: 'Personal',
    links: [
      { label: 'My Dashboard', to: '/dashboard' },
      { label: 'My Profile', to: '/profile' },
    ],
  }
  if (memberships.some((m) => m.roles.some((r) => (INSPECTOR_ROLES as readonly string[]).includes(r.name)))) {
    personal.links.push({ label: 'New inspection', to: '/InspectionPage' })
  }
  const groups = [personal]
  for (const m of memberships) {
    let first = true
    for (const page of ROLE_PAGES) {
      if (!m.roles.some((r) => r.name === page.role)) continue
      const links = page.links(m.companyId)
      // Company settings, once per company, in its first manager group.
      if (first) links.push({ label: 'Company settings', to: `/company/${m.companyId}/settings` })
      first = false
      groups.push({ id: `${page.role.toLowerCase()}-${m.companyId}`, title: `${m.companyName} · ${page.title}`, links })
    }
    const roleNames = m.roles.map((r) => r.name)
    if (roleNames.includes('Mechanic') && !roleNames.includes('RepairShop') && m.companyTypes.includes('RepairShop')) {
      groups.push({ id: `mechanic-${m.companyId}`, title: `${m.companyName} · Mechanic`, links: MECHANIC_PAGES(m.companyId) })
    }
  }
  return groups
}
