import { lazy, Suspense, useEffect } from 'react'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { loadSonner, toasterMounted } from './toast.ts'

function Mounted() {
  // Runs after the sibling toaster's own effects (its subscription to new toasts).
  useEffect(() => toasterMounted(), [])
  return null
}

const Toaster = lazy(async () => {
  const [{ Toaster }] = await Promise.all([import('./sonner.tsx'), loadSonner()])
  return {
    default: function LoadedToaster() {
      return (
        <>
          <Toaster />
          <Mounted />
        </>
      )
    },
  }
})

/** Sonner's toaster, loaded after hydration so that it is in no page's first load (decision 053). */
export function LazyToaster() {
  const hydrated = useHydrated()
  return hydrated ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null
}
