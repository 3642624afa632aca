import * as React from 'react'
import { cn } from '#app/utils/cn.ts'

type PageHeaderProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** The page title, rendered as the page's only `<h1>`. */
  title: React.ReactNode
  description?: React.ReactNode
  /** Buttons etc. shown to the right on wide screens, below the title on phones. */
  actions?: React.ReactNode
}

function PageHeader({ title, description, actions, className, children, ...props }: PageHeaderProps) {
  return (
    <div
      data-slot="page-header"
      className={cn(
        'mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between',
        className,
      )}
      {...props}
    >
      <div className="min-w-0 space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight break-words">{title}</h1>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
        {children}
      </div>
      {actions ? (
        <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>
      ) : null}
    </div>
  )
}

export { PageHeader }
