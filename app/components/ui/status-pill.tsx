import * as React from 'react'
import { cn } from '#app/utils/cn.ts'
import { useT } from '#app/utils/i18n.tsx'

export type JoinRequestStatus = 'Pending' | 'Accepted' | 'Rejected'
export type VehicleRequestStatus = 'Pending' | 'Approved' | 'Rejected' | 'Cancelled'

const joinStyles: Record<JoinRequestStatus, string> = {
  Pending: 'bg-warning text-warning-foreground',
  Accepted: 'bg-success text-success-foreground',
  Rejected: 'bg-danger text-danger-foreground',
}

// The spec's named colours: Pending orange, Approved palegreen, Rejected lightcoral, Cancelled lightblue.
const vehicleStyles: Record<VehicleRequestStatus, string> = {
  Pending: 'bg-status-pending text-status-foreground',
  Approved: 'bg-status-approved text-status-foreground',
  Rejected: 'bg-status-rejected text-status-foreground',
  Cancelled: 'bg-status-cancelled text-status-foreground',
}

type StatusPillProps = Omit<React.ComponentProps<'span'>, 'children'> &
  (
    | { kind?: 'join'; status: JoinRequestStatus | (string & {}) }
    | { kind: 'vehicle'; status: VehicleRequestStatus | (string & {}) }
  ) & {
    /** Visible text (already translated); defaults to the status itself, translated (the word is the non-colour signal). */
    label?: string
  }

/**
 * A small pill for a request status.
 * `kind="join"` (default): join requests, Pending → warning, Accepted → success, Rejected → danger.
 * `kind="vehicle"`: vehicle-operation requests in the spec's colours.
 * Unknown statuses render as a neutral outlined pill.
 */
function StatusPill({ kind = 'join', status, label, className, ...props }: StatusPillProps) {
  const { t } = useT()
  const styles: Record<string, string> = kind === 'vehicle' ? vehicleStyles : joinStyles
  return (
    <span
      data-slot="status-pill"
      data-status={status}
      className={cn(
        'inline-flex w-fit shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
        styles[status] ?? 'border border-border text-foreground',
        className,
      )}
      {...props}
    >
      {/* The statuses' English labels are marked in catalog/statuses.ts. */}
      {label ?? t(status)}
    </span>
  )
}

export { StatusPill }
