/**
 * The demo cast: five companies of a small US bus sector, their people, memberships, join
 * requests, licenses, who drives what, and the plan of vehicle requests and assignments.
 * Plain data; the seed's parts turn it into rows.
 */
import type { CompanyType, RoleName } from '#catalog/roles.ts'
import type { VehicleRequestStatus } from '#catalog/statuses.ts'

export type CompanyKey = 'cascade' | 'summit' | 'evergreen' | 'pacific' | 'keystone'

export interface CompanySpec {
  key: CompanyKey
  name: string
  /** The company code's part after its prefix, fixed so the demo's codes stay the same; the prefix follows `types` as for a new company. */
  codeBody: string
  types: CompanyType[]
  timeZone: string
  /** The company's postal address (the lease agreements print it, decision 064). */
  address: string
  manager: string
  createdDaysAgo: number
  repairShop: CompanyKey | null
}

export const COMPANIES: CompanySpec[] = [
  {
    key: 'cascade',
    name: 'Cascade Coach Lines',
    codeBody: '7H2K9Q',
    types: ['Owner', 'Operator', 'RepairShop'],
    timeZone: 'America/Los_Angeles',
    address: '2400 Industrial Way, Eugene, OR 97402',
    manager: 'cascade',
    createdDaysAgo: 820,
    repairShop: 'cascade',
  },
  {
    key: 'summit',
    name: 'Summit Bus Leasing',
    codeBody: '4MX8RW',
    types: ['Owner'],
    timeZone: 'America/Boise',
    address: '815 W Bannock Street, Boise, ID 83702',
    manager: 'owner',
    createdDaysAgo: 790,
    repairShop: 'keystone',
  },
  {
    key: 'evergreen',
    name: 'Evergreen Student Transportation',
    codeBody: 'K3T9VP',
    types: ['Operator'],
    timeZone: 'America/Los_Angeles',
    address: '3100 S Hood Street, Tacoma, WA 98409',
    manager: 'operator',
    createdDaysAgo: 760,
    repairShop: null,
  },
  {
    key: 'pacific',
    name: 'Pacific Crest Charters',
    codeBody: '2WQ6HN',
    types: ['Operator'],
    timeZone: 'America/Los_Angeles',
    address: '1750 NW Front Avenue, Portland, OR 97209',
    manager: 'charter',
    createdDaysAgo: 740,
    repairShop: null,
  },
  {
    key: 'keystone',
    name: 'Keystone Fleet Repair',
    codeBody: '9RB5JC',
    types: ['RepairShop'],
    timeZone: 'America/Los_Angeles',
    address: '44 Keystone Lane, Salem, OR 97301',
    manager: 'repairshop',
    createdDaysAgo: 770,
    repairShop: null,
  },
]

export interface PersonSpec {
  key: string
  first: string
  last: string
  gender: 0 | 1 | 2 | 3
  state: string
  born: string
}

/** Everyone except the demo logins' own names (which come from logins.ts). */
export const PEOPLE: PersonSpec[] = [
  // demo logins (names from DEMO_LOGINS)
  { key: 'cascade', first: '', last: '', gender: 1, state: 'WA', born: '1976-03-14' },
  { key: 'owner', first: '', last: '', gender: 0, state: 'ID', born: '1969-11-02' },
  { key: 'operator', first: '', last: '', gender: 1, state: 'WA', born: '1983-06-21' },
  { key: 'charter', first: '', last: '', gender: 0, state: 'OR', born: '1979-09-09' },
  { key: 'repairshop', first: '', last: '', gender: 1, state: 'WA', born: '1985-01-30' },
  { key: 'driver', first: '', last: '', gender: 0, state: 'WA', born: '1988-04-17' },
  { key: 'mechanic', first: '', last: '', gender: 0, state: 'WA', born: '1981-12-05' },
  // staff
  { key: 'maria', first: 'Maria', last: 'Gonzalez', gender: 1, state: 'WA', born: '1974-08-23' },
  { key: 'tyler', first: 'Tyler', last: 'Brooks', gender: 0, state: 'WA', born: '1992-02-11' },
  { key: 'aisha', first: 'Aisha', last: 'Johnson', gender: 1, state: 'WA', born: '1987-10-03' },
  { key: 'kevin', first: 'Kevin', last: 'Nguyen', gender: 0, state: 'OR', born: '1980-05-28' },
  { key: 'rosa', first: 'Rosa', last: 'Martinez', gender: 1, state: 'OR', born: '1990-07-19' },
  { key: 'ethan', first: 'Ethan', last: 'Walker', gender: 0, state: 'WA', born: '1978-01-08' },
  { key: 'brianna', first: 'Brianna', last: 'Scott', gender: 1, state: 'WA', born: '1995-03-27' },
  { key: 'derek', first: 'Derek', last: 'Foster', gender: 0, state: 'WA', born: '1977-12-15' },
  { key: 'olivia', first: 'Olivia', last: 'Chen', gender: 1, state: 'WA', born: '1993-09-12' },
  { key: 'nina', first: 'Nina', last: 'Patel', gender: 1, state: 'WA', born: '1986-04-04' },
  // applicants (join requests only)
  { key: 'carlos', first: 'Carlos', last: 'Diaz', gender: 0, state: 'WA', born: '1991-11-20' },
  { key: 'frank', first: 'Frank', last: 'Miller', gender: 0, state: 'OR', born: '1968-06-30' },
  { key: 'sofia', first: 'Sofia', last: 'Alvarez', gender: 1, state: 'WA', born: '1997-02-14' },
  { key: 'grace', first: 'Grace', last: 'Lee', gender: 1, state: 'WA', born: '1994-10-10' },
  { key: 'victor', first: 'Victor', last: 'Huang', gender: 0, state: 'WA', born: '1989-08-08' },
  { key: 'owen', first: 'Owen', last: 'Murphy', gender: 0, state: 'ID', born: '1972-03-03' },
  { key: 'rachel', first: 'Rachel', last: 'Adams', gender: 3, state: 'OR', born: '1984-12-24' },
]

