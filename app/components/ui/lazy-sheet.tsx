import * as React from 'react'
import type * as Real from './sheet.tsx'
import { lazyComponent } from '#app/utils/lazy-component.tsx'
import { loadOnce } from '#app/utils/load-once.ts'

/**
 * The sheet (a Radix dialog) for a drawer that only JavaScript opens, e.g. the phone's menu:
 * Radix's dialog code loads the first time it opens, not with the page (decision 053); without
 * a signal it opens when the signal returns. Same
 * props as ./sheet.tsx; `open` must be controlled.
 */
const load = loadOnce(() => import('./sheet.tsx'))
const RealSheet = lazyComponent(() => load().then((m) => m.Sheet))
export const SheetContent = lazyComponent(() => load().then((m) => m.SheetContent))
export const SheetTitle = lazyComponent(() => load().then((m) => m.SheetTitle))
export const SheetDescription = lazyComponent(() => load().then((m) => m.SheetDescription))

export function Sheet(props: React.ComponentProps<typeof Real.Sheet> & { open: boolean }) {
  const [used, setUsed] = React.useState(props.open)
  if (props.open && !used) setUsed(true)
  return used ? <RealSheet {...props} /> : null
}
