import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BusIcon, GaugeIcon, RouteIcon, UserCheckIcon, UsersIcon, WrenchIcon } from 'lucide-react'
import { OperatorActivityCharts } from '#app/components/dashboard/operator-activity.tsx'
import { StatCard, StatGrid } from '#app/components/dashboard/stat-card.tsx'
import { CompanyCodeCard } from '#app/components/people/company-code-card.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { operatorDashboardLoader } from './company-dashboards.server.ts'

/** Spec "Dashboards": company code QR, title, the six cards, and the missions and miles per month. */
export const loader = (args: LoaderFunctionArgs) => operatorDashboardLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, card, stats, activity } = useLoaderData<typeof loader>()
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader className="mb-0" title={title} actions={<CompanyCodeCard card={card} />} />
      <StatGrid aria-label="Operations figures" columns={6}>
        <StatCard label="Total vehicles" value={stats.totalVehicles} icon={BusIcon} />
        <StatCard label="Total missions" value={stats.totalMissions} icon={RouteIcon} />
        <StatCard label="Number of drivers" value={stats.numberOfDrivers} icon={UsersIcon} />
        <StatCard label="Number of mechanics" value={stats.numberOfMechanics} icon={WrenchIcon} />
        <StatCard label="Responded join requests" value={stats.respondedJoinRequests} icon={UserCheckIcon} />
        <StatCard label="Total miles driven last month" value={stats.totalMilesDrivenLastMonth} unit="mi" icon={GaugeIcon} />
      </StatGrid>
      <OperatorActivityCharts months={activity} />
    </div>
  )
}
