import type { LoaderFunctionArgs } from '@remix-run/node'
import type { MyBusView } from '#app/components/pre-trip/my-buses.tsx'
import { photoDataUrl } from '#app/components/profile/profile-avatar.tsx'
import { userPage } from '#app/utils/page.server.ts'
import { omitEmptySearchParams } from '#app/utils/search-params.server.ts'
import { getDashboardUserInfo } from '#server/auth/profile.server.ts'
import { getDriverActivity, getDriverDashboardStats } from '#server/dashboards/driver-stats.server.ts'
import { getMechanicActivity, getMechanicStats } from '#server/dashboards/mechanic-stats.server.ts'
import { emergencyExitDuesOf } from '#server/inspections/emergency-exit-checks.server.ts'
import { pageMyBuses } from '#server/inspections/pre-trip.server.ts'
import { DRIVER_DUE_TEXT, myDriverStatus } from '#server/drivers/driver-due.server.ts'
import { formatDateOnly } from '#app/utils/dates.ts'
import { companiesWithRole } from '#server/access/policy.ts'
import type { Membership } from '#server/context/actor.ts'
import { isManagerRole } from '#catalog/roles.ts'
import { buildMenu } from '#app/utils/menu.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'

export type DashboardView = 'driver' | 'mechanic'

const DAY_MS = 86_400_000
/** "My buses" on the dashboard: the ones the driver used lately first; a search finds the others. */
const MY_BUSES_SHOWN = 8

/** Whole days since `joinDate` (0 on the day of joining). */
export function daysSince(joinDate: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(joinDate)) / DAY_MS))
}

/**
 * The personal dashboard (`/dashboard`): welcome, then the Driver View or the
 * Mechanic View (`?view=driver|mechanic`; driver by default when the caller
 * holds both), the driver's company selector (`?company=<id>`, absent = All
 * Companies). Plain links and a GET form: everything works without JavaScript.
 */
export async function dashboardLoader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  omitEmptySearchParams(args.request)
  const url = new URL(args.request.url)
  const driverCompanyIds = companiesWithRole(ctx.actor, ['Driver'])
  const isDriver = driverCompanyIds.length > 0
  const isMechanic = companiesWithRole(ctx.actor, ['Mechanic']).length > 0
  const asked = url.searchParams.get('view')
  const view: DashboardView | null =
    asked === 'mechanic' && isMechanic ? 'mechanic' : asked === 'driver' && isDriver ? 'driver' : isDriver ? 'driver' : isMechanic ? 'mechanic' : null
  // Only a company where the caller drives (what the selector offers); anything else, "all"
  // included, is All Companies rather than an error page for a hand-edited address.
  const companyParam = Number(url.searchParams.get('company'))
  const companyId = view === 'driver' && driverCompanyIds.includes(companyParam) ? companyParam : undefined
  const busSearch = (url.searchParams.get('bus') ?? '').trim().slice(0, 40)

  const t = translator(localeOfRequest(args.request))
  const locale = localeOfRequest(args.request)
  const [info, driver, mechanic, buses, records] = await Promise.all([
    getDashboardUserInfo(ctx),
    view === 'driver' ? driverView(ctx, companyId) : null,
    view === 'mechanic' ? mechanicView(ctx) : null,
    view === 'driver' ? myBuses(ctx, busSearch) : { buses: [] as MyBusView[], total: 0 },
    view === 'driver' ? myDriverStatus(ctx) : [],
  ])
  // Expired means visible (issue 37): per operator company, the caller's own license and medical
  // certificate, and the links to their duty screen and their file there.
  const driverRecords = records.map((r) => ({
    companyId: r.companyId,
    companyName: r.companyName,
    expired: [...(r.licenseExpired ? [t(DRIVER_DUE_TEXT.licenseExpired)] : []), ...(r.medicalExpired ? [t(DRIVER_DUE_TEXT.medicalExpired)] : [])],
    dueSoon: [
      ...(r.licenseDueSoon && r.licenseExpiry ? [t('Your driver’s license expires on {date}', { date: formatDateOnly(r.licenseExpiry, locale) })] : []),
      ...(r.medicalDueSoon && r.medicalExpiry ? [t('Your medical certificate expires on {date}', { date: formatDateOnly(r.medicalExpiry, locale) })] : []),
    ],
    dutyUrl: r.dutyUrl,
    fileUrl: r.fileUrl,
  }))
  return {
    title: t('My Dashboard'),
    userId: ctx.actor.userId,
    name: info.name,
    firstName: ctx.actor.firstName,
    lastName: ctx.actor.lastName,
    photo: photoDataUrl(info.profilePhoto),
    daysOnOperon: daysSince(info.joinDate, ctx.now ?? new Date()),
    isDriver,
    isMechanic,
    view,
    driverCompanies: ctx.actor.memberships
      .filter((m) => driverCompanyIds.includes(m.companyId))
      .map((m) => ({ id: m.companyId, name: m.companyName })),
    driver,
    driverRecords,
    mechanic,
    buses: buses.buses,
    busesTotal: buses.total,
    busSearch,
    managedCompanies: managedCompanies(ctx.actor.memberships),
    messages: routeMessages(args.request, 'dashboard', 'preTrip', 'drivers'),
  }
}