export interface MembershipSpec {
  person: string
  company: CompanyKey
  role: RoleName
  daysAgo: number
  /** Days ago the role was deactivated. */
  deactivatedDaysAgo?: number
  /** Added by the manager directly (no join request). */
  direct?: boolean
}

export const STAFF: MembershipSpec[] = [
  { person: 'driver', company: 'evergreen', role: 'Driver', daysAgo: 610 },
  { person: 'driver', company: 'pacific', role: 'Driver', daysAgo: 420 },
  { person: 'maria', company: 'evergreen', role: 'Driver', daysAgo: 700 },
  { person: 'tyler', company: 'evergreen', role: 'Driver', daysAgo: 540 },
  { person: 'aisha', company: 'evergreen', role: 'Driver', daysAgo: 650, deactivatedDaysAgo: 30 },
  { person: 'kevin', company: 'pacific', role: 'Driver', daysAgo: 690 },
  { person: 'rosa', company: 'pacific', role: 'Driver', daysAgo: 480 },
  { person: 'ethan', company: 'cascade', role: 'Driver', daysAgo: 760 },
  { person: 'brianna', company: 'cascade', role: 'Driver', daysAgo: 520 },
  { person: 'derek', company: 'cascade', role: 'Mechanic', daysAgo: 780 },
  { person: 'derek', company: 'cascade', role: 'Driver', daysAgo: 600 },
  { person: 'mechanic', company: 'keystone', role: 'Mechanic', daysAgo: 720 },
  { person: 'olivia', company: 'keystone', role: 'Mechanic', daysAgo: 560 },
  { person: 'nina', company: 'evergreen', role: 'Mechanic', daysAgo: 500, direct: true },
]

export interface JoinRequestSpec {
  person: string
  company: CompanyKey
  role: RoleName
  status: 'Pending' | 'Rejected'
  daysAgo: number
}

export const OPEN_AND_REJECTED_REQUESTS: JoinRequestSpec[] = [
  { person: 'carlos', company: 'evergreen', role: 'Driver', status: 'Pending', daysAgo: 3 },
  { person: 'frank', company: 'evergreen', role: 'Driver', status: 'Rejected', daysAgo: 45 },
  { person: 'frank', company: 'pacific', role: 'Driver', status: 'Pending', daysAgo: 6 },
  { person: 'sofia', company: 'cascade', role: 'Driver', status: 'Pending', daysAgo: 2 },
  { person: 'sofia', company: 'pacific', role: 'Driver', status: 'Rejected', daysAgo: 80 },
  { person: 'grace', company: 'keystone', role: 'Mechanic', status: 'Pending', daysAgo: 4 },
  { person: 'victor', company: 'cascade', role: 'Mechanic', status: 'Pending', daysAgo: 1 },
  { person: 'victor', company: 'keystone', role: 'Mechanic', status: 'Rejected', daysAgo: 120 },
  { person: 'owen', company: 'summit', role: 'Owner', status: 'Pending', daysAgo: 5 },
  { person: 'rachel', company: 'cascade', role: 'Owner', status: 'Rejected', daysAgo: 60 },
  { person: 'rachel', company: 'pacific', role: 'Operator', status: 'Pending', daysAgo: 7 },
]

/** [licenseTypeId, days from today to expiry] */
export const LICENSES: Record<string, [number, number][]> = {
  driver: [[7, 410], [5, 410], [10, 410]],
  maria: [[7, 220], [5, 220], [10, 220]],
  tyler: [[7, 505], [5, 505], [10, 12]],
  aisha: [[7, -15], [5, -15], [10, -15]],
  kevin: [[2, 300], [5, 300]],
  rosa: [[2, 25], [5, 25]],
  ethan: [[7, 610], [5, 610]],
  brianna: [[7, 90], [5, 90]],
  derek: [[2, 365], [5, 365], [1, 365]],
  mechanic: [[4, 700]],
  olivia: [[7, 150]],
  carlos: [[7, 800], [5, 800]],
}

