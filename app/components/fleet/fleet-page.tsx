import { Form, Link, useActionData, useLocation, useNavigate } from '@remix-run/react'
import { BusFrontIcon, PlusIcon, SearchXIcon } from 'lucide-react'
import * as React from 'react'
import { toast } from 'sonner'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { FleetCsvActions } from '#app/components/fleet/import/fleet-csv-actions.tsx'
import type { FleetDialog, FleetLoaderData } from '#app/routes/_app+/fleet.server.ts'
import { FleetFilters } from './fleet-filters.tsx'
import { DeleteVehicleDialog, FleetTable } from './fleet-table.tsx'
import { QrContent, QrDialog } from './qr-dialog.tsx'
import { type VehicleFormResult, emptyVehicleValues } from './vehicle-fields.ts'
import { filtersFromSearch, hasActiveFilters } from './filters.ts'
import { FLEET_INTENT } from './intents.ts'
import { FLEET_TEXT } from './texts.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT } from '#app/utils/i18n.tsx'
import { applySearch, hrefOf, useHrefWith } from './use-fleet-url.ts'
import { UpcomingAssignments } from './upcoming-assignments.tsx'
import { VehicleDialog as ServerVehicleDialog } from './vehicle-form.tsx'
import { VehiclePanel as ServerVehiclePanel } from './vehicle-panel.tsx'

// The add/edit dialog's code loads in the browser when it opens (decision 053); the server renders
// it at once (the no-JavaScript box), and hydration waits for it inside its Suspense boundary.
const VehicleDialog = import.meta.env.SSR
  ? ServerVehicleDialog
  : React.lazy(() => import('./vehicle-form.tsx').then((m) => ({ default: m.VehicleDialog })))
// The open row's panel likewise (tabs, documents, odometer history, form dialogs).
const VehiclePanel = import.meta.env.SSR
  ? ServerVehiclePanel
  : React.lazy(() => import('./vehicle-panel.tsx').then((m) => ({ default: m.VehiclePanel })))

export type FleetPageData = Omit<FleetLoaderData, 'messages'>

const CLOSE_DIALOG = { dialog: null, id: null } as const

function Notice({ children }: { children: React.ReactNode }) {
  return (
    <p role="alert" className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm">
      {children}
    </p>
  )
}

/** Without JavaScript a dialog is a box on the page (`?dialog=…`); with it, a modal. */
function InlineBox({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <section aria-labelledby="fleet-inline-title" className="mb-6 max-w-lg rounded-lg border bg-card p-4 shadow-sm sm:p-6" data-testid={testId}>
      <h2 id="fleet-inline-title" className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

function DeleteConfirm({ dialog, closeHref }: { dialog: Extract<FleetDialog, { kind: 'delete' }>; closeHref: string }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const close = () => navigate(closeHref, { preventScrollReset: true, replace: true })
  if (hydrated) {
    return (
      <DeleteVehicleDialog vehicle={dialog} open onOpenChange={(open) => (open ? undefined : close())} />
    )
  }
  return (
    <InlineBox title={t('Delete {vehicle}', { vehicle: dialog.vehicleIdentifier })} testId="delete-confirm">
      <Form method="post" preventScrollReset className="grid gap-4">
        <p className="text-sm">{t(FLEET_TEXT.confirmDelete)}</p>
        <input type="hidden" name="id" value={dialog.id} />
        <div className="flex gap-2">
          <Button type="submit" variant="destructive" name="intent" value={FLEET_INTENT.delete}>
            {t('Delete')}
          </Button>
          <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: 'outline' })}>
            {t('Cancel')}
          </Link>
        </div>
      </Form>
    </InlineBox>
  )
}

function QrView({ dialog, closeHref }: { dialog: Extract<FleetDialog, { kind: 'qr' }>; closeHref: string }) {
  const { t } = useT()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  if (hydrated) return <QrDialog target={dialog} onClose={() => navigate(closeHref, { preventScrollReset: true, replace: true })} />
  return (
    <InlineBox title={t(FLEET_TEXT.scanQr)} testId="qr-inline">
      <QrContent target={dialog} />
      <p className="mt-4 text-center">
        <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: 'outline' })}>
          {t('Close')}
        </Link>
      </p>
    </InlineBox>
  )
}

/** The action's answer that belongs to the open Add/Edit dialog. */
function useFormResult(kind: 'add' | 'edit' | null): VehicleFormResult | null {
  const actionData = useActionData() as Partial<VehicleFormResult> & { formError?: string; toast?: VehicleFormResult['toast'] } | undefined
  if (!actionData || !kind || !actionData.values) return null
  const intents = kind === 'add' ? [FLEET_INTENT.add, FLEET_INTENT.vinLookup] : [FLEET_INTENT.edit]
  return (intents as string[]).includes(actionData.intent ?? '') ? (actionData as VehicleFormResult) : null
}

/**
 * The fleet page (spec section 2, "Vehicle Management"), shared by owners
 * (`/fleet`) and operators (`/fleetOperator`, read-only).
 */
