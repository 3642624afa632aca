import { Form, Link, useActionData, useNavigation, useParams } from '@remix-run/react'
import { BadgeCheckIcon, ChevronRightIcon, CircleCheckIcon, CircleDashedIcon, PrinterIcon, WrenchIcon } from 'lucide-react'
import * as React from 'react'
import { applySearch, useHrefWith } from '#app/components/fleet/use-fleet-url.ts'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { ServerPagination } from '#app/components/ui/server-pagination.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { cn } from '#app/utils/cn.ts'
import { REPAIR_LIST_PAGE_SIZES, REPAIR_LIST_STATUS_OPTIONS } from '#catalog/repairs.ts'
import { REPAIR_TEXT } from '#catalog/texts.ts'
import { OutOfServiceBadge } from './out-of-service-badge.tsx'
import { RepairSourceLink } from './repair-source-link.tsx'
import { REPAIR_INTENT } from './intents.ts'
import { workOrderPath } from '#app/components/maintenance/service-intents.ts'
import { repairTaskName } from './task-name.ts'
import type { RepairActionView, RepairList, RepairTaskView } from './view-types.ts'
import { formatOdometer } from '#catalog/odometer.ts'
import { useT } from '#app/utils/i18n.tsx'

const odometerText = (n: number | null) => (n === null ? '—' : formatOdometer(n))
const vehicleText = (v: RepairActionView['vehicle']) => `${v.make} ${v.model}`

/** "Repaired" or "Pending repair", with an icon: never colour alone. */
function StatusBadge({ action }: { action: RepairActionView }) {
  const { t } = useT()
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        action.isRepaired ? 'bg-success text-success-foreground' : 'bg-warning text-warning-foreground',
      )}
      data-testid="repair-status"
    >
      {action.isRepaired ? <BadgeCheckIcon aria-hidden="true" className="size-3.5" /> : <WrenchIcon aria-hidden="true" className="size-3.5" />}
      {t(action.statusLabel)}
    </span>
  )
}

/** The certification once Repaired: when and by whom. */
function Certification({ action }: { action: RepairActionView }) {
  const { t } = useT()
  if (!action.isRepaired) return null
  return (
    <p className="text-sm" data-testid="certification">
      <BadgeCheckIcon aria-hidden="true" className="mr-1 inline size-4 align-text-bottom text-success" />
      {t('Repaired on {date} by {name}', { date: action.repairedAtLabel ?? '—', name: action.repairedByName ?? '—' })}
    </p>
  )
}

/**
 * The readings asked when the last pending task of a "Send to repair shop" action is completed
 * (decision 084): on that task's own form, so they work without JavaScript. Left blank, the
 * bus's latest reading is recorded and the service record says so.
 */
function ServiceReadingFields({ task }: { task: RepairTaskView }) {
  const { t } = useT()
  const actionData = useActionData<{ fieldErrors?: Record<string, string>; taskId?: number | null }>()
  const errors = actionData?.taskId === task.id ? actionData.fieldErrors : undefined
  return (
    <fieldset className="grid gap-2 sm:grid-cols-2" data-testid={`service-readings-${task.id}`}>
      <legend className="mb-1 text-xs text-muted-foreground">{t('The last task of scheduled maintenance: the readings now (blank: the latest recorded)')}</legend>
      <Field id={`odometer-${task.id}`} name="odometer" label={t('Odometer now')} errors={errors}>
        {(p) => <Input {...p} type="number" inputMode="numeric" min={0} step={1} className="w-full sm:w-36" />}
      </Field>
      <Field id={`engine-hours-${task.id}`} name="engineHours" label={t('Engine hours now')} errors={errors}>
        {(p) => <Input {...p} type="number" inputMode="decimal" min={0} step="0.1" className="w-full sm:w-36" />}
      </Field>
    </fieldset>
  )
}

