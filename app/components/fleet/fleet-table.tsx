import { Form, Link, useNavigation } from '@remix-run/react'
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, BusFrontIcon, ChevronRightIcon, PencilIcon, Trash2Icon } from 'lucide-react'
import * as React from 'react'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { ExpiryBadge } from '#app/components/ui/expiry-badge.tsx'
import { ServerPagination } from '#app/components/ui/server-pagination.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { cn } from '#app/utils/cn.ts'
import { OutOfServiceBadge } from '#app/components/repairs/out-of-service-badge.tsx'
import { QrDialog, type QrTarget } from './qr-dialog.tsx'
import { PAGE_SIZES } from '#catalog/fleet.ts'
import type { SortColumn } from './filters.ts'
import { FLEET_INTENT } from './intents.ts'
import { FLEET_TEXT } from './texts.ts'
import { type FleetScope, vehicleImagePath } from './urls.ts'
import type { FleetList, FleetRow } from './view-types.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'
import { applySearch, useCurrentSearch, useHrefWith } from './use-fleet-url.ts'

/** The sortable data columns, in the spec's order. */
const COLUMNS: { key: SortColumn; label: string }[] = [
  { key: 'vehicleIdentifier', label: msg('Vehicle identifier') },
  { key: 'make', label: msg('Make') },
  { key: 'model', label: msg('Model') },
  { key: 'licensePlate', label: msg('License plate') },
  { key: 'licenseExpiry', label: msg('License expiry') },
  { key: 'insuranceExpiry', label: msg('Insurance expiry') },
  { key: 'nextInspection', label: msg('Next inspection') },
  { key: 'fuelType', label: msg('Fuel type') },
]

