import { Link } from '@remix-run/react'
import { CircleAlert, CircleCheck } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { INSPECTION_TEXT } from '#server/inspections/inspection-schema.ts'
import { annualDecalPath, annualReportPath } from '#catalog/annual-inspection.ts'

export interface InspectionFiledView {
  id: number
  isSatisfactory: boolean
  vehicleIdentifier: string
  nextInspection: string | null
  /** Filed by a company with no relation to the bus: waits for the owner's review (decision 062). */
  pendingReview: boolean
  /** Marked as the annual inspection (decision 066). */
  isAnnual?: boolean
}

/** After filing: the result, and the vehicle's next inspection date. */
export function InspectionFiled({ result }: { result: InspectionFiledView }) {
  const { t, locale } = useT()
  const Icon = result.isSatisfactory ? CircleCheck : CircleAlert
  return (
    <section
      role="status"
      aria-labelledby="inspection-filed-title"
      data-testid="inspection-filed"
      className={`grid gap-3 rounded-lg border p-4 ${result.isSatisfactory ? 'border-success bg-success/10' : 'border-destructive bg-destructive/10'}`}
    >
      <h2 id="inspection-filed-title" className="flex items-center gap-2 text-lg font-semibold">
        <Icon aria-hidden className={result.isSatisfactory ? 'text-success' : 'text-destructive'} />
        {result.isSatisfactory ? t('Inspection filed: Satisfactory') : t('Inspection filed: Unsatisfactory')}
      </h2>
      <p className="text-sm">
        {t('Vehicle')} <strong>{result.vehicleIdentifier}</strong>.{' '}
        {result.pendingReview
          ? t(INSPECTION_TEXT.filedForReview)
          : result.isSatisfactory
          ? result.nextInspection
            ? t('Next inspection: {date}.', { date: formatDateOnly(result.nextInspection, locale) })
            : t('Next inspection: not set.')
          : result.nextInspection
          ? t('The next inspection date is unchanged ({date}): correct the defects and inspect again.', { date: formatDateOnly(result.nextInspection, locale) })
          : t('The next inspection date is unchanged: correct the defects and inspect again.')}
      </p>
      {result.isAnnual && !result.pendingReview ? (
        <p className="text-sm" data-testid="annual-filed">
          {result.isSatisfactory ? t('Filed as the annual inspection (49 CFR 396.17): passed.') : t('Filed as the annual inspection (49 CFR 396.17): failed; no decal until it passes.')}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {result.isAnnual && !result.pendingReview && result.isSatisfactory ? (
          <Button asChild variant="default" className="h-11 w-full sm:w-auto">
            <a href={annualDecalPath(result.id)} download>
              {t('Print the decal')}
            </a>
          </Button>
        ) : null}
        {result.isAnnual && !result.pendingReview ? (
          <Button asChild variant="outline" className="h-11 w-full sm:w-auto">
            <Link to={annualReportPath(result.id)}>{t('Annual inspection report')}</Link>
          </Button>
        ) : null}
        <Button asChild variant={result.isAnnual && !result.pendingReview ? 'outline' : 'default'} className="h-11 w-full sm:w-auto">
          <Link to="/InspectionPage">{t('Inspect another vehicle')}</Link>
        </Button>
      </div>
    </section>
  )
}
