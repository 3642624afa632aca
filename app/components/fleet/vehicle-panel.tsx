import { Form, Link } from '@remix-run/react'
import { BusFrontIcon, FileSignatureIcon, HistoryIcon } from 'lucide-react'
import { LEASE_STATE_LABELS } from '#catalog/compliance.ts'
import * as React from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { ExpiryBadge } from '#app/components/ui/expiry-badge.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#app/components/ui/tabs.tsx'
import { MaintenanceTab } from './maintenance-tab.tsx'
import { CostsTab } from './costs-tab.tsx'
import { cn } from '#app/utils/cn.ts'
import { InspectionsTab, PreInspectionsTab, RepairActionsTab } from '#app/components/inspections/form-tabs.tsx'
import { DocumentsTab } from './documents-tab.tsx'
import { EmergencyExitsTab } from './emergency-exits-tab.tsx'
import { OdometerHistory } from './odometer-history.tsx'
import { EngineHoursHistory } from './engine-hours-history.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { type FieldDef, VEHICLE_FORM_SECTIONS } from './vehicle-fields.ts'
import { FLEET_INTENT } from './intents.ts'
import { type FleetScope, vehicleImagePath } from './urls.ts'
import { type DetailTab, type OpenVehicle, type OperatorAssignmentView, type VehicleRecord, tabsFor } from './view-types.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT, type Translate } from '#app/utils/i18n.tsx'
import type { Locale } from '#catalog/i18n.ts'
import { useHrefWith } from './use-fleet-url.ts'

const EXPIRY_FIELDS = new Set(['licenseExpiry', 'insuranceExpiry', 'nextInspection'])

function valueText(field: FieldDef, value: VehicleRecord[string & keyof VehicleRecord], t: Translate, locale: Locale): string {
  if (field.kind === 'checkbox') return value === true ? t('Yes') : t('No')
  if (value === null || value === undefined || value === '') return '—'
  if (field.kind === 'select') return t(field.options.find((o) => o.value === String(value))?.label ?? 'Unknown')
  if (field.kind === 'date' && typeof value === 'string') return formatDateOnly(value, locale)
  return String(value)
}

/** Details: every field, read-only, by the dialog's sections. */
function DetailsView({ vehicle, today }: { vehicle: VehicleRecord; today: string }) {
  const { t, locale } = useT()
  return (
    // Sized by the panel's own width (container queries): the panel sits in a table that may scroll.
    <div className="@container">
      <div className="grid gap-4 @5xl:grid-cols-[1fr_auto]">
        <div className="grid gap-4 @2xl:grid-cols-2 @6xl:grid-cols-3">
          {VEHICLE_FORM_SECTIONS.map((s) => (
            <section key={s.section} aria-label={t(s.section)} className="rounded-md border bg-background p-3">
              <h4 className="mb-2 text-sm font-semibold">{t(s.section)}</h4>
              <dl className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
                {(s.fields as readonly FieldDef[]).map((f) => {
                  const value = vehicle[f.name as keyof VehicleRecord] as VehicleRecord[string & keyof VehicleRecord]
                  return (
                    <React.Fragment key={f.name}>
                      <dt className="text-muted-foreground">{t(f.label)}</dt>
                      <dd className="min-w-0 break-words" data-field={f.name}>
                        {EXPIRY_FIELDS.has(f.name) && typeof value === 'string' && value ? <ExpiryBadge date={value} today={today} showLabel /> : valueText(f, value, t, locale)}
                      </dd>
                    </React.Fragment>
                  )
                })}
              </dl>
            </section>
          ))}
        </div>
        <section aria-label={t('Image')} className="rounded-md border bg-background p-3">
          <h4 className="mb-2 text-sm font-semibold">{t('Image')}</h4>
          {vehicle.hasImage ? (
            <img src={vehicleImagePath(vehicle.id)} alt={t('Picture of {vehicle}', { vehicle: String(vehicle.vehicleIdentifier) })} width={320} height={240} className="h-60 w-80 max-w-full rounded border object-cover" />
          ) : (
            <div className="flex h-40 w-56 flex-col items-center justify-center gap-2 rounded border bg-muted text-sm text-muted-foreground">
              <BusFrontIcon aria-hidden="true" className="size-8" />
              {t('No picture')}
            </div>
          )}
        </section>
      </div>
    </div>
  )
}

function TabError({ message }: { message: string }) {
  const { t } = useT()
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
      {t(message)}
    </p>
  )
}

