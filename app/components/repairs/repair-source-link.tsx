/**
 * A repair action's info button: the record that opened it (decision 065). A pre-trip or an
 * inspection opens its detail dialog (a link to its print page without JavaScript); a 90-day
 * emergency-exit check, which has no dialog, links to its print page. The loader passes a source
 * only when the viewer may open it.
 */
import { Link } from '@remix-run/react'
import { InfoIcon } from 'lucide-react'
import { FormDetailDialog } from '#app/components/inspections/form-detail-dialog.tsx'
import { Button } from '#app/components/ui/button.tsx'
import type { RepairSourceView } from './view-types.ts'
import { useT } from '#app/utils/i18n.tsx'

export function emergencyExitPrintPath(companyId: number | string, id: number) {
  return `/PrintEmergencyExitCheck/${companyId}?id=${id}`
}

export function RepairSourceLink({ source, companyId, label }: { source: RepairSourceView; companyId: number | string; label: string }) {
  const { t } = useT()
  if (source.kind === 'service') {
    return (
      <span className="inline-flex items-center rounded-md bg-muted px-2 py-0.5 text-xs font-medium whitespace-nowrap" data-testid="repair-source-service">
        {t('Scheduled maintenance')}
      </span>
    )
  }
  if (source.kind !== 'emergency-exit-check') return <FormDetailDialog kind={source.kind} id={source.id} companyId={companyId} label={label} />
  return (
    <Button asChild variant="ghost" size="sm" aria-label={t('Emergency-exit check details, {code}', { code: label })}>
      <Link to={emergencyExitPrintPath(companyId, source.id)} data-testid={`emergency-exit-check-info-${source.id}`}>
        <InfoIcon aria-hidden="true" />
      </Link>
    </Button>
  )
}
