import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { chargedRepairsPageLoader } from '#app/routes/_app+/repair-costs-page.server.ts'

/**
 * Repairs charged to an operator company (issue 36 point 1, decision 085): for each repair action
 * whose cost lines the owner charged to it, the bus, the identifier, the date and those lines only.
 */
export const loader = (args: LoaderFunctionArgs) => chargedRepairsPageLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function ChargedRepairsPage() {
  const data = useLoaderData<typeof loader>()
  const { t } = useT()
  return (
    <div className="min-w-0 space-y-6">
      <PageHeader title={data.title} description={t('Cost lines of repairs that bus owners charged to your company.')} />
      {data.error ? <p className="text-sm text-destructive">{data.error}</p> : null}
      {data.items.length === 0 && !data.error ? (
        <EmptyState titleAs="p" title={t('No repair costs are charged to your company.')} />
      ) : (
        <ul className="grid gap-3" data-testid="charged-repairs">
          {data.items.map((i) => (
            <li key={i.repairActionId} className="rounded-lg border p-3" data-testid={`charged-${i.repairActionId}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <Link to={`/repairActions/${data.companyId}/costs/${i.repairActionId}`} className="font-medium underline underline-offset-4">
                    {i.repairIdentifier}
                  </Link>
                  <div className="text-sm text-muted-foreground break-words">{t('Bus {bus} · {owner} · {date}', { bus: i.vehicleIdentifier, owner: i.ownerCompanyName, date: i.chargedOnLabel })}</div>
                </div>
                <div className="font-semibold tabular-nums">{i.total}</div>
              </div>
              <ul className="mt-2 grid gap-1 text-sm">
                {i.lines.map((l) => (
                  <li key={l.id} className="flex flex-wrap justify-between gap-2 border-t pt-1">
                    <span className="min-w-0 break-words">
                      <span className="text-muted-foreground">{t(l.kindLabel)}:</span> {l.description}
                    </span>
                    <span className="tabular-nums">{l.amount}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {data.pageCount > 1 ? (
        <nav aria-label={t('Pages')} className="flex flex-wrap items-center gap-3 text-sm">
          {data.page > 1 ? <Link to={`?page=${data.page - 1}`}>{t('Previous')}</Link> : null}
          <span>{t('Page {page} of {count}', { page: data.page, count: data.pageCount })}</span>
          {data.page < data.pageCount ? <Link to={`?page=${data.page + 1}`}>{t('Next')}</Link> : null}
        </nav>
      ) : null}
    </div>
  )
}
