/**
 * The Pre inspections, Inspections and Repair actions tabs of a fleet row (spec section 2):
 * the lists come with the page; each row's info button opens the detail dialog (with print),
 * the print button goes to the print route.
 */
import { Form, useParams } from '@remix-run/react'
import { INSPECTION_REVIEW_DECISIONS, inspectionReviewLabel, inspectionReviewTone, type InspectionReviewStatus } from '#catalog/statuses.ts'
import { REPAIR_TEXT } from '#catalog/texts.ts'
import { ClipboardCheckIcon, ClipboardListIcon, StickerIcon, WrenchIcon } from 'lucide-react'
import { annualDecalPath, annualReportPath } from '#catalog/annual-inspection.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { FLEET_INTENT } from '#app/components/fleet/intents.ts'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import type { InspectionView, PreInspectionView, RepairView } from '#app/components/fleet/view-types.ts'
import { RepairSourceLink } from '#app/components/repairs/repair-source-link.tsx'
import { FormDetailDialog, FormPrintLink } from './form-detail-dialog.tsx'
import type { FormDialogKind } from './form-detail-path.ts'

function useCompanyId(): string {
  return useParams().companyId ?? ''
}

function StatusBadge({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return <Badge variant={ok ? 'success' : 'danger'}>{ok ? yes : no}</Badge>
}

const badgeOf = (tone: ReturnType<typeof inspectionReviewTone>) => (tone === 'neutral' ? 'secondary' : tone)

/** One filed form's row in a tab: what the two list tabs differ in. */
interface FiledRow {
  id: number
  date: string
  isSatisfactory: boolean
  person: string | null
  /** Inspections only (decision 062): shown unless Applied. */
  reviewStatus?: InspectionReviewStatus
  /** Inspections only (decision 066): the annual inspection, with its report and decal once in force. */
  isAnnual?: boolean
}

/** The Pre inspections and Inspections tabs: status, date, who filed it, info and print. */
function FiledFormsTable({ kind, rows, caption, dateTitle, personTitle, yes, no }: { kind: FormDialogKind; rows: FiledRow[]; caption: string; dateTitle: string; personTitle: string; yes: string; no: string }) {
  const { t, locale } = useT()
  const companyId = useCompanyId()
  return (
    <Table containerProps={{ 'aria-label': t(caption) }}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('Status')}</TableHead>
          <TableHead>{t(dateTitle)}</TableHead>
          <TableHead>{t(personTitle)}</TableHead>
          <TableHead className="w-24">
            <span className="sr-only">{t('Actions')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => {
          const date = formatDateOnly(r.date, locale)
          const label = `${date}${r.person ? `, ${r.person}` : ''}`
          return (
            <TableRow key={r.id} data-testid={`${kind}-${r.id}`}>
              <TableCell label={t('Status')}>
                <div className="flex flex-wrap gap-1">
                  <StatusBadge ok={r.isSatisfactory} yes={t(yes)} no={t(no)} />
                  {r.reviewStatus && r.reviewStatus !== 'Applied' ? <Badge variant={badgeOf(inspectionReviewTone(r.reviewStatus))}>{t(inspectionReviewLabel(r.reviewStatus))}</Badge> : null}
                  {r.isAnnual ? (
                    <Badge variant="secondary" title={t('The annual inspection (49 CFR 396.17)')}>
                      {t('Annual')}
                    </Badge>
                  ) : null}
                </div>
              </TableCell>
              <TableCell cell="key">
                <time dateTime={r.date.slice(0, 10)}>{date}</time>
              </TableCell>
              <TableCell label={t(personTitle)} className="whitespace-normal break-words">{r.person || '—'}</TableCell>
              <TableCell cell="actions">
                <div className="flex gap-1">
                  <FormDetailDialog kind={kind} id={r.id} companyId={companyId} label={label} />
                  <FormPrintLink kind={kind} id={r.id} companyId={companyId} label={label} />
                  {r.isAnnual && (r.reviewStatus === 'Applied' || r.reviewStatus === 'Accepted') ? <AnnualLinks id={r.id} label={label} passed={r.isSatisfactory} /> : null}
                </div>
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </Table>
  )
}

/** An annual inspection's report (49 CFR 396.21) and, once passed, its decal (396.17(c)): decision 066. */
function AnnualLinks({ id, label, passed }: { id: number; label: string; passed: boolean }) {
  const { t } = useT()
  return (
    <>
      <Button asChild variant="ghost" size="sm" aria-label={t('Annual inspection report, {label}', { label })}>
        <a href={annualReportPath(id)} data-testid={`annual-report-${id}`}>
          <ClipboardCheckIcon aria-hidden="true" />
        </a>
      </Button>
      {passed ? (
        <Button asChild variant="ghost" size="sm" aria-label={t('Annual inspection decal, {label}', { label })}>
          <a href={annualDecalPath(id)} download data-testid={`annual-decal-${id}`}>
            <StickerIcon aria-hidden="true" />
          </a>
        </Button>
      ) : null}
    </>
  )
}

export function PreInspectionsTab({ items }: { items: PreInspectionView[] }) {
  const { t } = useT()
  if (!items.length) {
    return (
      <EmptyState
        icon={ClipboardListIcon}
        titleAs="p"
        title={t('No pre-inspections yet')}
        description={t('Drivers of the operating company file a pre-inspection before each trip; they will be listed here.')}
      />
    )
  }
  const rows = items.map((p) => ({ id: p.id, date: p.date, isSatisfactory: p.isSatisfactory, person: p.driverName }))
  return <FiledFormsTable kind="pre-inspection" rows={rows} caption={msg('Pre inspections')} dateTitle={msg('Date')} personTitle={msg('Driver')} yes={msg('Ok')} no={msg('Defective')} />
}

export function InspectionsTab({ items, actionPath }: { items: InspectionView[]; actionPath?: string }) {
  const { t } = useT()
  if (!items.length) {
    return <EmptyState icon={ClipboardCheckIcon} titleAs="p" title={t('No inspections yet')} description={t('Periodic inspections filed by mechanics will be listed here.')} />
  }
  const rows = items.map((i) => ({ id: i.id, date: i.date, isSatisfactory: i.isSatisfactory, person: i.inspectorName, reviewStatus: i.reviewStatus, isAnnual: i.isAnnual }))
  const pending = items.filter((i) => i.reviewStatus === 'Pending')
  return (
    <div className="grid gap-3">
      {pending.length && actionPath ? <AwaitingReview items={pending} actionPath={actionPath} /> : null}
      <FiledFormsTable kind="inspection" rows={rows} caption={msg('Inspections')} dateTitle={msg('Inspection date')} personTitle={msg('Inspector')} yes={msg('Satisfactory')} no={msg('Unsatisfactory')} />
    </div>
  )
}

/**
 * Decision 062: inspections filed by a company with no relation to the bus wait for the owner,
 * who accepts (applied now: odometer, next inspection) or rejects them. Plain posts: no JavaScript needed.
 */
function AwaitingReview({ items, actionPath }: { items: InspectionView[]; actionPath: string }) {
  const { t, locale } = useT()
  return (
    <section aria-labelledby="awaiting-review-title" className="grid gap-2 rounded-md border border-warning bg-warning/10 p-3 text-sm" data-testid="awaiting-review">
      <h4 id="awaiting-review-title" className="font-semibold">
        {t('{count, plural, one {An inspection awaits your review} other {# inspections await your review}}', { count: items.length })}
      </h4>
      <p>{t('Filed by a company with no relation to this vehicle: it changes nothing (odometer, next inspection) until you accept it. Open it to read it first.')}</p>
      <ul className="grid gap-2">
        {items.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 grow break-words">
              {formatDateOnly(i.date, locale)}, {i.inspectorName}: {i.isSatisfactory ? t('Satisfactory') : t('Unsatisfactory')}
            </span>
            {INSPECTION_REVIEW_DECISIONS.map((decision) => (
              <Form key={decision} method="post" action={actionPath}>
                <input type="hidden" name="intent" value={FLEET_INTENT.reviewInspection} />
                <input type="hidden" name="inspectionId" value={i.id} />
                <Button type="submit" name="decision" value={decision} size="sm" variant={decision === 'Accept' ? 'default' : 'outline'} className="h-9">
                  {decision === 'Accept' ? t('Accept') : t('Reject')}{' '}
                  <span className="sr-only">{t('the inspection of {date} by {inspector}', { date: formatDateOnly(i.date, locale), inspector: i.inspectorName })}</span>
                </Button>
              </Form>
            ))}
          </li>
        ))}
      </ul>
    </section>
  )
}

export function RepairActionsTab({ items }: { items: RepairView[] }) {
  const { t } = useT()
  const companyId = useCompanyId()
  if (!items.length) {
    return <EmptyState icon={WrenchIcon} titleAs="p" title={t('No repair actions')} description={t('A pre-inspection with a defect creates a repair action; it will be listed here.')} />
  }
  return (
    <Table containerProps={{ 'aria-label': t('Repair actions') }}>
      <TableHeader>
        <TableRow>
          <TableHead>{t('Repair identifier')}</TableHead>
          <TableHead>{t('Status')}</TableHead>
          <TableHead>{t('Created at')}</TableHead>
          <TableHead>{t('Repaired at')}</TableHead>
          <TableHead>{t('Comments')}</TableHead>
          <TableHead>{t('Repair company')}</TableHead>
          <TableHead className="w-14">
            <span className="sr-only">{t('Actions')}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((r) => (
          <TableRow key={r.id} data-testid={`repair-${r.id}`}>
            <TableCell cell="key" className="font-mono text-xs">{r.repairIdentifier}</TableCell>
            <TableCell label={t('Status')}>{r.isRepaired ? <Badge variant="success">{t('Repaired')}</Badge> : <Badge variant="warning">{t('Pending repair')}</Badge>}</TableCell>
            <TableCell label={t('Created at')}>
              <time dateTime={r.createdAt}>{r.createdAtLabel}</time>
            </TableCell>
            <TableCell label={t('Repaired at')}>{r.repairedAt ? <time dateTime={r.repairedAt}>{r.repairedAtLabel}</time> : t('Pending')}</TableCell>
            <TableCell label={t('Comments')} className="max-w-xs whitespace-normal break-words">{r.comments || '—'}</TableCell>
            <TableCell label={t('Repair company')} className="whitespace-normal">
              {r.repairCompanyName ?? (
                <span className="text-muted-foreground" title={t(REPAIR_TEXT.waitingForShopHint)}>
                  {t(REPAIR_TEXT.waitingForShop)}
                </span>
              )}
            </TableCell>
            <TableCell cell="actions">
              <div className="flex flex-wrap items-center gap-2">
                {r.source ? <RepairSourceLink source={r.source} companyId={companyId} label={r.repairIdentifier} /> : null}
                {/* The repair's cost lines (decision 085): the owner sees them all and chooses who pays. */}
                <a href={`/repairActions/${companyId}/costs/${r.id}`} className="text-sm whitespace-nowrap text-primary underline underline-offset-4" data-testid={`repair-costs-${r.id}`}>
                  {t('Repair costs')}
                </a>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
