import { Form, Link } from '@remix-run/react'
import { Bus, ClipboardCheck, OctagonAlert, Search, ShieldCheck } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { OUT_OF_SERVICE_LABEL } from '#catalog/defects.ts'
import { QueuedFilings } from './outbox.tsx'
import { useOutbox } from './use-outbox.ts'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'
import { DUE_STATE_LABELS, type DueState } from '#catalog/compliance.ts'

/** One bus of "my buses" as the dashboard's loader hands it over. */
export interface MyBusView {
  vehicleId: number
  vehicleIdentifier: string
  make: string | null
  model: string | null
  licensePlate: string | null
  operatorCompanyName: string
  outOfService: boolean
  openRepairs: number
  certifiedToAcknowledge: number
  lastPreTripDate: string | null
  todayPreTrip: 'none' | 'satisfactory' | 'defects'
  /** The 90-day emergency-exit check's state (decision 065); null when it cannot be read. */
  emergencyExitDue: DueState | null
}

const TODAY_TEXT = {
  none: msg('Pre-trip not done today'),
  satisfactory: msg('Pre-trip done today: satisfactory'),
  defects: msg('Pre-trip done today: defects reported'),
} as const

/** The due state's colour, beside its word (never the only signal). */
const EXIT_TONE: Record<DueState, string> = { overdue: 'text-danger', 'due-soon': 'text-warning-foreground dark:text-warning', ok: 'text-muted-foreground' }

/**
 * "My buses" on the driver's dashboard: the vehicles of their companies' active assignments,
 * today's pre-trip state, and the pre-trips saved on this phone (self-contained: the
 * dashboard only places it).
 */
export function MyBuses({
  userId,
  buses,
  total,
  search,
  companyId,
}: {
  userId: number
  buses: MyBusView[]
  /** Every bus that matches (more than shown: the search form appears). */
  total: number
  search: string
  /** The dashboard's company selector, kept by the search form. */
  companyId: number | null
}) {
  const hydrated = useHydrated()
  const { t, locale } = useT()
  const outbox = useOutbox(userId)
  const drafts = new Set((outbox?.drafts ?? []).map((d) => d.vehicleId))
  return (
    <section aria-labelledby="my-buses-title" className="grid grid-cols-1 gap-3" data-testid="my-buses">
      <h2 id="my-buses-title" className="flex items-center gap-2 text-xl font-semibold">
        <Bus className="size-5" aria-hidden /> {t('My buses')}
      </h2>
      {hydrated && outbox ? <QueuedFilings entries={outbox.entries} /> : null}
      {total > buses.length || search ? (
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label={t('Find a bus')}>
          <input type="hidden" name="view" value="driver" />
          {companyId !== null ? <input type="hidden" name="company" value={companyId} /> : null}
          <div className="grid min-w-0 flex-1 gap-1">
            <Label htmlFor="bus-search">{t('Find a bus')}</Label>
            <Input id="bus-search" name="bus" defaultValue={search} maxLength={40} placeholder={t('Identifier or plate')} className="min-h-11" />
          </div>
          <Button type="submit" variant="secondary" className="min-h-11">
            <Search className="size-4" aria-hidden /> {t('Find')}
          </Button>
          <p className="w-full text-sm text-muted-foreground" data-testid="my-buses-count">
            {search
              ? total > buses.length
                ? t('{total, plural, one {# bus matches} other {# buses match}} "{search}"; the first {shown} are shown.', { total, search, shown: buses.length })
                : t('{total, plural, one {# bus matches} other {# buses match}} "{search}".', { total, search })
              : t('The {shown} buses you drove most recently are shown first, of {total} assigned to your companies today.', { shown: buses.length, total })}
          </p>
        </Form>
      ) : null}
      {buses.length === 0 && search ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t('No assigned bus matches "{search}". Check the identifier on the bus, or scan its QR code.', { search })}</p>
      ) : buses.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          {t('No bus is assigned to your companies today. When your operator has an active assignment, its buses show here; you can also scan the QR code on the bus.')}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {buses.map((b) => (
            <li key={`${b.vehicleId}-${b.operatorCompanyName}`} className="grid grid-cols-1 gap-2 rounded-lg border bg-card p-3" data-testid="my-bus">
              <div className="min-w-0">
                <p className="text-lg font-semibold break-words">{b.vehicleIdentifier}</p>
                <p className="text-sm text-muted-foreground break-words">
                  {[b.make, b.model].filter(Boolean).join(' ')}
                  {b.licensePlate ? ` · ${t('Plate {plate}', { plate: b.licensePlate })}` : ''} · {b.operatorCompanyName}
                </p>
              </div>
              {b.outOfService ? (
                <p className="flex items-center gap-2 rounded-md bg-destructive px-2 py-1 text-sm font-semibold text-destructive-foreground">
                  <OctagonAlert className="size-4" aria-hidden /> {t(OUT_OF_SERVICE_LABEL)}
                </p>
              ) : null}
              <p className={`flex items-center gap-2 text-sm ${b.todayPreTrip === 'defects' ? 'text-destructive' : b.todayPreTrip === 'satisfactory' ? 'text-success' : ''}`} data-testid="today-pre-trip">
                <ClipboardCheck className="size-4" aria-hidden />
                {t(TODAY_TEXT[b.todayPreTrip])}
                {b.todayPreTrip === 'none' && b.lastPreTripDate ? ` ${t('(last: {date})', { date: formatDateOnly(b.lastPreTripDate, locale) })}` : ''}
              </p>
              {b.certifiedToAcknowledge > 0 ? (
                <p className="flex items-center gap-2 text-sm">
                  <ShieldCheck className="size-4 text-success" aria-hidden /> {t('A certified repair waits for your review')}
                </p>
              ) : b.openRepairs > 0 ? (
                <p className="text-sm text-muted-foreground">
                  {t('{count, plural, one {# open repair} other {# open repairs}}', { count: b.openRepairs })}
                </p>
              ) : null}
              <Button asChild className="min-h-11 w-full sm:w-auto sm:justify-self-start">
                <Link to={`/preTrip/${b.vehicleId}`}>{drafts.has(b.vehicleId) ? t('Continue pre-trip') : t('Start pre-trip')}</Link>
              </Button>
              {/* The 90-day emergency-exit check (decision 065): drivers of the operator file it too; its state as the bus's other pages say it. */}
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <Link to={`/emergencyExitCheck/${b.vehicleId}`} className="text-primary underline-offset-4 hover:underline">
                  {t('Emergency exits: 90-day check')}
                </Link>
                {b.emergencyExitDue ? (
                  <span className={`font-medium ${EXIT_TONE[b.emergencyExitDue]}`} data-testid="emergency-exit-due" data-due-state={b.emergencyExitDue}>
                    {t(DUE_STATE_LABELS[b.emergencyExitDue])}
                  </span>
                ) : null}
              </p>
              {/* The fuel and energy log (issue 36, decision 085): a fill-up or a charge from the phone. */}
              <p className="text-sm">
                <Link to={`/fuelUp/${b.vehicleId}`} className="text-primary underline-offset-4 hover:underline" data-testid="fuel-up-link">
                  {t('Record fuel or a charge')}
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
