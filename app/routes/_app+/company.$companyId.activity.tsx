import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useLocation } from '@remix-run/react'
import { DownloadIcon, HistoryIcon, SearchIcon } from 'lucide-react'
import { activityPageLoader } from '#app/routes/_app+/activity-page.server.ts'
import { applySearch, useHrefWith } from '#app/components/fleet/use-fleet-url.ts'
import { Field, FieldError } from '#app/components/forms/field.tsx'
import { NativeSelect } from '#app/components/profile/native-select.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { ServerPagination } from '#app/components/ui/server-pagination.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { useT } from '#app/utils/i18n.tsx'

/** "Activity log" (issue 26 point 4, decision 079), with the record exports' form (decision 077). */
export const loader = (args: LoaderFunctionArgs) => activityPageLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

type Data = ReturnType<typeof useLoaderData<typeof loader>>

/** From, to and one button per kind of record the manager may export: a plain GET form, a download. */
function ExportForm({ form }: { form: Data['exportForm'] }) {
  const { t } = useT()
  if (form.kinds.length === 0) return null
  return (
    <Card className="mb-6" id="export">
      <CardHeader>
        <CardTitle>{t('Export records')}</CardTitle>
        <p className="text-sm text-muted-foreground">{t('A CSV file of the records of a date range (both days included, at most 366 days), in the company’s time zone.')}</p>
      </CardHeader>
      <CardContent>
        <Form method="get" reloadDocument className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-start" data-testid="export-form" aria-label={t('Export records')}>
          <Field id="export-from" name="exportFrom" errorKey="from" label={t('From')} errors={form.errors} className="sm:w-44">
            {(control) => <Input {...control} type="date" required defaultValue={form.values.from} />}
          </Field>
          <Field id="export-to" name="exportTo" errorKey="to" label={t('To')} errors={form.errors} className="sm:w-44">
            {(control) => <Input {...control} type="date" required defaultValue={form.values.to} />}
          </Field>
          <div className="flex flex-col gap-2 sm:pt-6">
            <div className="flex flex-wrap gap-2">
              {form.kinds.map((k) => (
                <Button key={k.kind} type="submit" name="export" value={k.kind} variant="outline" data-testid={`export-${k.kind}`}>
                  <DownloadIcon aria-hidden="true" />
                  {t(k.label)}
                </Button>
              ))}
            </div>
            <FieldError name="export" message={form.errors.export} />
          </div>
        </Form>
      </CardContent>
    </Card>
  )
}