/** A column header that sorts by a link (works without JavaScript); a second click reverses. */
function SortHeader({ column, label, list }: { column: SortColumn; label: string; list: FleetList }) {
  const { t } = useT()
  const hrefWith = useHrefWith()
  const active = list.sort === column
  const nextDir = active && list.dir === 'asc' ? 'desc' : 'asc'
  const Icon = !active ? ArrowUpDownIcon : list.dir === 'asc' ? ArrowUpIcon : ArrowDownIcon
  return (
    <TableHead aria-sort={active ? (list.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <Link
        to={hrefWith({ sort: column, dir: nextDir, page: null, open: null, tab: null })}
        preventScrollReset
        className="-ml-2 inline-flex items-center gap-1 rounded-md px-2 py-1 hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        {t(label)}
        <Icon aria-hidden="true" className={cn('size-3.5', !active && 'text-muted-foreground')} />
        <span className="sr-only">
          {active
            ? list.dir === 'asc'
              ? t(', sorted ascending; sort descending')
              : t(', sorted descending; sort ascending')
            : t(', sort ascending')}
        </span>
      </Link>
    </TableHead>
  )
}

function Thumbnail({ row }: { row: FleetRow }) {
  const { t } = useT()
  if (!row.hasImage) {
    return (
      <span className="flex h-9 w-12 items-center justify-center rounded border bg-muted text-muted-foreground" title={t('No picture')}>
        <BusFrontIcon aria-hidden="true" className="size-5" />
        <span className="sr-only">{t('No picture')}</span>
      </span>
    )
  }
  return <img src={vehicleImagePath(row.id, row.imageVersion)} alt={t('Picture of {vehicle}', { vehicle: row.vehicleIdentifier })} width={48} height={36} loading="lazy" className="h-9 w-12 rounded border object-cover" />
}

/** Delete with the spec's confirmation: a dialog with JavaScript, a confirmation view (`?dialog=delete`) without. */
function DeleteButton({ row }: { row: FleetRow }) {
  const hydrated = useHydrated()
  const hrefWith = useHrefWith()
  const { t } = useT()
  const label = t('Delete {vehicle}', { vehicle: row.vehicleIdentifier })
  if (!hydrated) {
    return (
      <Link to={hrefWith({ dialog: 'delete', id: row.id })} aria-label={label} title={label} className={buttonVariants({ variant: 'ghost', size: 'icon' })}>
        <Trash2Icon aria-hidden="true" />
      </Link>
    )
  }
  return (
    <DeleteVehicleDialog
      vehicle={row}
      trigger={
        <Button type="button" variant="ghost" size="icon" aria-label={label} title={label} data-testid={`delete-${row.id}`}>
          <Trash2Icon aria-hidden="true" />
        </Button>
      }
    />
  )
}

/** The spec's delete confirmation of a vehicle, posting `intent=deleteVehicle` to the page's action (JavaScript). */
export function DeleteVehicleDialog({
  vehicle,
  ...open
}: { vehicle: { id: number; vehicleIdentifier: string } } & Pick<React.ComponentProps<typeof ConfirmDialog>, 'trigger' | 'open' | 'onOpenChange'>) {
  const { t } = useT()
  return (
    <ConfirmDialog
      {...open}
      title={t('Delete {vehicle}', { vehicle: vehicle.vehicleIdentifier })}
      description={t(FLEET_TEXT.confirmDelete)}
      confirmLabel={t('Delete')}
      variant="destructive"
      formAs={Form}
      formProps={{ method: 'post', preventScrollReset: true }}
      confirmButtonProps={{ name: 'intent', value: FLEET_INTENT.delete }}
    >
      <input type="hidden" name="id" value={vehicle.id} />
    </ConfirmDialog>
  )
}

function Row({ row, list, scope, isOpen, panel, onQr }: { row: FleetRow; list: FleetList; scope: FleetScope; isOpen: boolean; panel: React.ReactNode; onQr: (t: QrTarget) => void }) {
  const hydrated = useHydrated()
  const hrefWith = useHrefWith()
  const panelId = `vehicle-panel-${row.id}`
  const { t } = useT()
  const columns = scope === 'owner' ? 12 : 11
  const qrLabel = t('Scan QR code: {vehicle}', { vehicle: row.vehicleIdentifier })
  const qrImage = <img src={row.qr} alt="" width={28} height={28} loading="lazy" className="size-7 shrink-0 rounded border bg-white p-0.5" />
  return (
    <>
      <TableRow data-testid={`vehicle-row-${row.id}`} data-state={isOpen ? 'selected' : undefined}>
        <TableCell cell="actions" className="w-0">
          <Link
            to={hrefWith(isOpen ? { open: null, tab: null, dialog: null, id: null } : { open: row.id, tab: null, dialog: null, id: null })}
            preventScrollReset
            aria-expanded={isOpen}
            aria-controls={isOpen ? panelId : undefined}
            aria-label={isOpen ? t('Close details of {vehicle}', { vehicle: row.vehicleIdentifier }) : t('Open details of {vehicle}', { vehicle: row.vehicleIdentifier })}
            className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'size-8')}
            data-testid={`expand-${row.id}`}
          >
            <ChevronRightIcon aria-hidden="true" className={cn('transition-transform', isOpen && 'rotate-90')} />
          </Link>
        </TableCell>
        {scope === 'owner' ? (
          <TableCell cell="actions" className="w-0">
            <div className="flex items-center">
              <Link
                to={hrefWith({ dialog: 'edit', id: row.id })}
                preventScrollReset
                aria-label={t('Edit {vehicle}', { vehicle: row.vehicleIdentifier })}
                title={t('Edit {vehicle}', { vehicle: row.vehicleIdentifier })}
                className={buttonVariants({ variant: 'ghost', size: 'icon' })}
                data-testid={`edit-${row.id}`}
              >
                <PencilIcon aria-hidden="true" />
              </Link>
              <DeleteButton row={row} />
            </div>
          </TableCell>
        ) : null}
        <TableCell label={t('Image')}>
          <Thumbnail row={row} />
        </TableCell>
        <TableCell cell="key">
          <div className="flex items-center gap-2">
            {hydrated ? (
              <button type="button" onClick={() => onQr(row)} aria-label={qrLabel} title={qrLabel} className="rounded focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none" data-testid={`qr-${row.id}`}>
                {qrImage}
              </button>
            ) : (
              <Link to={hrefWith({ dialog: 'qr', id: row.id })} aria-label={qrLabel} title={qrLabel} className="rounded">
                {qrImage}
              </Link>
            )}
            <span className="flex flex-col items-start gap-1">
              <span className="font-mono text-xs font-medium">{row.vehicleIdentifier}</span>
              {row.outOfService ? <OutOfServiceBadge /> : null}
            </span>
          </div>
        </TableCell>
        <TableCell label={t('Make')}>{row.make}</TableCell>
        <TableCell label={t('Model')}>{row.model}</TableCell>
        <TableCell label={t('License plate')} className="font-mono text-xs">{row.licensePlate}</TableCell>
        <TableCell label={t('License expiry')}>
          <ExpiryBadge date={row.licenseExpiry} today={list.today} />
        </TableCell>
        <TableCell label={t('Insurance expiry')}>
          <ExpiryBadge date={row.insuranceExpiry} today={list.today} />
        </TableCell>
        <TableCell label={t('Next inspection')}>
          <ExpiryBadge date={row.nextInspection} today={list.today} />
        </TableCell>
        <TableCell label={t('Fuel type')}>{t(row.fuelTypeLabel)}</TableCell>
      </TableRow>
      {isOpen ? (
        <tr id={panelId} className="border-b bg-muted/30" data-testid={`vehicle-panel-${row.id}`}>
          <td colSpan={columns} className="p-0 whitespace-normal">
            {/* As wide as the visible part of the scrolling table, and kept in view when it scrolls sideways. */}
            <div className="sticky left-0 w-[100cqw] px-3 py-4">{panel}</div>
          </td>
        </tr>
      ) : null}
    </>
  )
}