/** Operator company → its drivers, their preferred vehicle (FLEET index) and rhythm. */
export const DRIVING: { person: string; company: CompanyKey; preferred: number; rhythm: 'school' | 'charter' | 'weekendCharter' | 'transit' | 'occasional' }[] = [
  { person: 'driver', company: 'evergreen', preferred: 0, rhythm: 'school' },
  { person: 'maria', company: 'evergreen', preferred: 1, rhythm: 'school' },
  { person: 'tyler', company: 'evergreen', preferred: 4, rhythm: 'school' },
  { person: 'aisha', company: 'evergreen', preferred: 6, rhythm: 'school' },
  { person: 'driver', company: 'pacific', preferred: 18, rhythm: 'weekendCharter' },
  { person: 'kevin', company: 'pacific', preferred: 15, rhythm: 'charter' },
  { person: 'rosa', company: 'pacific', preferred: 16, rhythm: 'charter' },
  { person: 'ethan', company: 'cascade', preferred: 22, rhythm: 'transit' },
  { person: 'brianna', company: 'cascade', preferred: 23, rhythm: 'transit' },
  { person: 'derek', company: 'cascade', preferred: 32, rhythm: 'occasional' },
]

export interface AssignmentPlan {
  vehicle: number
  operator: CompanyKey
  start: number
  end?: number
  /** Ended early on this day (endDate set to it, endedAt recorded). */
  endedEarly?: number
}

export interface RequestPlan {
  vehicle: number
  operator: CompanyKey
  status: Exclude<VehicleRequestStatus, 'Approved'>
  requestedDaysAgo: number
  start: number
  end?: number
}

export const ASSIGNMENTS: AssignmentPlan[] = [
  // Summit school buses → Evergreen
  ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((vehicle) => ({ vehicle, operator: 'evergreen' as const, start: -400 + vehicle })),
  { vehicle: 10, operator: 'evergreen', start: -395, end: 75 },
  { vehicle: 11, operator: 'evergreen', start: -395, end: 75 },
  { vehicle: 12, operator: 'evergreen', start: -400, end: -160 },
  { vehicle: 14, operator: 'evergreen', start: -200 },
  // Summit coaches → Pacific Crest (17 was with Cascade before)
  { vehicle: 15, operator: 'pacific', start: -390 },
  { vehicle: 16, operator: 'pacific', start: -390 },
  { vehicle: 17, operator: 'cascade', start: -380, end: -100 },
  { vehicle: 17, operator: 'pacific', start: -90 },
  { vehicle: 18, operator: 'pacific', start: -388 },
  { vehicle: 19, operator: 'pacific', start: -388 },
  { vehicle: 21, operator: 'pacific', start: -300, end: 45 },
  // Cascade runs its own transit buses and three coaches
  ...[22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 35].map((vehicle) => ({
    vehicle,
    operator: 'cascade' as const,
    start: -420,
  })),
  // Cascade coaches chartered out to Pacific Crest
  { vehicle: 34, operator: 'pacific', start: -150, end: 30 },
  { vehicle: 36, operator: 'pacific', start: -330 },
  // The retired Blue Bird, ended early before it was archived
  { vehicle: 39, operator: 'evergreen', start: -420, endedEarly: -70 },
]

export const OTHER_REQUESTS: RequestPlan[] = [
  { vehicle: 12, operator: 'evergreen', status: 'Pending', requestedDaysAgo: 1, start: 7, end: 200 },
  { vehicle: 13, operator: 'pacific', status: 'Rejected', requestedDaysAgo: 50, start: -40, end: -10 },
  { vehicle: 20, operator: 'pacific', status: 'Pending', requestedDaysAgo: 2, start: 5 },
  { vehicle: 21, operator: 'evergreen', status: 'Cancelled', requestedDaysAgo: 30, start: -20, end: 60 },
  { vehicle: 37, operator: 'pacific', status: 'Pending', requestedDaysAgo: 1, start: 14, end: 44 },
  { vehicle: 38, operator: 'evergreen', status: 'Cancelled', requestedDaysAgo: 20, start: -10 },
  { vehicle: 38, operator: 'evergreen', status: 'Rejected', requestedDaysAgo: 200, start: -190, end: -100 },
]

export const ARCHIVED_DAYS_AGO = 60

/** FLEET indexes whose dates are expired / within 30 days (the rest are fine). */
export const LICENSE_EXPIRY: Record<number, number> = { 3: -5, 27: -18, 8: 4, 19: 12, 33: 26 }
export const INSURANCE_EXPIRY: Record<number, number> = { 12: -2, 5: 9, 22: 20 }
/** Day of the last satisfactory inspection (nextInspection = one year later). */
export const LAST_INSPECTION: Record<number, number> = { 15: -385, 1: -345, 30: -355 }
/** Vehicles whose latest inspection found problems (still open). */
export const RECENT_FAILED_INSPECTION = new Set([9, 24, 35])

export const companySpec = (key: CompanyKey) => COMPANIES.find((c) => c.key === key)!

/** Mechanics of a repair shop on a given day (offset from today). */
export const mechanicsOf = (shop: CompanyKey, offset: number): string[] =>
  STAFF.filter((m) => m.company === shop && m.role === 'Mechanic' && -m.daysAgo <= offset).map((m) => m.person)
