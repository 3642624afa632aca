import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { AlertTriangleIcon, CircleCheckIcon, ClockIcon, PrinterIcon, SendIcon, WrenchIcon } from 'lucide-react'
import { Field, FieldError, FormError } from '#app/components/forms/field.tsx'
import { SERVICE_INTENT, workOrderPath } from '#app/components/maintenance/service-intents.ts'
import { Button } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { cn } from '#app/utils/cn.ts'
import { formatNumber } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { dueStateLabel, MAINTENANCE_LIMITS } from '#catalog/maintenance.ts'
import { formatOdometer } from '#catalog/odometer.ts'
import { vehicleMaintenancePageAction, vehicleMaintenancePageLoader } from '#app/routes/_app+/maintenance-vehicle-page.server.ts'

/**
 * One bus's maintenance (issue 35 point 4, decision 084): its programs, what is due, "Send to
 * repair shop", a service done outside Operon, a skipped occurrence, and the service history.
 * Owner managers write; the operator of an active assignment reads (no forms).
 */
export const loader = (args: LoaderFunctionArgs) => vehicleMaintenancePageLoader(args)
export const action = (args: ActionFunctionArgs) => vehicleMaintenancePageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

type Data = SerializeFrom<typeof loader>
type DueRow = Data['due'][number]

interface ActionData {
  intent?: string
  formError?: string | null
  fieldErrors?: Record<string, string>
  values?: Record<string, string>
  taskIds?: string[]
  taskId?: number | null
}

const SEND_FORM_ID = 'send-to-shop'

function StateBadge({ state }: { state: DueRow['state'] }) {
  const { t } = useT()
  const Icon = state === 'Overdue' ? AlertTriangleIcon : state === 'DueSoon' ? ClockIcon : CircleCheckIcon
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        state === 'Overdue' ? 'bg-destructive/10 text-destructive' : state === 'DueSoon' ? 'bg-warning text-warning-foreground' : 'bg-success text-success-foreground',
      )}
      data-testid="due-state"
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {t(dueStateLabel(state))}
    </span>
  )
}

/** "12 Dec 2026 · 54,000 mi · 1,250 h": a due point or a last service, whichever units it has. */
function PointText({ date, odometer, hours }: { date: string | null; odometer: number | null; hours: number | null }) {
  const { t, locale } = useT()
  const parts = [date, odometer === null ? null : formatOdometer(odometer, locale), hours === null ? null : t('{n} h', { n: formatNumber(hours, locale) })].filter(Boolean)
  return <>{parts.length ? parts.join(' · ') : '—'}</>
}

function SkipForm({ item, actionData }: { item: DueRow; actionData: ActionData | undefined }) {
  const { t } = useT()
  const mine = actionData?.intent === SERVICE_INTENT.skip && actionData.taskId === item.taskId
  return (
    <details className="text-sm" open={mine || undefined}>
      <summary className="cursor-pointer text-primary underline-offset-4 hover:underline">{t('Skip this occurrence')}</summary>
      <Form method="post" className="mt-2 grid gap-2" data-testid={`skip-form-${item.taskId}`}>
        <input type="hidden" name="intent" value={SERVICE_INTENT.skip} />
        <input type="hidden" name="taskId" value={item.taskId ?? ''} />
        {mine && actionData?.formError ? <FormError message={actionData.formError} /> : null}
        <Field id={`skip-reason-${item.taskId}`} name="reason" label={t('Reason')} errors={mine ? actionData?.fieldErrors : undefined}>
          {(p) => <Input {...p} required maxLength={MAINTENANCE_LIMITS.reason} defaultValue={mine ? (actionData?.values?.reason ?? '') : ''} />}
        </Field>
        <Button type="submit" size="sm" variant="outline" className="min-h-9 justify-self-start">
          {t('Skip this occurrence')}
        </Button>
      </Form>
    </details>
  )
}

