import { Form, Link } from '@remix-run/react'
import { Bus, ClipboardCheck, OctagonAlert, Search, ShieldCheck } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { OUT_OF_SERVICE_LABEL } from '#catalog/checklists.ts'
import { QueuedFilings, useOutbox } from './outbox.tsx'

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
}

const TODAY_TEXT = {
  none: 'Pre-trip not done today',
  satisfactory: 'Pre-trip done today: satisfactory',
  defects: 'Pre-trip done today: defects reported',
} as const

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
  const outbox = useOutbox(userId)
  const drafts = new Set((outbox?.drafts ?? []).map((d) => d.vehicleId))
  return (
    <section aria-labelledby="my-buses-title" className="grid grid-cols-1 gap-3" data-testid="my-buses">
      <h2 id="my-buses-title" className="flex items-center gap-2 text-xl font-semibold">
        <Bus className="size-5" aria-hidden /> My buses
      </h2>
      {hydrated && outbox ? <QueuedFilings entries={outbox.entries} /> : null}
      {total > buses.length || search ? (
        <Form method="get" className="flex flex-wrap items-end gap-2" role="search" aria-label="Find a bus">
          <input type="hidden" name="view" value="driver" />
          {companyId !== null ? <input type="hidden" name="company" value={companyId} /> : null}
          <div className="grid min-w-0 flex-1 gap-1">
            <Label htmlFor="bus-search">Find a bus</Label>
            <Input id="bus-search" name="bus" defaultValue={search} maxLength={40} placeholder="Identifier or plate" className="min-h-11" />
          </div>
          <Button type="submit" variant="secondary" className="min-h-11">
            <Search className="size-4" aria-hidden /> Find
          </Button>
          <p className="w-full text-sm text-muted-foreground" data-testid="my-buses-count">
            {search
              ? `${total} bus${total === 1 ? '' : 'es'} match "${search}"${total > buses.length ? `; the first ${buses.length} are shown` : ''}.`
              : `The ${buses.length} buses you drove most recently are shown first, of ${total} assigned to your companies today.`}
          </p>
        </Form>
      ) : null}
      {buses.length === 0 && search ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">No assigned bus matches "{search}". Check the identifier on the bus, or scan its QR code.</p>
      ) : buses.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          No bus is assigned to your companies today. When your operator has an active assignment, its buses show here; you can also scan the QR code on the bus.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
          {buses.map((b) => (
            <li key={`${b.vehicleId}-${b.operatorCompanyName}`} className="grid grid-cols-1 gap-2 rounded-lg border bg-card p-3" data-testid="my-bus">
              <div className="min-w-0">
                <p className="text-lg font-semibold break-words">{b.vehicleIdentifier}</p>
                <p className="text-sm text-muted-foreground break-words">
                  {[b.make, b.model].filter(Boolean).join(' ')}
                  {b.licensePlate ? ` · Plate ${b.licensePlate}` : ''} · {b.operatorCompanyName}
                </p>
              </div>
              {b.outOfService ? (
                <p className="flex items-center gap-2 rounded-md bg-destructive px-2 py-1 text-sm font-semibold text-destructive-foreground">
                  <OctagonAlert className="size-4" aria-hidden /> {OUT_OF_SERVICE_LABEL}
                </p>
              ) : null}
              <p className={`flex items-center gap-2 text-sm ${b.todayPreTrip === 'defects' ? 'text-destructive' : b.todayPreTrip === 'satisfactory' ? 'text-success' : ''}`} data-testid="today-pre-trip">
                <ClipboardCheck className="size-4" aria-hidden />
                {TODAY_TEXT[b.todayPreTrip]}
                {b.todayPreTrip === 'none' && b.lastPreTripDate ? ` (last: ${formatDateOnly(b.lastPreTripDate)})` : ''}
              </p>
              {b.certifiedToAcknowledge > 0 ? (
                <p className="flex items-center gap-2 text-sm">
                  <ShieldCheck className="size-4 text-success" aria-hidden /> A certified repair waits for your review
                </p>
              ) : b.openRepairs > 0 ? (
                <p className="text-sm text-muted-foreground">
                  {b.openRepairs} open repair{b.openRepairs > 1 ? 's' : ''}
                </p>
              ) : null}
              <Button asChild className="min-h-11 w-full sm:w-auto sm:justify-self-start">
                <Link to={`/preTrip/${b.vehicleId}`}>{drafts.has(b.vehicleId) ? 'Continue pre-trip' : 'Start pre-trip'}</Link>
              </Button>
              {/* The 90-day emergency-exit check (decision 065): drivers of the operator file it too. */}
              <Link to={`/emergencyExitCheck/${b.vehicleId}`} className="text-sm text-primary underline-offset-4 hover:underline">
                Emergency exits: 90-day check
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
