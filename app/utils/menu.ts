import type { Membership } from '#server/context/actor.ts'
import { msg } from '#catalog/i18n.ts'
import { INSPECTOR_ROLES, type RoleName } from '#catalog/roles.ts'

/** Labels and titles are English, marked with `msg()`; the side menu translates them (decision 074). */
export interface MenuLink {
  label: string
  to: string
}
export interface MenuGroup {
  /** Stable id for tests and keys, e.g. `personal`, `owner-3`. */
  id: string
  /** The group's title ("Personal", "Owner"); a company's groups show `company · title`. */
  title: string
  /** The company's name, for a company's group. */
  company?: string
  links: MenuLink[]
}

/** Spec "Layout": the pages of each manager role, in the spec's order. */
const ROLE_PAGES: { role: RoleName; title: string; links: (id: number) => MenuLink[] }[] = [
  {
    role: 'Owner',
    title: msg('Owner'),
    links: (id) => [
      { label: msg('Dashboard'), to: `/OwnerDashboard/${id}` },
      { label: msg('Fleet'), to: `/fleet/${id}` },
      { label: msg('Requests'), to: `/ownerRequestPage/${id}` },
      // Issue 23 point 6 (decision 068): lease, 90-day check, annual inspection and defects per vehicle.
      { label: msg('Compliance'), to: `/compliance/${id}` },
      // Issue 35 (decision 084): the due list of the whole fleet, and the service programs behind it.
      { label: msg('Maintenance'), to: `/maintenance/${id}` },
      { label: msg('Service programs'), to: `/maintenance/${id}/programs` },
      // Issue 36 (decision 085): cost per mile of the fleet, and the fuel and energy log.
      { label: msg('Costs'), to: `/costs/${id}` },
      { label: msg('Fuel'), to: `/fuel/${id}` },
    ],
  },
  {
    role: 'Operator',
    title: msg('Operator'),
    links: (id) => [
      { label: msg('Dashboard'), to: `/OperatorDashboard/${id}` },
      { label: msg('Fleet'), to: `/fleetOperator/${id}` },
      // Issue 35: the due items of the buses assigned to the operator, read-only.
      { label: msg('Maintenance'), to: `/maintenance/${id}` },
      // Issue 36: the costs charged to the operator, and its fuel and energy records.
      { label: msg('Costs'), to: `/costs/${id}` },
      { label: msg('Fuel'), to: `/fuel/${id}` },
      { label: msg('Vehicle requests'), to: `/operatorRequestPage/${id}` },
      { label: msg('Employees'), to: `/employees/${id}` },
      // Issue 37 (decision 086): the drivers' qualification files and tests, and their hours of service.
      { label: msg('Driver files'), to: `/driverFiles/${id}` },
      { label: msg('Hours of service'), to: `/hours/${id}` },
      { label: msg('Join requests'), to: `/joinRequests/${id}` },
    ],
  },
  {
    role: 'RepairShop',
    title: msg('Repair Shop'),
    links: (id) => [
      { label: msg('Employees'), to: `/employeesRS/${id}` },
      { label: msg('Join requests'), to: `/joinRequestsRS/${id}` },
      { label: msg('Repairs'), to: `/repairActions/${id}` },
    ],
  },
]

/** A repair shop's mechanics complete tasks on its "Vehicle repairs" page too (decision 028). */
const MECHANIC_PAGES = (id: number): MenuLink[] => [{ label: msg('Repairs'), to: `/repairActions/${id}` }]

/** The side menu: the Personal group, then one group per company and manager role held. */
export function buildMenu(memberships: Membership[]): MenuGroup[] {
  const personal: MenuGroup = {
    id: 'personal',
    title: msg('Personal'),
    links: [
      { label: msg('My Dashboard'), to: '/dashboard' },
      { label: msg('My Profile'), to: '/profile' },
    ],
  }
  if (memberships.some((m) => m.roles.some((r) => (INSPECTOR_ROLES as readonly string[]).includes(r.name)))) {
    personal.links.push({ label: msg('New inspection'), to: '/InspectionPage' })
  }
  const groups = [personal]
  for (const m of memberships) {
    let first = true
    for (const page of ROLE_PAGES) {
      if (!m.roles.some((r) => r.name === page.role)) continue
      const links = page.links(m.companyId)
      // Company settings, webhooks and the activity log (issue 26), once per company, in its first manager group.
      if (first)
        links.push(
          { label: msg('Company settings'), to: `/company/${m.companyId}/settings` },
          { label: msg('Webhooks'), to: `/company/${m.companyId}/webhooks` },
          { label: msg('Activity log'), to: `/company/${m.companyId}/activity` },
        )
      first = false
      groups.push({ id: `${page.role.toLowerCase()}-${m.companyId}`, title: page.title, company: m.companyName, links })
    }
    const roleNames = m.roles.map((r) => r.name)
    if (roleNames.includes('Mechanic') && !roleNames.includes('RepairShop') && m.companyTypes.includes('RepairShop')) {
      groups.push({ id: `mechanic-${m.companyId}`, title: msg('Mechanic'), company: m.companyName, links: MECHANIC_PAGES(m.companyId) })
    }
  }
  return groups
}