function DueTable({ data, actionData }: { data: Data; actionData: ActionData | undefined }) {
  const { t } = useT()
  const checked = new Set(actionData?.intent === SERVICE_INTENT.sendToShop ? (actionData.taskIds ?? []) : [])
  return (
    <Table containerProps={{ role: 'region', 'aria-label': t('Due items') }} data-testid="vehicle-due-table">
      <TableHeader>
        <TableRow>
          {data.readOnly ? null : (
            <TableHead className="w-0">
              <span className="sr-only">{t('Send to repair shop')}</span>
            </TableHead>
          )}
          <TableHead>{t('Task')}</TableHead>
          <TableHead>{t('State')}</TableHead>
          <TableHead>{t('Last service')}</TableHead>
          <TableHead>{t('Next due')}</TableHead>
          <TableHead>{t('Projected')}</TableHead>
          {data.readOnly ? null : <TableHead>{t('Actions')}</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.due.map((d) => {
          const task = d.kind === 'task' && d.taskId !== null
          const key = `${d.kind}-${d.taskId ?? 'built-in'}`
          return (
            <TableRow key={key} data-testid={`due-${key}`}>
              {data.readOnly ? null : (
                <TableCell cell="actions" className="w-0">
                  {task && !d.sentToShop ? (
                    <input
                      type="checkbox"
                      name="taskIds"
                      value={d.taskId!}
                      form={SEND_FORM_ID}
                      defaultChecked={checked.has(String(d.taskId))}
                      aria-label={t('Send {task} to the repair shop', { task: d.taskName })}
                      className="size-5"
                    />
                  ) : null}
                </TableCell>
              )}
              <TableCell cell="key">
                <div className="font-medium break-words">{task ? d.taskName : t(d.taskName)}</div>
                {d.programName ? <div className="text-xs text-muted-foreground">{d.programName}</div> : null}
                {d.sentToShop ? <div className="text-xs text-muted-foreground">{t('At the repair shop')}</div> : null}
              </TableCell>
              <TableCell label={t('State')}>
                <StateBadge state={d.state} />
              </TableCell>
              <TableCell label={t('Last service')}>
                <PointText date={d.lastServiceOnLabel} odometer={d.lastOdometer} hours={d.lastEngineHours} />
              </TableCell>
              <TableCell label={t('Next due')}>
                <PointText date={d.nextDueDateLabel} odometer={d.nextDueOdometer} hours={d.nextDueEngineHours} />
              </TableCell>
              <TableCell label={t('Projected')}>{d.projectedDueDateLabel ?? '—'}</TableCell>
              {data.readOnly ? null : <TableCell label={t('Actions')}>{task ? <SkipForm item={d} actionData={actionData} /> : null}</TableCell>}
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}

function RecordServiceForm({ data, actionData }: { data: Data; actionData: ActionData | undefined }) {
  const { t } = useT()
  const navigation = useNavigation()
  const mine = actionData?.intent === SERVICE_INTENT.recordService
  const errors = mine ? actionData?.fieldErrors : undefined
  const values = mine ? (actionData?.values ?? {}) : {}
  const checked = new Set(mine ? (actionData?.taskIds ?? []) : [])
  const tasks = data.programs.flatMap((p) => p.tasks.map((task) => ({ ...task, programName: p.name })))
  const unique = tasks.filter((task, i) => tasks.findIndex((o) => o.id === task.id) === i)
  if (unique.length === 0) return null
  return (
    <section aria-labelledby="record-title" className="rounded-lg border p-4">
      <h2 id="record-title" className="mb-1 text-lg font-semibold">
        {t('Record service done outside Operon')}
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">{t('Each task chosen restarts its interval from this date and reading.')}</p>
      <Form method="post" encType="multipart/form-data" className="grid gap-4" data-testid="record-service-form">
        <input type="hidden" name="intent" value={SERVICE_INTENT.recordService} />
        {mine && actionData?.formError ? <FormError message={actionData.formError} /> : null}
        <fieldset className="grid gap-2" aria-describedby={errors?.taskIds ? 'record-tasks-error' : undefined}>
          <legend className="mb-1 text-sm font-medium">{t('Tasks')}</legend>
          {unique.map((task) => (
            <label key={task.id} className="flex min-h-9 items-center gap-2 text-sm">
              <input type="checkbox" name="taskIds" value={task.id} defaultChecked={checked.has(String(task.id))} className="size-5" />
              <span className="break-words">
                {task.name} <span className="text-muted-foreground">· {task.programName}</span>
              </span>
            </label>
          ))}
          <FieldError id="record-tasks-error" name="taskIds" message={errors?.taskIds} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field id="record-date" name="date" label={t('Date')} errors={errors}>
            {(p) => <Input {...p} type="date" required max={data.today} defaultValue={values.date || data.today} />}
          </Field>
          <Field id="record-odometer" name="odometer" label={t('Odometer')} errors={errors}>
            {(p) => <Input {...p} type="number" inputMode="numeric" min={0} step={1} defaultValue={values.odometer ?? ''} />}
          </Field>
          <Field id="record-hours" name="engineHours" label={t('Engine hours')} errors={errors}>
            {(p) => <Input {...p} type="number" inputMode="decimal" min={0} step="0.1" max={MAINTENANCE_LIMITS.engineHoursMax} defaultValue={values.engineHours ?? ''} />}
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="record-performed-by" name="performedBy" label={t('Performed by')} errors={errors}>
            {(p) => <Input {...p} maxLength={MAINTENANCE_LIMITS.performedBy} defaultValue={values.performedBy ?? ''} />}
          </Field>
          <Field id="record-cost" name="cost" label={t('Cost ({currency}, optional)', { currency: data.currency })} errors={errors} hint={t('Paid by the owner; at most two decimals.')}>
            {(p) => <Input {...p} inputMode="decimal" autoComplete="off" placeholder="0.00" maxLength={20} defaultValue={values.cost ?? ''} />}
          </Field>
        </div>
        <Field id="record-notes" name="notes" label={t('Notes')} errors={errors}>
          {(p) => <Textarea {...p} rows={3} maxLength={MAINTENANCE_LIMITS.notes} defaultValue={values.notes ?? ''} />}
        </Field>
        <Field id="record-invoice" name="invoice" label={t('Invoice (optional)')} errors={errors} errorKey="documentId" hint={t('Kept with the bus’s documents.')}>
          {(p) => <Input {...p} type="file" />}
        </Field>
        <Button type="submit" className="min-h-10 justify-self-start" disabled={navigation.state === 'submitting'}>
          {t('Record service')}
        </Button>
      </Form>
    </section>
  )
}

function HistoryTable({ data }: { data: Data }) {
  const { t, locale } = useT()
  if (data.history.length === 0) return <p className="text-sm text-muted-foreground">{t('No service recorded yet.')}</p>
  const readingText = (h: Data['history'][number]) => {
    const parts = [h.odometer === null ? null : formatOdometer(h.odometer, locale), h.engineHours === null ? null : t('{n} h', { n: formatNumber(h.engineHours, locale) })].filter(Boolean)
    if (parts.length === 0) return '—'
    return h.readingSource === 'latest' ? t('{reading} (latest recorded reading)', { reading: parts.join(' · ') }) : parts.join(' · ')
  }
  return (
    <Table containerProps={{ role: 'region', 'aria-label': t('Service history') }} data-testid="service-history">
      <TableHeader>
        <TableRow>
          <TableHead>{t('Date')}</TableHead>
          <TableHead>{t('Task')}</TableHead>
          <TableHead>{t('What')}</TableHead>
          <TableHead>{t('Reading')}</TableHead>
          <TableHead>{t('Performed by')}</TableHead>
          <TableHead>{t('Notes')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.history.map((h) => (
          <TableRow key={h.id} data-testid={`history-${h.id}`}>
            <TableCell cell="key" className="whitespace-nowrap">
              <time dateTime={h.performedOn}>{h.performedOnLabel}</time>
            </TableCell>
            <TableCell label={t('Task')}>
              <div className="break-words">{h.taskName}</div>
              <div className="text-xs text-muted-foreground">{h.programName}</div>
            </TableCell>
            <TableCell label={t('What')}>
              {h.kind === 'skipped' ? t('Occurrence skipped') : h.repairIdentifier ? t('Done at the repair shop ({code})', { code: h.repairIdentifier }) : t('Done')}
            </TableCell>
            <TableCell label={t('Reading')}>{readingText(h)}</TableCell>
            <TableCell label={t('Performed by')}>
              {h.performedBy ?? '—'}
              {h.costLabel ? (
                <div className="text-xs text-muted-foreground" data-testid="service-cost">
                  {t('Cost: {amount}', { amount: h.costLabel })}
                </div>
              ) : null}
            </TableCell>
            <TableCell label={t('Notes')} className="max-w-72 whitespace-normal">
              <span className="break-words">{h.kind === 'skipped' ? h.reason : (h.notes ?? '—')}</span>
              {h.documentId !== null ? (
                <a href={`/vehicles/${data.vehicleId}/documents/${h.documentId}`} className="block text-xs text-primary underline underline-offset-4">
                  {t('Invoice: {name}', { name: h.documentName ?? '' })}
                </a>
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

export default function VehicleMaintenancePage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const { t } = useT()
  const sendError = actionData?.intent === SERVICE_INTENT.sendToShop ? (actionData.formError ?? Object.values(actionData.fieldErrors ?? {})[0]) : null
  const sendable = data.due.some((d) => d.kind === 'task' && d.taskId !== null && !d.sentToShop)
  return (
    <div className="min-w-0 space-y-8">
      <PageHeader
        title={t('Maintenance of {bus}', { bus: data.vehicleIdentifier })}
        description={data.readOnly ? t('What is due on this bus and its service history (read-only).') : t('What is due on this bus, its service history, and the work to do.')}
        actions={
          <Link to={`/maintenance/${data.companyId}`} className="text-sm font-medium text-primary underline underline-offset-4">
            {t('What is due')}
          </Link>
        }
      />

      <section aria-labelledby="programs-title">
        <h2 id="programs-title" className="mb-2 text-lg font-semibold">
          {t('Programs')}
        </h2>
        {data.programs.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('This bus is in no service program.')}</p>
        ) : (
          <ul className="flex flex-wrap gap-2" data-testid="vehicle-programs">
            {data.programs.map((p) => (
              <li key={p.id} className="rounded-md border px-3 py-1.5 text-sm">
                {data.readOnly ? p.name : (
                  <Link to={`/maintenance/${data.companyId}/programs/${p.id}`} className="font-medium underline-offset-4 hover:underline">
                    {p.name}
                  </Link>
                )}{' '}
                <span className="text-muted-foreground">· {t('{count, plural, one {# task} other {# tasks}}', { count: p.tasks.length })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="due-title" className="space-y-3">
        <h2 id="due-title" className="text-lg font-semibold">
          {t('Due items')}
        </h2>
        {data.due.length === 0 ? (
          <EmptyState icon={WrenchIcon} titleAs="h3" title={t('Nothing is due on this bus')} />
        ) : (
          <>
            {data.readOnly ? null : <FormError message={sendError} testId="send-error" />}
            <DueTable data={data} actionData={actionData} />
            {data.readOnly || !sendable ? null : (
              <Form method="post" id={SEND_FORM_ID} className="flex flex-wrap items-center gap-3">
                <input type="hidden" name="intent" value={SERVICE_INTENT.sendToShop} />
                <Button type="submit" className="min-h-10" data-testid="send-to-shop">
                  <SendIcon aria-hidden="true" />
                  {t('Send to repair shop')}
                </Button>
                <span className="text-sm text-muted-foreground">{t('Tick the tasks to send; the repair shop gets one job with their checklists.')}</span>
              </Form>
            )}
          </>
        )}
        {data.openServiceActions.length ? (
          <ul className="space-y-1 text-sm" data-testid="open-service-actions">
            {data.openServiceActions.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center gap-2">
                <span>
                  {a.repairCompanyId === null ? t('{code}: waiting for a repair shop', { code: a.repairIdentifier }) : t('{code}: at the repair shop', { code: a.repairIdentifier })}
                </span>
                <a href={workOrderPath(data.companyId, a.id)} className="inline-flex items-center gap-1 text-primary underline underline-offset-4">
                  <PrinterIcon aria-hidden="true" className="size-4" />
                  {t('Work checklist')}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </section>

      {data.readOnly ? null : <RecordServiceForm data={data} actionData={actionData} />}

      <section aria-labelledby="history-title" className="space-y-3">
        <h2 id="history-title" className="text-lg font-semibold">
          {t('Service history')}
        </h2>
        <HistoryTable data={data} />
      </section>
    </div>
  )
}
