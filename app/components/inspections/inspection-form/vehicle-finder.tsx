import { Form, useNavigate, useNavigation } from '@remix-run/react'
import { Search } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Field } from '#app/components/forms/field.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { INSPECTION_TEXT, type InspectedVehicle } from '#server/inspections/inspection-schema.ts'
import { QrScan } from './qr-scan.tsx'
import { formatOdometer } from '#catalog/odometer.ts'

/** Step 1: the vehicle by its identifier (a GET form: works without JavaScript) or by its QR. */
export function VehicleFinder({ query, error, compact }: { query: string; error: string | null; compact?: boolean }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const navigation = useNavigation()
  const searching = navigation.state === 'loading' && navigation.location?.pathname === '/InspectionPage'
  return (
    <section aria-labelledby="find-vehicle-title" className="grid gap-3 rounded-lg border bg-card p-4">
      <h2 id="find-vehicle-title" className="text-lg font-semibold">
        {compact ? t('Another vehicle') : t('1. Find the vehicle')}
      </h2>
      <Form method="get" className="grid gap-2" role="search">
        <Field id="vehicle-query" name="vehicle" label={t('Vehicle identifier')} error={error} errorAlert live={false} className="gap-2">
          {(control) => (
            <div className="flex gap-2">
              <Input {...control} defaultValue={query} required maxLength={500} autoCapitalize="characters" autoComplete="off" className="h-11 min-w-0 flex-1" />
              <Button type="submit" className="h-11 shrink-0" disabled={searching}>
                <Search aria-hidden /> {t('Find')}
              </Button>
            </div>
          )}
        </Field>
      </Form>
      {hydrated ? <QrScan onScan={(text) => navigate(`/InspectionPage?vehicle=${encodeURIComponent(text)}`)} /> : null}
    </section>
  )
}

/** The vehicle being inspected: what is written on it, to check it is the right one. */
export function VehicleSummary({ vehicle }: { vehicle: InspectedVehicle }) {
  const { t, locale } = useT()
  const rows: [string, string][] = [
    [t('Identifier'), vehicle.vehicleIdentifier],
    [t('Make and model'), `${vehicle.make} ${vehicle.model}${vehicle.yearBuild ? ` (${vehicle.yearBuild})` : ''}`],
    [t('License plate'), vehicle.licensePlate],
    ...(vehicle.related || vehicle.vin !== null
      ? ([
          ['VIN', vehicle.vin ?? ''],
          [t('Odometer'), vehicle.odometer == null ? t('Not recorded') : formatOdometer(vehicle.odometer, locale)],
          [t('Next inspection'), vehicle.nextInspection ? formatDateOnly(vehicle.nextInspection, locale) : t('Not set')],
        ] as [string, string][])
      : []),
  ]
  return (
    <section aria-labelledby="vehicle-summary-title" className="rounded-lg border bg-card p-4" data-testid="vehicle-summary">
      <h2 id="vehicle-summary-title" className="mb-2 text-lg font-semibold">
        {t('Vehicle {vehicle}', { vehicle: vehicle.vehicleIdentifier })}
      </h2>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted-foreground">{k}</dt>
            <dd className="break-words font-medium">{v}</dd>
          </div>
        ))}
      </dl>
      {vehicle.related ? null : (
        <p className="mt-3 rounded-md border border-warning bg-warning/10 p-3 text-sm" data-testid="review-notice">
          {t(INSPECTION_TEXT.unrelatedNotice)}
        </p>
      )}
    </section>
  )
}