/** One task's button: a plain form post, so it works without JavaScript. A certified action's tasks are kept as they are. */
function TaskButton({ task, action }: { task: RepairTaskView; action: RepairActionView }) {
  const navigation = useNavigation()
  const { t } = useT()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('taskId') === String(task.id)
  if (action.isRepaired) return null
  const next = task.status === 'Completed' ? 'Pending' : 'Completed'
  const label = t(next === 'Completed' ? REPAIR_TEXT.markCompleted : REPAIR_TEXT.markPending)
  const lastOfService = action.source?.kind === 'service' && next === 'Completed' && action.tasks.every((o) => o.id === task.id || o.status === 'Completed')
  return (
    <Form method="post" preventScrollReset className="flex flex-col items-stretch gap-2 sm:items-end">
      <input type="hidden" name="intent" value={REPAIR_INTENT.updateTaskStatus} />
      <input type="hidden" name="taskId" value={task.id} />
      <input type="hidden" name="status" value={next} />
      {lastOfService ? <ServiceReadingFields task={task} /> : null}
      <Button
        type="submit"
        size="sm"
        variant={next === 'Completed' ? 'default' : 'outline'}
        disabled={busy}
        aria-label={t('{action}: {task}', { action: label, task: repairTaskName(t, task.name) })}
        className="min-h-9"
        data-testid={`task-button-${task.id}`}
      >
        {label}
      </Button>
    </Form>
  )
}

function TaskStatus({ status }: { status: RepairTaskView['status'] }) {
  const done = status === 'Completed'
  const { t } = useT()
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs font-medium', done ? 'text-success' : 'text-muted-foreground')} data-testid="task-status">
      {done ? <CircleCheckIcon aria-hidden="true" className="size-4" /> : <CircleDashedIcon aria-hidden="true" className="size-4" />}
      {done ? t('Completed') : t('Pending')}
    </span>
  )
}

