import { InboxIcon } from 'lucide-react'
import * as React from 'react'
import { cn } from '#app/utils/cn.ts'

type EmptyStateProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** A lucide icon component (decorative). Defaults to an inbox. */
  icon?: React.ComponentType<{ className?: string }>
  title: React.ReactNode
  /** Say what to do next. */
  description?: React.ReactNode
  /** E.g. a `<Button>` that starts the next step. */
  action?: React.ReactNode
  /** Heading element for the title; use 'h3' inside a section with an h2, 'p' for no heading. */
  titleAs?: 'h2' | 'h3' | 'p'
}

function EmptyState({
  icon: Icon = InboxIcon,
  title,
  description,
  action,
  titleAs: Title = 'h2',
  className,
  ...props
}: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed px-4 py-10 text-center',
        className,
      )}
      {...props}
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" />
      </div>
      <div className="max-w-sm space-y-1">
        <Title className="text-base font-semibold">{title}</Title>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {action ? <div className="mt-1 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  )
}

export { EmptyState }
