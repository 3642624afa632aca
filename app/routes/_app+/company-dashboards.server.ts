/**
 * Loaders of the company dashboards (spec "Dashboards", issue 11 points 2–4):
 * `/OwnerDashboard/{companyId}` and `/OperatorDashboard/{companyId}`. The route guard
 * (decision 006) redirects without the role; the use cases check it again.
 */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { OWNER_ALERTS_SHOWN } from '#app/components/dashboard/owner-alerts.tsx'
import { companyPage } from '#app/utils/page.server.ts'
import { ALERT_LEVEL } from '#catalog/statuses.ts'
import { listOwnerAlerts } from '#server/alerts/alerts.server.ts'
import { getOperatorActivity, getOperatorStatsByCompanyId } from '#server/dashboards/operator-stats.server.ts'
import { getOwnerExpiryTimeline, getOwnerStatsByCompanyId } from '#server/dashboards/owner-stats.server.ts'
import { getCompanyCostSummary } from '#server/dashboards/cost-stats.server.ts'
import { getDriverDueItems } from '#server/drivers/driver-due.server.ts'
import { hasRole } from '#server/access/policy.ts'
import { DRIVER_DUE_SHOWN } from '#app/components/dashboard/driver-files-card.tsx'
import { loadCompanyCodeCard } from './company-code.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'

export async function ownerDashboardLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner'])
  const company = ctx.actor.memberships.find((m) => m.companyId === companyId)?.companyName ?? ''
  const input = { companyId }
  const [card, stats, alerts, timeline, costs] = await Promise.all([
    loadCompanyCodeCard(ctx, companyId),
    getOwnerStatsByCompanyId(ctx, input),
    listOwnerAlerts(ctx, input),
    getOwnerExpiryTimeline(ctx, input),
    // Issue 36 (decision 085): cost per mile, fuel efficiency and the ten costliest buses.
    getCompanyCostSummary(ctx, input),
  ])
  const t = translator(localeOfRequest(args.request))
  const showAll = new URL(args.request.url).searchParams.get('alerts') === 'all'
  const count = (level: number) => alerts.alerts.filter((a) => a.level === level).length
  return {
    title: t('{company} - Owner dashboard', { company }),
    card,
    stats,
    alerts: {
      today: alerts.today,
      // A maintenance line's task: a name copied from a template is a catalogue text, said in the reader's language.
      alerts: (showAll ? alerts.alerts : alerts.alerts.slice(0, OWNER_ALERTS_SHOWN)).map((a) => (a.taskName ? { ...a, taskName: t(a.taskName) } : a)),
      total: alerts.alerts.length,
      levels: { alerts: count(ALERT_LEVEL.Alert), warnings: count(ALERT_LEVEL.Warning) },
    },
    timeline,
    costs,
    messages: routeMessages(args.request, 'dashboard'),
  }
}

export async function operatorDashboardLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Operator'])
  const company = ctx.actor.memberships.find((m) => m.companyId === companyId)?.companyName ?? ''
  const input = { companyId }
  // The driver files' due items (issue 37): an operator company's Operator managers only.
  const isDriverManager = hasRole(ctx.actor, companyId, ['Operator']) && !!ctx.actor.memberships.find((m) => m.companyId === companyId)?.companyTypes.includes('Operator')
  const [card, stats, activity, costs, due] = await Promise.all([
    loadCompanyCodeCard(ctx, companyId),
    getOperatorStatsByCompanyId(ctx, input),
    getOperatorActivity(ctx, input),
    getCompanyCostSummary(ctx, input),
    isDriverManager ? getDriverDueItems(ctx, input) : Promise.resolve(null),
  ])
  const t = translator(localeOfRequest(args.request))
  const title = t('{company} - Operator dashboard', { company })
  const showAll = new URL(args.request.url).searchParams.get('driverDue') === 'all'
  const driverFiles = due
    ? {
        companyId,
        counts: due.counts,
        items: (showAll ? due.items : due.items.slice(0, DRIVER_DUE_SHOWN)).map(({ state: _s, ...i }) => i),
        total: due.total,
        showAllHref: showAll ? null : `/OperatorDashboard/${companyId}?driverDue=all`,
      }
    : null
  return { title, card, stats, activity, costs, driverFiles, messages: routeMessages(args.request, 'dashboard', 'drivers') }
}