export function FleetPage({ data }: { data: FleetPageData }) {
  const { scope, list, open, openId, openTab, openError, dialog, dialogError } = data
  const { t } = useT()
  const location = useLocation()
  const hrefWith = useHrefWith()
  const owner = scope === 'owner'
  const closeHref = hrefOf(applySearch(location.search, CLOSE_DIALOG))
  const formKind = dialog?.kind === 'add' || dialog?.kind === 'edit' ? dialog.kind : null
  const result = useFormResult(formKind)
  const actionData = useActionData() as { toast?: VehicleFormResult['toast'] } | undefined
  React.useEffect(() => {
    // An answer with no dialog to show it (e.g. the operator page refusing a post).
    if (!formKind && actionData?.toast) toast.error(t(actionData.toast.message), { duration: 3200 })
  }, [actionData, formKind, t])

  const filters = filtersFromSearch(new URLSearchParams(location.search))
  const filtered = hasActiveFilters(filters)
  // The Documents tab posts here and comes back to the same row and tab.
  const documentsActionPath = `${location.pathname}${hrefOf(applySearch(location.search, { ...CLOSE_DIALOG, open: openId, tab: 'documents' }))}`
  const panel = open ? (
    <React.Suspense fallback={null}>
      <VehiclePanel open={open} scope={scope} tab={openTab} today={list.today} actionPath={documentsActionPath} />
    </React.Suspense>
  ) : null
  const openOnPage = openId !== null && list.items.some((i) => i.id === openId)

  const addLink = (
    <Link to={hrefWith({ dialog: 'add', id: null })} preventScrollReset className={buttonVariants()} data-testid="add-vehicle">
      <PlusIcon aria-hidden="true" />
      {t(FLEET_TEXT.addVehicle)}
    </Link>
  )

  return (
    <>
      <PageHeader
        title={data.title}
        description={owner ? t('Your company’s vehicles, their papers and their history.') : t('The vehicles your company operates (read-only).')}
        actions={
          <>
            {owner ? addLink : null}
            <FleetCsvActions scope={scope} companyId={data.companyId} search={location.search} />
          </>
        }
      />
      {dialogError ? <Notice>{t(dialogError)}</Notice> : null}
      {openError ? <Notice>{t(openError)}</Notice> : null}
      <React.Suspense fallback={null}>
      {dialog?.kind === 'add' ? (
        <VehicleDialog mode="add" vehicleId={null} vehicleIdentifier={null} hasImage={false} baseline={emptyVehicleValues()} result={result} closeHref={closeHref} />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <VehicleDialog
          key={dialog.id}
          mode="edit"
          vehicleId={dialog.id}
          vehicleIdentifier={dialog.vehicleIdentifier}
          hasImage={dialog.hasImage}
          version={dialog.version}
          baseline={dialog.values}
          result={result}
          closeHref={closeHref}
        />
      ) : null}
      </React.Suspense>
      {dialog?.kind === 'delete' ? <DeleteConfirm dialog={dialog} closeHref={closeHref} /> : null}
      {dialog?.kind === 'qr' ? <QrView dialog={dialog} closeHref={closeHref} /> : null}

      <UpcomingAssignments items={data.upcoming} />
      <FleetFilters list={list} />
      {list.error ? <Notice>{list.error}</Notice> : null}

      {open && !openOnPage ? (
        // The open vehicle is not on this page (a QR link, a new vehicle): show it above the table.
        <section aria-label={t('Open vehicle')} className="mb-4 rounded-lg border bg-muted/30 p-3" data-testid={`vehicle-panel-${open.vehicle.id}`}>
          <div className="mb-1 flex justify-end">
            <Link to={hrefWith({ open: null, tab: null, ...CLOSE_DIALOG })} preventScrollReset className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
              {t('Close')}
            </Link>
          </div>
          {panel}
        </section>
      ) : null}

      {list.total === 0 && !list.error ? (
        filtered ? (
          <EmptyState
            icon={SearchXIcon}
            title={t('No vehicle matches these filters')}
            description={t('Remove a tag or a filter to see more vehicles.')}
            action={
              <Button asChild variant="outline">
                <Link to={hrefOf(applySearch('', { sort: filters.sort || null, dir: filters.dir || null, pageSize: filters.pageSize || null }))}>{t('Clear filters')}</Link>
              </Button>
            }
          />
        ) : owner ? (
          <EmptyState icon={BusFrontIcon} title={t('No vehicles yet')} description={t('Add your first bus: its papers, inspections and repairs are then tracked here.')} action={addLink} />
        ) : (
          <EmptyState
            icon={BusFrontIcon}
            title={data.upcoming.length ? t('No vehicle in service for your company yet') : t('No vehicles assigned to your company')}
            description={
              data.upcoming.length
                ? t('Your approved vehicles appear here from their start date (see Upcoming assignments above).')
                : t('Ask an owner for a vehicle on the Vehicle requests page; once approved it appears here.')
            }
            action={
              <Button asChild variant="outline">
                <Link to={`/operatorRequestPage/${data.companyId}`}>{t('Vehicle requests')}</Link>
              </Button>
            }
          />
        )
      ) : list.total > 0 ? (
        <FleetTable list={list} scope={scope} openId={openOnPage ? openId : null} panel={panel} />
      ) : null}
    </>
  )
}
