import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BusIcon, GaugeIcon, RouteIcon, UserCheckIcon, UsersIcon, WrenchIcon } from 'lucide-react'
import { CostCharts } from '#app/components/dashboard/cost-charts.tsx'
import { DriverFilesCard } from '#app/components/dashboard/driver-files-card.tsx'
import { OperatorActivityCharts } from '#app/components/dashboard/operator-activity.tsx'
import { StatCard, StatGrid } from '#app/components/dashboard/stat-card.tsx'
import { CompanyCodeCard } from '#app/components/people/company-code-card.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { operatorDashboardLoader } from './company-dashboards.server.ts'
import { useT } from '#app/utils/i18n.tsx'

/** Spec "Dashboards": company code QR, title, the six cards, and the missions and miles per month. */
export const loader = (args: LoaderFunctionArgs) => operatorDashboardLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, card, stats, activity, costs, driverFiles } = useLoaderData<typeof loader>()
  const { t } = useT()
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader className="mb-0" title={title} actions={<CompanyCodeCard card={card} />} />
      <StatGrid aria-label={t('Operations figures')} columns={6}>
        <StatCard label={t('Total vehicles')} value={stats.totalVehicles} icon={BusIcon} />
        <StatCard label={t('Total missions')} value={stats.totalMissions} icon={RouteIcon} />
        <StatCard label={t('Number of drivers')} value={stats.numberOfDrivers} icon={UsersIcon} />
        <StatCard label={t('Number of mechanics')} value={stats.numberOfMechanics} icon={WrenchIcon} />
        <StatCard label={t('Responded join requests')} value={stats.respondedJoinRequests} icon={UserCheckIcon} />
        <StatCard label={t('Total miles driven last month')} value={stats.totalMilesDrivenLastMonth} unit="mi" icon={GaugeIcon} />
      </StatGrid>
      {driverFiles ? <DriverFilesCard {...driverFiles} /> : null}
      <OperatorActivityCharts months={activity} />
      {costs ? <CostCharts summary={costs} companyId={costs.companyId} /> : null}
    </div>
  )
}
