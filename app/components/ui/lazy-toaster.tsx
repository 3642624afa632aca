import { useEffect } from 'react'
import { lazyComponent } from '#app/utils/lazy-component.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { loadSonner, toasterMounted } from './toast.ts'

function Mounted() {
  // Runs after the sibling toaster's own effects (its subscription to new toasts).
  useEffect(() => toasterMounted(), [])
  return null
}

// A failed load (no signal right after the page came) is tried again when the signal returns,
// and never replaces the page by an error.
const Toaster = lazyComponent(async () => {
  const [{ Toaster }] = await Promise.all([import('./sonner.tsx'), loadSonner()])
  return function LoadedToaster() {
    return (
      <>
        <Toaster />
        <Mounted />
      </>
    )
  }
})

/** Sonner's toaster, loaded after hydration so that it is in no page's first load (decision 053). */
export function LazyToaster() {
  const hydrated = useHydrated()
  return hydrated ? <Toaster /> : null
}
