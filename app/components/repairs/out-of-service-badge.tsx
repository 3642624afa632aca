import { OctagonAlertIcon } from 'lucide-react'
import { Badge } from '#app/components/ui/badge.tsx'
import { OUT_OF_SERVICE_LABEL } from '#catalog/defects.ts'
import { useT } from '#app/utils/i18n.tsx'

/** "Out of service": an open repair with a safety-critical defect (text and icon, never colour alone). */
export function OutOfServiceBadge({ className }: { className?: string }) {
  const { t } = useT()
  return (
    <Badge variant="destructive" className={className} data-testid="out-of-service">
      <OctagonAlertIcon aria-hidden="true" />
      {t(OUT_OF_SERVICE_LABEL)}
    </Badge>
  )
}
