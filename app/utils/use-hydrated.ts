import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and during hydration, true in the browser afterwards
 * (also for components first mounted later, e.g. inside a dialog). Pages
 * render their no-JavaScript form first and add dialogs and live behaviour
 * only when this is true, without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