function Filters({ data }: { data: Data }) {
  const { t } = useT()
  const f = data.view.filters
  return (
    <Form method="get" className="mb-4 grid gap-3 sm:grid-cols-2 lg:flex lg:flex-row lg:flex-wrap lg:items-start" role="search" data-testid="activity-filters">
      <Field id="activity-person" name="userId" label={t('Person')} errors={data.filterErrors} className="lg:w-56">
        {(control) => (
          <NativeSelect {...control} defaultValue={f.userId ? String(f.userId) : ''}>
            <option value="">{t('Everyone')}</option>
            {data.people.map((p) => (
              <option key={p.userId} value={p.userId}>
                {p.deleted ? t('Deleted user') : p.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id="activity-type" name="recordType" label={t('Record type')} errors={data.filterErrors} className="lg:w-56">
        {(control) => (
          <NativeSelect {...control} defaultValue={f.recordType ?? ''}>
            <option value="">{t('All records')}</option>
            {data.recordTypes.map((r) => (
              <option key={r.value} value={r.value}>
                {t(r.label)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field id="activity-from" name="from" label={t('From')} errors={data.filterErrors} className="lg:w-44">
        {(control) => <Input {...control} type="date" defaultValue={f.from ?? ''} />}
      </Field>
      <Field id="activity-to" name="to" label={t('To')} errors={data.filterErrors} className="lg:w-44">
        {(control) => <Input {...control} type="date" defaultValue={f.to ?? ''} />}
      </Field>
      <div className="lg:pt-6">
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden="true" />
          {t('Apply')}
        </Button>
      </div>
    </Form>
  )
}

/** The safe details, named and worded in the page's language by the loader. */
function Details({ rows }: { rows: { key: string; label: string; value: string }[] }) {
  if (rows.length === 0) return <span className="text-muted-foreground">—</span>
  return (
    <dl className="grid gap-0.5 text-xs">
      {rows.map((r) => (
        <div key={r.key} className="flex flex-wrap gap-1">
          <dt className="text-muted-foreground">{r.label}</dt>
          <dd className="break-all">{r.value}</dd>
        </div>
      ))}
    </dl>
  )
}

export default function ActivityPage() {
  const data = useLoaderData<typeof loader>()
  const { title, companyName, view, error, csvHref } = data
  const { t } = useT()
  const location = useLocation()
  const hrefWith = useHrefWith()
  const keep = [...applySearch(location.search, { page: null, pageSize: null, export: null, exportFrom: null, exportTo: null }).entries()]
  return (
    <div className="min-w-0">
      <PageHeader
        title={title}
        description={t('{company}: who changed what, and when (the company’s time zone). Sign-ins are not shown here: each person sees their own.', { company: companyName })}
        actions={
          <a href={csvHref} className={buttonVariants({ variant: 'outline' })} download data-testid="activity-csv">
            <DownloadIcon aria-hidden="true" />
            {t('Export CSV')}
          </a>
        }
      />
      <ExportForm form={data.exportForm} />
      <h2 className="mb-3 text-lg font-semibold">{t('Activity')}</h2>
      <Filters data={data} />
      {error ? (
        <p role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
          {error}
        </p>
      ) : null}
      {view.items.length === 0 && !error ? (
        <EmptyState icon={HistoryIcon} title={t('No activity')} description={t('Changes made in this company appear here.')} />
      ) : (
        <>
          <Table containerProps={{ role: 'region', 'aria-label': t('Activity log') }} density="compact" data-testid="activity-table">
            <TableHeader>
              <TableRow>
                <TableHead>{t('When')}</TableHead>
                <TableHead>{t('Person')}</TableHead>
                <TableHead>{t('Action')}</TableHead>
                <TableHead>{t('Record')}</TableHead>
                <TableHead>{t('Details')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {view.items.map((i) => (
                <TableRow key={i.id} data-testid={`activity-row-${i.id}`}>
                  <TableCell cell="key">
                    <span className="whitespace-nowrap">{i.whenLabel}</span>
                  </TableCell>
                  <TableCell label={t('Person')}>
                    <div className="break-words">{i.who.kind === 'user' ? i.whoLabel : t(i.whoLabel)}</div>
                    {i.who.kind === 'user' && i.who.email ? <div className="text-xs break-all text-muted-foreground">{i.who.email}</div> : null}
                  </TableCell>
                  <TableCell label={t('Action')}>{t(i.actionLabel)}</TableCell>
                  <TableCell label={t('Record')}>
                    {i.recordTypeLabel ? (
                      i.href ? (
                        <a href={i.href} className="underline-offset-4 hover:underline">
                          {t(i.recordTypeLabel)} {i.recordName ?? i.recordId}
                        </a>
                      ) : (
                        <span>
                          {t(i.recordTypeLabel)} {i.recordName ?? i.recordId}
                        </span>
                      )
                    ) : (
                      '—'
                    )}
                  </TableCell>
                  <TableCell label={t('Details')}>
                    <Details rows={i.detailRows} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ServerPagination
            {...view}
            pageSizes={[view.pageSize]}
            hrefFor={(page) => hrefWith({ page })}
            keep={keep}
            label={t('Activity pages')}
            noun={t('events')}
            id="activity-page-size"
            countTestId="activity-count"
          />
        </>
      )}
    </div>
  )
}
