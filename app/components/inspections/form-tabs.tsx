/**
 * The Pre inspections, Inspections and Repair actions tabs of a fleet row (spec section 2):
 * the lists come with the page; each row's info button opens the detail dialog (with print),
 * the print button goes to the print route.
 */
import { useParams } from '@remix-run/react'
import { REPAIR_TEXT } from '#catalog/texts.ts'
import { ClipboardCheckIcon, ClipboardListIcon, WrenchIcon } from 'lucide-react'
import { Badge } from '#app/components/ui/badge.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import type { InspectionView, PreInspectionView, RepairView } from '#app/components/fleet/shared.ts'
import { FormDetailDialog, FormPrintLink, type FormDialogKind } from './form-detail-dialog.tsx'

function useCompanyId(): string {
  return useParams().companyId ?? ''
}

function StatusBadge({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return <Badge variant={ok ? 'success' : 'danger'}>{ok ? yes : no}</Badge>
}

/** One filed form's row in a tab: what the two list tabs differ in. */
interface FiledRow {
  id: number
  date: string
  isSatisfactory: boolean
  person: string | null
}

/** The Pre inspections and Inspections tabs: status, date, who filed it, info and print. */
function FiledFormsTable({ kind, rows, caption, dateTitle, personTitle, yes, no }: { kind: FormDialogKind; rows: FiledRow[]; caption: string; dateTitle: string; personTitle: string; yes: string; no: string }) {
  const companyId = useCompanyId()
  return (
    <Table containerProps={{ 'aria-label': caption }}>
      <TableHeader>
        <TableRow>
          <TableHead>Status</TableHead>
          <TableHead>{dateTitle}</TableHead>
          <TableHead>{personTitle}</TableHead>
          <TableHead className="w-24">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => {
          const label = `${r.date.slice(0, 10)}${r.person ? `, ${r.person}` : ''}`
          return (
            <TableRow key={r.id} data-testid={`${kind}-${r.id}`}>
              <TableCell label="Status">
                <StatusBadge ok={r.isSatisfactory} yes={yes} no={no} />
              </TableCell>
              <TableCell cell="key">{r.date.slice(0, 10)}</TableCell>
              <TableCell label={personTitle} className="whitespace-normal break-words">{r.person || '—'}</TableCell>
              <TableCell cell="actions">
                <div className="flex gap-1">
                  <FormDetailDialog kind={kind} id={r.id} companyId={companyId} label={label} />
                  <FormPrintLink kind={kind} id={r.id} companyId={companyId} label={label} />
                </div>
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}

export function PreInspectionsTab({ items }: { items: PreInspectionView[] }) {
  if (!items.length) {
    return <EmptyState icon={ClipboardListIcon} titleAs="p" title="No pre-inspections yet" description="Drivers of the operating company file a pre-inspection before each trip; they will be listed here." />
  }
  const rows = items.map((p) => ({ id: p.id, date: p.date, isSatisfactory: p.isSatisfactory, person: p.driverName }))
  return <FiledFormsTable kind="pre-inspection" rows={rows} caption="Pre inspections" dateTitle="Date" personTitle="Driver" yes="Ok" no="Defective" />
}

export function InspectionsTab({ items }: { items: InspectionView[] }) {
  if (!items.length) {
    return <EmptyState icon={ClipboardCheckIcon} titleAs="p" title="No inspections yet" description="Periodic inspections filed by mechanics will be listed here." />
  }
  const rows = items.map((i) => ({ id: i.id, date: i.date, isSatisfactory: i.isSatisfactory, person: i.inspectorName }))
  return <FiledFormsTable kind="inspection" rows={rows} caption="Inspections" dateTitle="Inspection date" personTitle="Inspector" yes="Satisfactory" no="Unsatisfactory" />
}

export function RepairActionsTab({ items }: { items: RepairView[] }) {
  const companyId = useCompanyId()
  if (!items.length) {
    return <EmptyState icon={WrenchIcon} titleAs="p" title="No repair actions" description="A pre-inspection with a defect creates a repair action; it will be listed here." />
  }
  return (
    <Table containerProps={{ 'aria-label': 'Repair actions' }}>
      <TableHeader>
        <TableRow>
          <TableHead>Repair identifier</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Created at</TableHead>
          <TableHead>Repaired at</TableHead>
          <TableHead>Comments</TableHead>
          <TableHead>Repair company</TableHead>
          <TableHead className="w-14">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((r) => (
          <TableRow key={r.id} data-testid={`repair-${r.id}`}>
            <TableCell cell="key" className="font-mono text-xs">{r.repairIdentifier}</TableCell>
            <TableCell label="Status">{r.isRepaired ? <Badge variant="success">Repaired</Badge> : <Badge variant="warning">Pending repair</Badge>}</TableCell>
            <TableCell label="Created at">
              <time dateTime={r.createdAt}>{r.createdAtLabel}</time>
            </TableCell>
            <TableCell label="Repaired at">{r.repairedAt ? <time dateTime={r.repairedAt}>{r.repairedAtLabel}</time> : 'Pending'}</TableCell>
            <TableCell label="Comments" className="max-w-xs whitespace-normal break-words">{r.comments || '—'}</TableCell>
            <TableCell label="Repair company" className="whitespace-normal">
              {r.repairCompanyName ?? (
                <span className="text-muted-foreground" title={REPAIR_TEXT.waitingForShopHint}>
                  {REPAIR_TEXT.waitingForShop}
                </span>
              )}
            </TableCell>
            <TableCell cell="actions">
              {r.preInspectionId ? <FormDetailDialog kind="pre-inspection" id={r.preInspectionId} companyId={companyId} label={r.repairIdentifier} /> : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