/** The owner ends an active assignment: a confirmation with JavaScript, a plain form post without. */
function EndAssignment({ id, operatorName, actionPath }: { id: number; operatorName: string; actionPath: string }) {
  const hydrated = useHydrated()
  const { t } = useT()
  const fields = (
    <>
      <input type="hidden" name="intent" value={FLEET_INTENT.endAssignment} />
      <input type="hidden" name="assignmentId" value={id} />
    </>
  )
  if (!hydrated) {
    return (
      <Form method="post" action={actionPath}>
        {fields}
        <Button type="submit" variant="outline" size="sm">
          {t('End assignment')}
        </Button>
      </Form>
    )
  }
  return (
    <ConfirmDialog
      title={t('End this assignment?')}
      description={t('Are you sure you want to end the assignment of {operator}? The operator loses access to this vehicle now.', { operator: operatorName })}
      confirmLabel={t('End assignment')}
      variant="destructive"
      formAs={Form}
      formProps={{ method: 'post', action: actionPath }}
      trigger={
        <Button type="button" variant="outline" size="sm">
          {t('End assignment')}
        </Button>
      }
    >
      {fields}
    </ConfirmDialog>
  )
}

/** "Starts on Dec 5, 2026": an approved assignment that has not started yet (decision 059). */
export function startsOnText(startDate: string, t: Translate = (id, v) => id.replace('{date}', String(v?.date)), locale: Locale = 'en'): string {
  return t('Starts on {date}', { date: formatDateOnly(startDate, locale) })
}

function AssignmentBadge({ a }: { a: OperatorAssignmentView }) {
  const { t, locale } = useT()
  if (a.state === 'Active') return <Badge variant="success">{t('Active')}</Badge>
  if (a.state === 'Upcoming') return <Badge variant="outline">{startsOnText(a.startDate, t, locale)}</Badge>
  return <Badge variant="secondary">{t('Ended')}</Badge>
}

/** The assignment's written lease (decision 064): its signing state, linking to the lease page. */
function LeaseLink({ lease }: { lease: OperatorAssignmentView['lease'] }) {
  const { t } = useT()
  if (!lease) return <span className="text-muted-foreground">—</span>
  return (
    <Link to={`/leases/${lease.id}`} className="inline-flex items-center gap-1 underline-offset-4 hover:underline" data-lease-state={lease.state}>
      <FileSignatureIcon aria-hidden="true" className="size-4" />
      {t(LEASE_STATE_LABELS[lease.state])}
    </Link>
  )
}

