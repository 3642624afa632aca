import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { UserRoundX } from 'lucide-react'
import { DriverView, MechanicView, ViewToggle } from '#app/components/dashboard/personal-views.tsx'
import { PersonalWelcome } from '#app/components/dashboard/personal-welcome.tsx'
import { MyBuses } from '#app/components/pre-trip/my-buses.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { dashboardLoader } from '#app/routes/_app+/dashboard.server.ts'

export const loader = (args: LoaderFunctionArgs) => dashboardLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const data = useLoaderData<typeof loader>()
  const { title, userId, view, isDriver, isMechanic, driver, mechanic, buses } = data
  return (
    <>
      <PageHeader title={title} />
      <div className="grid min-w-0 gap-6">
        <PersonalWelcome name={data.name} firstName={data.firstName} lastName={data.lastName} photo={data.photo} daysOnOperon={data.daysOnOperon} />
        {view === null ? (
          <EmptyState icon={UserRoundX} title="You have not yet been assigned the driver or mechanic roles." titleAs="p" data-testid="no-roles" />
        ) : (
          <ViewToggle view={view} isDriver={isDriver} isMechanic={isMechanic} />
        )}
        {/* The driver's task first (start the pre-trip in the yard), then the figures. */}
        {view === 'driver' ? <MyBuses userId={userId} buses={buses} total={data.busesTotal} search={data.busSearch} companyId={driver?.companyId ?? null} /> : null}
        {view === 'driver' && driver ? (
          <DriverView stats={driver.stats} activity={driver.activity} companies={data.driverCompanies} companyId={driver.companyId} />
        ) : null}
        {view === 'mechanic' && mechanic ? <MechanicView stats={mechanic.stats} activity={mechanic.activity} /> : null}
      </div>
    </>
  )
}
