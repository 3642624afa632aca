import * as React from 'react'
import { cn } from '#app/utils/cn.ts'

/** A pulsing placeholder. Pair loading areas with text for screen readers (e.g. `aria-busy` + "Loading"). */
function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      className={cn('animate-pulse rounded-md bg-accent', className)}
      {...props}
    />
  )
}

export { Skeleton }
