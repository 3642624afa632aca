import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { BusIcon, FileTextIcon, LinkIcon } from 'lucide-react'
import { CostCharts } from '#app/components/dashboard/cost-charts.tsx'
import { OwnerAlerts } from '#app/components/dashboard/owner-alerts.tsx'
import { OwnerExpiryTimeline } from '#app/components/dashboard/owner-expiry-timeline.tsx'
import { StatCard, StatGrid } from '#app/components/dashboard/stat-card.tsx'
import { CompanyCodeCard } from '#app/components/people/company-code-card.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { ownerDashboardLoader } from './company-dashboards.server.ts'
import { useT } from '#app/utils/i18n.tsx'

/** Spec "Dashboards": company code QR, title, the three cards, "Alerts and warnings", and the expiry timeline. */
export const loader = (args: LoaderFunctionArgs) => ownerDashboardLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, card, stats, alerts, timeline, costs } = useLoaderData<typeof loader>()
  const { t } = useT()
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <PageHeader className="mb-0" title={title} actions={<CompanyCodeCard card={card} />} />
      <StatGrid aria-label={t('Fleet figures')}>
        <StatCard label={t('Owned vehicles')} value={stats.vehiclesRegistered} icon={BusIcon} />
        <StatCard label={t('Vehicles assigned')} value={stats.assignedVehicles} icon={LinkIcon} hint={t('To an operator today')} />
        <StatCard label={t('Documents uploaded')} value={stats.documentsUploaded} icon={FileTextIcon} />
      </StatGrid>
      <OwnerAlerts alerts={alerts.alerts} today={alerts.today} total={alerts.total} levels={alerts.levels} />
      <OwnerExpiryTimeline timeline={timeline} />
      {costs ? <CostCharts summary={costs} companyId={costs.companyId} /> : null}
    </div>
  )
}
