import { Form, Link } from '@remix-run/react'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useT } from '#app/utils/i18n.tsx'
import type { MonthForPage } from '#app/routes/_app+/hours-pages.server.ts'
import { LimitsList } from './hours-limits.tsx'
import { MonthDaysTable } from './hours-month.tsx'

export type MonthData = MonthForPage & { title: string; statuses: { value: string; label: string }[]; idempotencyKey: string }

type PeriodValues = { status: string; startedAt: string; endedAt: string; note: string }
export type MonthActionData =
  | { ok: false; intent: string; id: string; values: PeriodValues; idempotencyKey: string; formError: string | null; fieldErrors: Record<string, string> }
  | undefined

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const d = new Date(Date.UTC(y, m - 1 + by, 1))
  return d.toISOString().slice(0, 7)
}

/** The add / edit form of a period (a plain POST; times on the company's clock). */
function PeriodForm({ data, intent, id, values, actionData, submitLabel }: { data: MonthData; intent: string; id: string; values: PeriodValues; actionData: MonthActionData; submitLabel: string }) {
  const { t } = useT()
  const mine = actionData && actionData.intent === intent && actionData.id === id ? actionData : null
  const v = mine?.values ?? values
  const prefix = `period-${intent}-${id || 'new'}`
  return (
    <Form method="post" className="grid gap-3 sm:grid-cols-2" data-testid={`${prefix}-form`}>
      <FormError message={mine?.formError} className="sm:col-span-2" />
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : <input type="hidden" name="idempotencyKey" value={mine?.idempotencyKey ?? data.idempotencyKey} />}
      <Field id={`${prefix}-status`} name="status" label={t('Status')} errors={mine?.fieldErrors}>
        {(c) => (
          <select {...c} defaultValue={v.status || 'onDuty'} className="h-10 rounded-md border bg-background px-2">
            {data.statuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${prefix}-start`} name="startedAt" label={t('Start')} errors={mine?.fieldErrors}>
        {(c) => <Input {...c} type="datetime-local" required defaultValue={v.startedAt} />}
      </Field>
      <Field id={`${prefix}-end`} name="endedAt" label={t('End')} errors={mine?.fieldErrors} hint={t('Leave empty while it is still going on')}>
        {(c) => <Input {...c} type="datetime-local" defaultValue={v.endedAt} />}
      </Field>
      <Field id={`${prefix}-note`} name="note" label={t('Note')} errors={mine?.fieldErrors}>
        {(c) => <Input {...c} maxLength={500} defaultValue={v.note} />}
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" className="min-h-11">
          {submitLabel}
        </Button>
      </div>
    </Form>
  )
}

/** /hours/{companyId}/{driverUserId}?month=YYYY-MM: the short-haul record per day, warnings, periods; managers correct them. */
export function HoursMonthPage({ data, actionData }: { data: MonthData; actionData: MonthActionData }) {
  const { t } = useT()
  const base = `/hours/${data.companyId}/${data.driverUserId}`
  return (
    <div className="grid w-full grid-cols-1 gap-5">
      <PageHeader title={data.title} description={data.companyName} />
      <p className="text-sm text-muted-foreground">{t('This is a time record, not an electronic logging device (ELD).')}</p>
      <nav className="flex flex-wrap items-center gap-2" aria-label={t('Month')}>
        <Button asChild variant="outline" size="sm">
          <Link to={`${base}?month=${shiftMonth(data.month, -1)}`}>{t('Previous month')}</Link>
        </Button>
        <Form method="get" className="flex items-center gap-2">
          <label htmlFor="hours-month" className="text-sm">
            {t('Month')}
          </label>
          <Input id="hours-month" name="month" type="month" defaultValue={data.month} className="w-40" />
          <Button type="submit" variant="outline" size="sm">
            {t('Show')}
          </Button>
        </Form>
        <Button asChild variant="outline" size="sm">
          <Link to={`${base}?month=${shiftMonth(data.month, 1)}`}>{t('Next month')}</Link>
        </Button>
        <Button asChild size="sm">
          <a href={`${base}/month.pdf?month=${data.month}`} data-testid="hours-month-pdf">
            {t('Print PDF')}
          </a>
        </Button>
      </nav>
      <section className="grid gap-2" aria-labelledby="hours-now">
        <h2 id="hours-now" className="text-lg font-semibold">
          {t('Now: {status}', { status: data.now.statusLabel })}
        </h2>
        {data.now.warnings.length > 0 ? (
          <ul role="alert" className="grid gap-1 text-sm text-destructive" data-testid="hours-warnings">
            {data.now.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        ) : null}
        <LimitsList limits={data.now.limits} />
      </section>
      <section className="grid gap-2" aria-labelledby="hours-days">
        <h2 id="hours-days" className="text-lg font-semibold">
          {t('Days (150 air-mile short-haul time record)')}
        </h2>
        {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe). */}
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="hours-days">
          <MonthDaysTable view={data} />
        </div>
        <p className="text-sm">
          {t('Total on duty')}: {data.totals.onDuty} · {t('Total driving')}: {data.totals.driving}
        </p>
      </section>
      <section className="grid gap-3" aria-labelledby="hours-periods">
        <h2 id="hours-periods" className="text-lg font-semibold">
          {t('Duty periods')}
        </h2>
        {data.periods.length === 0 ? <p className="text-sm">{t('No duty periods this month')}</p> : null}
        <ul className="grid gap-3" data-testid="hours-periods">
          {data.periods.map((p) => (
            <li key={p.id} className="grid gap-2 rounded-md border p-3 text-sm" data-period={p.id}>
              <p>
                <strong>{p.statusLabel}</strong> · {p.started} – {p.ended ?? t('Still open')}
                {p.note ? ` · ${p.note}` : ''}
              </p>
              {data.canEdit ? (
                <details>
                  <summary className="cursor-pointer underline">{t('Edit')}</summary>
                  <div className="mt-2 grid gap-3">
                    <PeriodForm
                      data={data}
                      intent="updatePeriod"
                      id={String(p.id)}
                      values={{ status: p.status, startedAt: p.startedWall, endedAt: p.endedWall, note: p.note ?? '' }}
                      actionData={actionData}
                      submitLabel={t('Save')}
                    />
                    <Form method="post">
                      <input type="hidden" name="intent" value="deletePeriod" />
                      <input type="hidden" name="id" value={p.id} />
                      <FormError message={actionData?.intent === 'deletePeriod' && actionData.id === String(p.id) ? actionData.formError : null} />
                      <Button type="submit" variant="destructive" size="sm">
                        {t('Delete')}
                      </Button>
                    </Form>
                  </div>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
        {data.canEdit ? (
          <section className="grid gap-2 rounded-md border p-3" aria-labelledby="hours-add">
            <h3 id="hours-add" className="font-semibold">
              {t('Add a duty period')}
            </h3>
            <PeriodForm data={data} intent="addPeriod" id="" values={{ status: 'onDuty', startedAt: '', endedAt: '', note: '' }} actionData={actionData} submitLabel={t('Add')} />
          </section>
        ) : null}
      </section>
    </div>
  )
}
