import { OctagonAlertIcon } from 'lucide-react'
import { Badge } from '#app/components/ui/badge.tsx'
import { OUT_OF_SERVICE_LABEL } from '#catalog/checklists.ts'

/** "Out of service": an open repair with a safety-critical defect (text and icon, never colour alone). */
export function OutOfServiceBadge({ className }: { className?: string }) {
  return (
    <Badge variant="destructive" className={className} data-testid="out-of-service">
      <OctagonAlertIcon aria-hidden="true" />
      {OUT_OF_SERVICE_LABEL}
    </Badge>
  )
}
