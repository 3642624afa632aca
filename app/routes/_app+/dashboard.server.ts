import type { LoaderFunctionArgs } from '@remix-run/node'
import type { MyBusView } from '#app/components/pre-trip/my-buses.tsx'
import { userPage } from '#app/utils/page.server.ts'
import { listMyBuses } from '#server/inspections/pre-trip.server.ts'
import { companiesWithRole } from '#server/policy.ts'

/** The personal dashboard (`/dashboard`); for drivers, "my buses". */
export async function dashboardLoader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const isDriver = companiesWithRole(ctx.actor, ['Driver']).length > 0
  const buses: MyBusView[] = isDriver
    ? (await listMyBuses(ctx)).map((b) => ({
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
      }))
    : []
  return { title: 'My Dashboard', userId: ctx.actor.userId, isDriver, buses }
}
