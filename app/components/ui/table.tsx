import * as React from 'react'
import { cn } from '#app/utils/cn.ts'

/**
 * A table inside a horizontally scrolling container. The container is
 * focusable (tabIndex 0) so keyboard users can scroll wide tables;
 * pass `containerProps` to change that or add an `aria-label`.
 *
 * Responsive (decision 055): below a 40rem wide container every row is a card
 * (`app/styles/responsive-table.css`, CSS only). Give each `TableCell` its
 * column's `label`, and mark the row's identifier `cell="key"` and its buttons
 * `cell="actions"`. `cards={false}` keeps a plain scrolling table; `density="compact"`
 * narrows the cells' padding and lets their text wrap (wide tables on laptops).
 */
const Table = React.forwardRef<
  HTMLTableElement,
  React.ComponentProps<'table'> & { containerProps?: React.ComponentProps<'div'>; cards?: boolean; density?: 'compact' }
>(({ className, containerProps, cards = true, density, ...props }, ref) => (
  <div
    data-slot="table-container"
    data-cards={cards ? '' : undefined}
    tabIndex={0}
    {...containerProps}
    className={cn(
      'relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
      containerProps?.className,
    )}
  >
    <table
      ref={ref}
      data-slot="table"
      data-density={density}
      className={cn('w-full caption-bottom text-sm', className)}
      {...props}
    />
  </div>
))
Table.displayName = 'Table'

const TableHeader = React.forwardRef<HTMLTableSectionElement, React.ComponentProps<'thead'>>(
  ({ className, ...props }, ref) => (
    <thead ref={ref} data-slot="table-header" className={cn('[&_tr]:border-b', className)} {...props} />
  ),
)
TableHeader.displayName = 'TableHeader'

const TableBody = React.forwardRef<HTMLTableSectionElement, React.ComponentProps<'tbody'>>(
  ({ className, ...props }, ref) => (
    <tbody
      ref={ref}
      data-slot="table-body"
      className={cn('[&_tr:last-child]:border-0', className)}
      {...props}
    />
  ),
)
TableBody.displayName = 'TableBody'

const TableFooter = React.forwardRef<HTMLTableSectionElement, React.ComponentProps<'tfoot'>>(
  ({ className, ...props }, ref) => (
    <tfoot
      ref={ref}
      data-slot="table-footer"
      className={cn('border-t bg-muted/50 font-medium [&>tr]:last:border-b-0', className)}
      {...props}
    />
  ),
)
TableFooter.displayName = 'TableFooter'

const TableRow = React.forwardRef<HTMLTableRowElement, React.ComponentProps<'tr'>>(
  ({ className, ...props }, ref) => (
    <tr
      ref={ref}
      data-slot="table-row"
      className={cn(
        'border-b transition-colors hover:bg-muted/50 data-[state=selected]:bg-muted',
        className,
      )}
      {...props}
    />
  ),
)
TableRow.displayName = 'TableRow'

const TableHead = React.forwardRef<HTMLTableCellElement, React.ComponentProps<'th'>>(
  ({ className, ...props }, ref) => (
    <th
      ref={ref}
      data-slot="table-head"
      className={cn(
        'h-10 px-2 text-left align-middle font-medium whitespace-nowrap text-foreground [&:has([role=checkbox])]:pr-0 [&>[role=checkbox]]:translate-y-[2px]',
        className,
      )}
      {...props}
    />
  ),
)
TableHead.displayName = 'TableHead'

type TableCellProps = React.ComponentProps<'td'> & {
  /** The column's name, shown before the value when the row is a card. */
  label?: string
  /** `key`: leads the card, no label; `actions`: closes the card; `full`: a whole-width block. */
  cell?: 'key' | 'actions' | 'full'
}

const TableCell = React.forwardRef<HTMLTableCellElement, TableCellProps>(
  ({ className, label, cell, ...props }, ref) => (
    <td
      ref={ref}
      data-slot="table-cell"
      data-label={label}
      data-cell={cell}
      className={cn(
        'p-2 align-middle whitespace-nowrap [&:has([role=checkbox])]:pr-0 [&>[role=checkbox]]:translate-y-[2px]',
        className,
      )}
      {...props}
    />
  ),
)
TableCell.displayName = 'TableCell'

const TableCaption = React.forwardRef<HTMLTableCaptionElement, React.ComponentProps<'caption'>>(
  ({ className, ...props }, ref) => (
    <caption
      ref={ref}
      data-slot="table-caption"
      className={cn('mt-4 text-sm text-muted-foreground', className)}
      {...props}
    />
  ),
)
TableCaption.displayName = 'TableCaption'

export { Table, TableHeader, TableBody, TableFooter, TableHead, TableRow, TableCell, TableCaption }