/**
 * The companies the caller manages, each with the first page of its menu group (its dashboard,
 * or the repair shop's employees): a new manager's first screen points to the new company.
 */
function managedCompanies(memberships: Membership[]): { id: number; name: string; to: string }[] {
  return memberships
    .filter((m) => m.roles.some((r) => isManagerRole(r.name)))
    .flatMap((m) => {
      const first = buildMenu([m]).find((g) => g.company !== undefined)?.links[0]
      return first ? [{ id: m.companyId, name: m.companyName, to: first.to }] : []
    })
}

async function driverView(ctx: Awaited<ReturnType<typeof userPage>>, company: number | undefined) {
  const [activity, stats] = await Promise.all([getDriverActivity(ctx, company === undefined ? {} : { companyId: company }), getDriverDashboardStats(ctx)])
  if (!activity || !stats) return null
  const companyId = company ?? null
  const selected = companyId === null ? stats.all : (stats.byCompany.find((c) => c.companyId === companyId)?.driverStats ?? stats.all)
  return { companyId, stats: selected, activity }
}

async function mechanicView(ctx: Awaited<ReturnType<typeof userPage>>) {
  const [stats, activity] = await Promise.all([getMechanicStats(ctx), getMechanicActivity(ctx)])
  if (!stats || !activity) return null
  return { stats, activity }
}

async function myBuses(ctx: Awaited<ReturnType<typeof userPage>>, search: string): Promise<{ buses: MyBusView[]; total: number }> {
  const page = await pageMyBuses(ctx, { search, limit: MY_BUSES_SHOWN })
  // The 90-day emergency-exit check's state, as the bus's own pages say it (decision 065).
  const exits = await emergencyExitDuesOf(ctx.db.read, page.buses.map((b) => b.vehicleId), ctx.now ?? new Date())
  const buses = page.buses.map((b) => ({
    vehicleId: b.vehicleId,
    vehicleIdentifier: b.vehicleIdentifier,
    make: b.make ?? null,
    model: b.model ?? null,
    licensePlate: b.licensePlate ?? null,
    operatorCompanyName: b.operatorCompanyName,
    outOfService: b.outOfService,
    openRepairs: b.openRepairs,
    certifiedToAcknowledge: b.certifiedToAcknowledge,
    lastPreTripDate: b.lastPreTripDate,
    todayPreTrip: b.todayPreTrip,
    emergencyExitDue: exits.get(b.vehicleId)?.dueState ?? null,
  }))
  return { buses, total: page.total }
}