function OperatorsView({ assignments, actionPath }: { assignments: NonNullable<OpenVehicle['assignments']>; actionPath: string }) {
  const { t, locale } = useT()
  if (!assignments.length) {
    return <EmptyState icon={HistoryIcon} titleAs="p" title={t('No operator yet')} description={t("When you approve an operator's request for this vehicle, the assignment appears here.")} />
  }
  const current = assignments.filter((a) => a.state === 'Active')
  // Soonest first.
  const upcoming = assignments.filter((a) => a.state === 'Upcoming').reverse()
  const history = assignments.filter((a) => a.state === 'Ended')
  const table = (rows: typeof assignments, label: string) => (
    <Table containerProps={{ 'aria-label': label }}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('Operator')}</TableHead>
          <TableHead>{t('Start date')}</TableHead>
          <TableHead>{t('End date')}</TableHead>
          <TableHead>{t('Status')}</TableHead>
          <TableHead>{t('Lease')}</TableHead>
          {rows.some((a) => a.state !== 'Ended') ? <TableHead className="sr-only">{t('Actions')}</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((a, i) => (
          <TableRow key={`${a.operatorName}-${a.startDate}-${i}`} data-state={a.state}>
            <TableCell cell="key">{a.operatorName}</TableCell>
            <TableCell label={t('Start date')}>
              <time dateTime={a.startDate}>{formatDateOnly(a.startDate, locale)}</time>
            </TableCell>
            <TableCell label={t('End date')}>{a.endDate ? <time dateTime={a.endDate}>{formatDateOnly(a.endDate, locale)}</time> : t('Open-ended')}</TableCell>
            <TableCell label={t('Status')}>
              <AssignmentBadge a={a} />
            </TableCell>
            <TableCell label={t('Lease')}>
              <LeaseLink lease={a.lease} />
            </TableCell>
            {a.state !== 'Ended' ? (
              <TableCell cell="actions">
                <EndAssignment id={a.id} operatorName={a.operatorName} actionPath={actionPath} />
              </TableCell>
            ) : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
  return (
    <div className="grid gap-4">
      <section aria-label={t('Current operator')}>
        <h4 className="mb-2 text-sm font-semibold">{t('Current operator')}</h4>
        {current.length ? (
          table(current, t('Current operator'))
        ) : (
          <p className="text-sm text-muted-foreground">
            {upcoming.length ? t('No operator until {date}.', { date: formatDateOnly(upcoming[0]!.startDate, locale) }) : t('No operator is using this vehicle now.')}
          </p>
        )}
      </section>
      {upcoming.length ? (
        <section aria-label={t('Upcoming operators')}>
          <h4 className="mb-2 text-sm font-semibold">{t('Upcoming')}</h4>
          {table(upcoming, t('Upcoming operators'))}
        </section>
      ) : null}
      <section aria-label={t('Operator history')}>
        <h4 className="mb-2 text-sm font-semibold">{t('History')}</h4>
        {history.length ? table(history, t('Operator history')) : <p className="text-sm text-muted-foreground">{t('No earlier operators.')}</p>}
      </section>
    </div>
  )
}

/** The company of the fleet page (`/fleet/{companyId}…`), for the print links. */
const companyIdOfPath = (path: string) => /\/fleet(?:Operator)?\/(\d+)/.exec(path)?.[1] ?? ''

/**
 * The expanded row (spec section 2): Details, Operator history (owner),
 * Pre inspections, Inspections, Repair actions (owner), Documents (read-only
 * for operators). With JavaScript the tabs switch in place; without it each
 * tab is a link (`?open=…&tab=…`).
 */
export function VehiclePanel({ open, scope, tab, today, actionPath }: { open: OpenVehicle; scope: FleetScope; tab: DetailTab; today: string; actionPath: string }) {
  const hydrated = useHydrated()
  const { t } = useT()
  const hrefWith = useHrefWith()
  const [current, setCurrent] = React.useState<DetailTab>(tab)
  React.useEffect(() => setCurrent(tab), [tab])
  const tabs = tabsFor(scope)
  const identifier = String(open.vehicle.vehicleIdentifier)

  const content = (value: DetailTab) => {
    const error = open.errors[value]
    if (error) return <TabError message={error} />
    switch (value) {
      case 'details':
        return <><DetailsView vehicle={open.vehicle} today={today} /><OdometerHistory history={open.odometer} /><EngineHoursHistory history={open.engineHours ?? null} /></>
      case 'operators':
        return <OperatorsView assignments={open.assignments ?? []} actionPath={actionPath} />
      case 'preInspections':
        return <PreInspectionsTab items={open.preInspections} />
      case 'inspections':
        return <InspectionsTab items={open.inspections} actionPath={actionPath} />
      case 'repairs':
        return <RepairActionsTab items={open.repairs ?? []} />
      case 'emergencyExits':
        return <EmergencyExitsTab data={open.emergencyExits ?? null} companyId={companyIdOfPath(actionPath)} />
      case 'maintenance':
        return <MaintenanceTab data={open.maintenance ?? null} companyId={Number(companyIdOfPath(actionPath))} vehicleId={open.vehicle.id} />
      case 'costs':
        return <CostsTab data={open.costs ?? null} companyId={Number(companyIdOfPath(actionPath))} />
      case 'documents':
        // The Documents tab (its own component: list, download, upload and delete for owners).
        return (
          <DocumentsTab
            vehicleId={open.vehicle.id}
            documents={open.documents.documents}
            readOnly={scope !== 'owner' || open.documents.readOnly}
            actionPath={actionPath}
            error={open.documents.error}
          />
        )
    }
  }

  const heading = (
    <h3 className="mb-3 text-base font-semibold">
      {String(open.vehicle.make)} {String(open.vehicle.model)} <span className="font-mono text-sm text-muted-foreground">· {identifier}</span>
    </h3>
  )

  if (!hydrated) {
    return (
      <div data-testid="vehicle-panel">
        {heading}
        <nav aria-label={t('Tabs of {vehicle}', { vehicle: identifier })} className="mb-3 inline-flex max-w-full flex-wrap gap-1 rounded-lg bg-muted p-[3px]">
          {tabs.map((d) => (
            <Link
              key={d.value}
              to={hrefWith({ tab: d.value === 'details' ? null : d.value, dialog: null, id: null })}
              preventScrollReset
              aria-current={d.value === tab ? 'page' : undefined}
              className={cn('rounded-md px-2 py-1 text-sm font-medium', d.value === tab ? 'bg-background shadow-sm' : 'text-muted-foreground hover:text-foreground')}
            >
              {t(d.label)}
            </Link>
          ))}
        </nav>
        <section aria-label={t(tabs.find((d) => d.value === tab)?.label ?? '')}>{content(tab)}</section>
      </div>
    )
  }
  return (
    <div data-testid="vehicle-panel">
      {heading}
      <Tabs value={current} onValueChange={(v) => setCurrent(v as DetailTab)}>
        <TabsList aria-label={t('Tabs of {vehicle}', { vehicle: identifier })}>
          {tabs.map((d) => (
            <TabsTrigger key={d.value} value={d.value}>
              {t(d.label)}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((d) => (
          <TabsContent key={d.value} value={d.value} className="pt-2">
            {content(d.value)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  )
}