/** Page sizes 10, 20, 30 and page links; every link keeps the filters. */
function Pagination({ list }: { list: FleetList }) {
  const { t } = useT()
  const hrefWith = useHrefWith()
  const search = useCurrentSearch()
  // The page-size form carries the other params along (without JavaScript too).
  const keep = applySearch(search, { page: null, pageSize: null, open: null, tab: null, dialog: null, id: null })
  return (
    <ServerPagination
      {...list}
      pageSizes={PAGE_SIZES}
      hrefFor={(page) => hrefWith({ page, open: null, tab: null, dialog: null, id: null })}
      keep={[...keep.entries()]}
      label={t('Fleet pages')}
      noun="vehicles"
      id="fleet-page-size"
      countTestId="fleet-count"
    />
  )
}

/**
 * The fleet table (spec section 2, "Vehicle Management"): edit and delete
 * (owners only), image, identifier with a small QR, make, model, plate, the
 * three expiry dates with their warnings, fuel type; sortable headers, paging
 * 10/20/30, and the open row's panel under its row.
 */
export function FleetTable({ list, scope, openId, panel }: { list: FleetList; scope: FleetScope; openId: number | null; panel: React.ReactNode }) {
  const { t } = useT()
  const [qr, setQr] = React.useState<QrTarget | null>(null)
  const navigation = useNavigation()
  const busy = navigation.state === 'loading' && navigation.formMethod === undefined
  return (
    <>
      <div aria-busy={busy || undefined} className={cn('transition-opacity', busy && 'opacity-60')}>
        <Table containerProps={{ role: 'region', 'aria-label': t('Vehicles') }} density="compact" data-testid="fleet-table">
          <TableHeader>
            <TableRow>
              <TableHead>
                <span className="sr-only">{t('Details')}</span>
              </TableHead>
              {scope === 'owner' ? <TableHead>{t('Actions')}</TableHead> : null}
              <TableHead>{t('Image')}</TableHead>
              {COLUMNS.map((c) => (
                <SortHeader key={c.key} column={c.key} label={c.label} list={list} />
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.items.map((row) => (
              <Row key={row.id} row={row} list={list} scope={scope} isOpen={openId === row.id} panel={openId === row.id ? panel : null} onQr={setQr} />
            ))}
          </TableBody>
        </Table>
      </div>
      <Pagination list={list} />
      <QrDialog target={qr} onClose={() => setQr(null)} />
    </>
  )
}
