import { ChevronDownIcon } from 'lucide-react'
import * as React from 'react'
import { cn } from '#app/utils/cn.ts'

/**
 * A native `<select>` styled like the Input: it submits with a plain form
 * (a Radix Select does not without JavaScript) and is the best picker on phones.
 */
const NativeSelect = React.forwardRef<
  HTMLSelectElement,
  React.ComponentProps<'select'> & { wrapperClassName?: string }
>(({ className, wrapperClassName, children, ...props }, ref) => (
  <div className={cn('relative w-full min-w-0', wrapperClassName)}>
    <select
      ref={ref}
      data-slot="native-select"
      className={cn(
        'flex h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-transparent py-1 pr-8 pl-3 text-base shadow-xs transition-[color,box-shadow] outline-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm dark:bg-input/30',
        'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50',
        'aria-invalid:border-destructive aria-invalid:ring-destructive/20 dark:aria-invalid:ring-destructive/40',
        className,
      )}
      {...props}
    >
      {children}
    </select>
    <ChevronDownIcon
      aria-hidden="true"
      className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
    />
  </div>
))
NativeSelect.displayName = 'NativeSelect'

export { NativeSelect }
