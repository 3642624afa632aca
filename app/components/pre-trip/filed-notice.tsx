import { Link } from '@remix-run/react'
import { CheckCircle2, OctagonAlert, TriangleAlert } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { FILED_TEXT, type FiledPreTrip } from './types.ts'

/** What the server made of the filing: satisfactory, or the defects and the repair job they opened. */
export function FiledNotice({ filed, vehicleId, onAnother }: { filed: FiledPreTrip; vehicleId: number; onAnother?: () => void }) {
  const { t } = useT()
  return (
    <section role="status" className={`grid gap-3 rounded-lg border p-4 ${filed.isSatisfactory ? 'border-success bg-success/10' : 'border-destructive bg-destructive/10'}`} data-testid="pre-trip-filed">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        {filed.isSatisfactory ? <CheckCircle2 className="size-5 text-success" aria-hidden /> : <TriangleAlert className="size-5 text-destructive" aria-hidden />}
        {filed.isSatisfactory ? t('Pre-trip filed: satisfactory') : t('Pre-trip filed: defects reported')}
      </h2>
      <p>
        {filed.isSatisfactory
          ? t('No defect was reported. Have a safe trip.')
          : filed.repairActionId
            ? FILED_TEXT.repairJob(filed, t)
            : t('The defects were reported.')}
      </p>
      {filed.outOfService ? (
        <p role="alert" className="flex items-start gap-2 rounded-md bg-destructive p-3 font-semibold text-destructive-foreground" data-testid="filed-out-of-service">
          <OctagonAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
          {t(FILED_TEXT.outOfService)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button asChild className="min-h-11">
          <Link to="/dashboard">{t('Back to my buses')}</Link>
        </Button>
        {onAnother ? (
          <Button type="button" variant="outline" className="min-h-11" onClick={onAnother}>
            {t('Start another pre-trip')}
          </Button>
        ) : (
          <Button asChild variant="outline" className="min-h-11">
            <Link to={`/preTrip/${vehicleId}`}>{t('Start another pre-trip')}</Link>
          </Button>
        )}
      </div>
    </section>
  )
}
