import * as React from 'react'
import type * as Real from './sheet.tsx'

/**
 * The sheet (a Radix dialog) for a drawer that only JavaScript opens, e.g. the phone's menu:
 * Radix's dialog code loads the first time it opens, not with the page (decision 053). Same
 * props as ./sheet.tsx; `open` must be controlled.
 */
const load = () => import('./sheet.tsx')
const RealSheet = React.lazy(() => load().then((m) => ({ default: m.Sheet })))
export const SheetContent = React.lazy(() => load().then((m) => ({ default: m.SheetContent })))
export const SheetTitle = React.lazy(() => load().then((m) => ({ default: m.SheetTitle })))
export const SheetDescription = React.lazy(() => load().then((m) => ({ default: m.SheetDescription })))

export function Sheet(props: React.ComponentProps<typeof Real.Sheet> & { open: boolean }) {
  const [used, setUsed] = React.useState(props.open)
  if (props.open && !used) setUsed(true)
  return used ? (
    <React.Suspense fallback={null}>
      <RealSheet {...props} />
    </React.Suspense>
  ) : null
}
