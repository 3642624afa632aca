import { OctagonAlert } from 'lucide-react'
import { useT } from '#app/utils/i18n.tsx'
import type { PreTripPageData } from './types.ts'

/** The bus being checked: its name, plate and company, and what the driver must know first (out of service, lease). */
export function VehicleHeader({ data }: { data: PreTripPageData }) {
  const { t } = useT()
  const v = data.vehicle
  return (
    <header className="grid grid-cols-1 gap-2">
      <h1 className="text-2xl font-semibold tracking-tight break-words">{t('Pre-trip · {vehicle}', { vehicle: v.vehicleIdentifier })}</h1>
      <p className="text-sm text-muted-foreground break-words">
        {[v.make, v.model].filter(Boolean).join(' ') || t('Vehicle')}
        {v.licensePlate ? ` · ${t('Plate {plate}', { plate: v.licensePlate })}` : ''} · {data.operatorCompany.name}
      </p>
      {data.outOfService ? (
        <p role="alert" className="flex items-start gap-2 rounded-md bg-destructive p-3 font-semibold text-destructive-foreground" data-testid="out-of-service">
          <OctagonAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          {t('Out of service: an open repair affects safety. Do not drive this vehicle until it is repaired.')}
        </p>
      ) : null}
      {data.lease ? (
        <p className="rounded-md border p-3 text-sm" data-testid="lease-notice">
          {data.lease.notice}{' '}
          <a href={`/PrintLease/${data.lease.id}/pdf`} className="font-medium underline underline-offset-4">
            {t('Open the lease (PDF)')}
          </a>
          {data.lease.fullySigned ? null : ` · ${t('Not yet signed by both companies: ask your manager.')}`}
        </p>
      ) : null}
    </header>
  )
}