/** The expanded row (and each card): the tasks with their status, name, description and button. */
function TaskList({ action }: { action: RepairActionView }) {
  const { t } = useT()
  if (!action.tasks.length) return <p className="text-sm text-muted-foreground">{t('No tasks.')}</p>
  return (
    <ul className="divide-y rounded-md border bg-background" aria-label={t('Tasks of {code}', { code: action.repairIdentifier })}>
      {action.tasks.map((task) => (
        <li key={task.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid={`task-${task.id}`}>
          <div className="min-w-0 space-y-1">
            <TaskStatus status={task.status} />
            <p className="font-medium break-words">{repairTaskName(t, task.name)}</p>
            {task.description ? <p className="text-sm break-words text-muted-foreground">{task.description}</p> : null}
          </div>
          <div className="shrink-0">
            <TaskButton task={task} action={action} />
          </div>
        </li>
      ))}
    </ul>
  )
}

function Details({ action, withComments = false }: { action: RepairActionView; withComments?: boolean }) {
  const { t } = useT()
  return (
    <div className="space-y-3">
      <Certification action={action} />
      <p className="text-xs text-muted-foreground">{t('Created {date}', { date: action.createdAtLabel })}</p>
      {/* The table clamps long comments; the open row shows them whole. */}
      {withComments && action.comments ? <p className="max-w-prose text-sm break-words whitespace-pre-line">{action.comments}</p> : null}
      {action.source?.kind === 'service' ? <WorkChecklistLink action={action} /> : null}
      <CostsLink action={action} />
      <TaskList action={action} />
    </div>
  )
}

/** The repair action's cost lines and invoice (decision 085): a plain link. */
function CostsLink({ action }: { action: RepairActionView }) {
  const companyId = useParams().companyId ?? ''
  const { t } = useT()
  return (
    <Link to={`/repairActions/${companyId}/costs/${action.id}`} className="inline-flex items-center gap-1 text-sm text-primary underline underline-offset-4" data-testid={`costs-link-${action.id}`}>
      {t('Costs')}
    </Link>
  )
}

/** A "Send to repair shop" action's printable work checklist (decision 084): a plain link. */
function WorkChecklistLink({ action }: { action: RepairActionView }) {
  const companyId = useParams().companyId ?? ''
  const { t } = useT()
  return (
    <a href={workOrderPath(companyId, action.id)} className="inline-flex items-center gap-1 text-sm text-primary underline underline-offset-4" data-testid={`work-order-link-${action.id}`}>
      <PrinterIcon aria-hidden="true" className="size-4" />
      {t('Work checklist')}
    </a>
  )
}

/** From 768 px: the spec's table, a row opens to show its tasks. */
function RepairTable({ list, openId }: { list: RepairList; openId: number | null }) {
  const hrefWith = useHrefWith()
  const companyId = useParams().companyId ?? ''
  const { t } = useT()
  return (
    <Table containerProps={{ role: 'region', 'aria-label': t('Repair actions') }} data-testid="repairs-table">
      <TableHeader>
        <TableRow>
          <TableHead>
            <span className="sr-only">{t('Tasks')}</span>
          </TableHead>
          <TableHead>{t('Vehicle')}</TableHead>
          <TableHead>{t('Status')}</TableHead>
          <TableHead>{t('Vehicle identifier')}</TableHead>
          <TableHead className="text-right">{t('Odometer')}</TableHead>
          <TableHead>{t('Tasks')}</TableHead>
          <TableHead>{t('General comments')}</TableHead>
          <TableHead>{t('Repair code')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {list.items.map((a) => {
          const open = openId === a.id
          return (
            <React.Fragment key={a.id}>
              <TableRow data-testid={`repair-row-${a.id}`} data-state={open ? 'selected' : undefined}>
                <TableCell cell="actions" className="w-0">
                  <div className="flex items-center gap-1">
                    <Link
                      to={hrefWith({ open: open ? null : a.id })}
                      preventScrollReset
                      aria-expanded={open}
                      aria-controls={open ? `repair-tasks-${a.id}` : undefined}
                      aria-label={open ? t('Hide the tasks of {code}', { code: a.repairIdentifier }) : t('Show the tasks of {code}', { code: a.repairIdentifier })}
                      className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8')}
                      data-testid={`expand-repair-${a.id}`}
                    >
                      <ChevronRightIcon aria-hidden="true" className={cn('transition-transform', open && 'rotate-90')} />
                    </Link>
                    {a.source ? <RepairSourceLink source={a.source} companyId={companyId} label={a.repairIdentifier} /> : null}
                  </div>
                </TableCell>
                <TableCell cell="key">
                  <div className="font-medium">{vehicleText(a.vehicle)}</div>
                  <div className="font-mono text-xs text-muted-foreground">{a.vehicle.licensePlate}</div>
                </TableCell>
                <TableCell label={t('Status')}>
                  <div className="flex flex-col items-start gap-1">
                    <StatusBadge action={a} />
                    {a.outOfService ? <OutOfServiceBadge /> : null}
                  </div>
                </TableCell>
                <TableCell label={t('Vehicle identifier')} className="font-mono text-xs">{a.vehicle.vehicleIdentifier}</TableCell>
                <TableCell label={t('Odometer')} className="text-right tabular-nums">{odometerText(a.vehicle.odometer)}</TableCell>
                <TableCell label={t('Tasks')} className="whitespace-nowrap">
                  {t('{done} / {total} completed', { done: a.completedCount, total: a.tasks.length })}
                </TableCell>
                <TableCell label={t('General comments')} className="max-w-72 min-w-48 whitespace-normal">
                  <span className="line-clamp-3 break-words">{a.comments ?? '—'}</span>
                </TableCell>
                <TableCell label={t('Repair code')} className="font-mono text-xs">{a.repairIdentifier}</TableCell>
              </TableRow>
              {open ? (
                <tr id={`repair-tasks-${a.id}`} className="border-b bg-muted/30" data-testid={`repair-panel-${a.id}`}>
                  <td colSpan={8} className="p-3 whitespace-normal">
                    <Details action={a} withComments />
                  </td>
                </tr>
              ) : null}
            </React.Fragment>
          )
        })}
      </TableBody>
    </Table>
  )
}

/**
 * Below 768 px: one card per repair action, its status and task buttons in view, no sideways
 * scrolling. The card carries the anchor (`#repair-{id}`) the action redirects to, so without
 * JavaScript a phone comes back to the card it was working on.
 */
function RepairCards({ list }: { list: RepairList }) {
  const companyId = useParams().companyId ?? ''
  const { t } = useT()
  return (
    <ul className="space-y-3" aria-label={t('Repair actions')} data-testid="repairs-cards">
      {list.items.map((a) => (
        <li key={a.id} id={`repair-${a.id}`} className="min-w-0 rounded-lg border bg-card p-3 shadow-xs" data-testid={`repair-card-${a.id}`}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium break-words">
                {vehicleText(a.vehicle)} <span className="font-mono text-xs text-muted-foreground">{a.vehicle.licensePlate}</span>
              </p>
              <p className="font-mono text-xs break-all text-muted-foreground">
                {a.vehicle.vehicleIdentifier} · {a.repairIdentifier}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-1">
              <StatusBadge action={a} />
              {a.outOfService ? <OutOfServiceBadge /> : null}
              {a.source ? <RepairSourceLink source={a.source} companyId={companyId} label={a.repairIdentifier} /> : null}
            </div>
          </div>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('Odometer')}</dt>
            <dd className="tabular-nums">{odometerText(a.vehicle.odometer)}</dd>
            <dt className="text-muted-foreground">{t('Tasks')}</dt>
            <dd>{t('{done} / {total} completed', { done: a.completedCount, total: a.tasks.length })}</dd>
            <dt className="text-muted-foreground">{t('Comments')}</dt>
            <dd className="break-words">{a.comments ?? '—'}</dd>
          </dl>
          <div className="mt-3">
            <Details action={a} />
          </div>
        </li>
      ))}
    </ul>
  )
}

/** Pending repair / Repaired / All, as links (the filter lives in the URL). */
function StatusFilter({ list }: { list: RepairList }) {
  const hrefWith = useHrefWith()
  const { t } = useT()
  return (
    <nav aria-label={t('Filter by status')} className="mb-4 inline-flex flex-wrap gap-1 rounded-lg bg-muted p-1">
      {REPAIR_LIST_STATUS_OPTIONS.map((o) => {
        const active = list.status === o.value
        return (
          <Link
            key={o.value}
            to={hrefWith({ status: o.value, page: null, open: null })}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'min-h-9 rounded-md px-3 py-1.5 text-sm font-medium',
              active ? 'bg-background text-foreground shadow-xs' : 'text-muted-foreground hover:text-foreground',
            )}
            data-testid={`filter-${o.value}`}
          >
            {t(o.label)}
          </Link>
        )
      })}
    </nav>
  )
}

