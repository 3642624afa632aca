import { Link } from '@remix-run/react'
import { OctagonAlertIcon, TriangleAlertIcon, WrenchIcon } from 'lucide-react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { formatDateOnly, formatNumber } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { dueStateLabel, type DueState } from '#catalog/maintenance.ts'
import type { DueItem } from '#server/alerts/due-items.server.ts'

/** A due item as the pages show it: the list's row without the ids the pages do not use. */
export type DueItemView = Omit<DueItem, 'ownerCompanyId' | 'programId'>

/** The page of one bus's maintenance: its due items, history and "Send to repair shop". */
export const maintenanceVehicleHref = (companyId: number, vehicleId: number) => `/maintenance/${companyId}/vehicles/${vehicleId}`

/** The state in words with an icon (never colour alone). */
export function DueStateBadge({ state }: { state: DueState }) {
  const { t } = useT()
  const variant = state === 'Overdue' ? 'danger' : state === 'DueSoon' ? 'warning' : 'outline'
  const Icon = state === 'Overdue' ? OctagonAlertIcon : state === 'DueSoon' ? TriangleAlertIcon : null
  return (
    <Badge variant={variant} data-state={state}>
      {Icon ? <Icon aria-hidden /> : null}
      {t(dueStateLabel(state))}
    </Badge>
  )
}

/** A due point in its units: the date, then the odometer and the engine hours (each only when set). */
function Point({ date, odometer, hours }: { date: string | null; odometer: number | null; hours: number | null }) {
  const { t, locale } = useT()
  const parts = [
    date ? formatDateOnly(date, locale) : null,
    odometer !== null ? t('{miles} mi', { miles: formatNumber(Math.round(odometer), locale) }) : null,
    hours !== null ? t('{n} h', { n: formatNumber(Math.round(hours * 10) / 10, locale) }) : null,
  ].filter((p): p is string => p !== null)
  return parts.length ? (
    <span className="flex flex-col gap-0.5 sm:whitespace-nowrap">
      {parts.map((p) => (
        <span key={p}>{p}</span>
      ))}
    </span>
  ) : (
    <span className="text-muted-foreground">—</span>
  )
}

/**
 * The due items as one table whose rows become cards below 40rem (decision 055, CSS only: one
 * tree for phones and laptops). `showVehicle`: the bus column (the due list); each bus links to
 * its maintenance page. Nothing here changes anything: actions live on the bus's page.
 */
export function DueItemsTable({
  items,
  companyId,
  showVehicle = true,
  caption,
}: {
  items: DueItemView[]
  companyId: number
  showVehicle?: boolean
  caption?: string
}) {
  const { t, locale } = useT()
  return (
    <Table data-testid="due-items" aria-label={caption}>
      <TableHeader>
        <TableRow>
          {showVehicle ? <TableHead>{t('Bus')}</TableHead> : null}
          <TableHead>{t('Task')}</TableHead>
          <TableHead>{t('State')}</TableHead>
          <TableHead>{t('Last service')}</TableHead>
          <TableHead>{t('Next due')}</TableHead>
          <TableHead>{t('Projected')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((i) => (
          <TableRow key={`${i.vehicleId}-${i.kind}-${i.taskId ?? ''}`} data-state={i.state} data-kind={i.kind}>
            {showVehicle ? (
              <TableCell cell="key">
                <Link to={maintenanceVehicleHref(companyId, i.vehicleId)} className="font-medium text-primary underline-offset-4 hover:underline">
                  {i.vehicleIdentifier}
                </Link>
              </TableCell>
            ) : null}
            <TableCell label={t('Task')} cell={showVehicle ? undefined : 'key'} className="whitespace-normal">
              <span className="flex flex-col gap-0.5">
                <span className="font-medium break-words">{i.kind === 'task' ? i.taskName : t(i.taskName)}</span>
                <span className="text-xs text-muted-foreground break-words">{i.programName ?? t('Built-in')}</span>
              </span>
            </TableCell>
            <TableCell label={t('State')}>
              <span className="flex flex-wrap items-center gap-1">
                <DueStateBadge state={i.state} />
                {i.sentToShop ? (
                  <Badge variant="secondary">
                    <WrenchIcon aria-hidden />
                    {t('At the repair shop')}
                  </Badge>
                ) : null}
              </span>
            </TableCell>
            <TableCell label={t('Last service')}>
              {i.lastServiceOn ? <Point date={i.lastServiceOn} odometer={i.lastOdometer} hours={i.lastEngineHours} /> : <span className="text-muted-foreground">{t('Never')}</span>}
            </TableCell>
            <TableCell label={t('Next due')}>
              <Point date={i.nextDueDate} odometer={i.nextDueOdometer} hours={i.nextDueEngineHours} />
            </TableCell>
            <TableCell label={t('Projected')}>
              {i.projectedDueDate ? <time dateTime={i.projectedDueDate}>{formatDateOnly(i.projectedDueDate, locale)}</time> : <span className="text-muted-foreground">—</span>}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
