import { Link } from '@remix-run/react'
import { WrenchIcon } from 'lucide-react'
import { DueItemsTable, maintenanceVehicleHref, type DueItemView } from '#app/components/maintenance/due-items.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { useT } from '#app/utils/i18n.tsx'

/** The Maintenance tab's data: the bus's due items (its programs' tasks and the built-in items). */
export interface MaintenanceTabData {
  items: DueItemView[]
  /** The operator's view: read-only. */
  readOnly: boolean
}

/**
 * The fleet panel's Maintenance tab (issue 35): what is due on this bus, most urgent first, and
 * a link to the bus's maintenance page (its programs, history and, for the owner, the forms).
 */
export function MaintenanceTab({ data, companyId, vehicleId }: { data: MaintenanceTabData | null; companyId: number; vehicleId: number }) {
  const { t } = useT()
  return (
    <div className="flex flex-col gap-3" data-testid="maintenance-tab">
      {data && data.items.length > 0 ? (
        <DueItemsTable items={data.items} companyId={companyId} showVehicle={false} caption={t('Maintenance')} />
      ) : (
        <p className="text-sm text-muted-foreground">{t('Nothing is due on this bus')}</p>
      )}
      <div>
        <Link to={maintenanceVehicleHref(companyId, vehicleId)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <WrenchIcon aria-hidden />
          {t('Open maintenance')}
        </Link>
      </div>
    </div>
  )
}