/** "Vehicle repairs" (spec section 2): the repair shop's repair actions, their tasks and certification. */
export function RepairActionsPage({ title, list, openId, search }: { title: string; list: RepairList; openId: number | null; search: string }) {
  const actionData = useActionData<{ formError?: string }>()
  const hrefWith = useHrefWith()
  const keep = [...applySearch(search, { page: null, pageSize: null, open: null }).entries()]
  const { t } = useT()
  return (
    <div className="min-w-0">
      <PageHeader title={title} description={t('Repair actions sent to this shop. Mark each task completed; when all are completed the repair is certified as Repaired with your name.')} />
      <StatusFilter list={list} />
      {list.error ? (
        <p role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
          {list.error}
        </p>
      ) : null}
      <FormError message={actionData?.formError} className="mb-4" testId="repair-error" />
      {list.items.length === 0 && !list.error ? (
        <EmptyState icon={WrenchIcon} title={t(REPAIR_TEXT.noRepairs)} description={t(REPAIR_TEXT.noRepairsHint)} />
      ) : (
        <>
          <div className="hidden md:block">
            <RepairTable list={list} openId={openId} />
          </div>
          <div className="md:hidden">
            <RepairCards list={list} />
          </div>
          <ServerPagination
            {...list}
            pageSizes={REPAIR_LIST_PAGE_SIZES}
            hrefFor={(page) => hrefWith({ page, open: null })}
            keep={keep}
            label={t('Repair action pages')}
            noun={t('repair actions')}
            id="repairs-page-size"
            countTestId="repairs-count"
          />
        </>
      )}
    </div>
  )
}
