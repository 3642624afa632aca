import * as React from 'react'
import { loadSignaturePad } from '#app/components/forms/signature-field.tsx'
import { loadSonner } from '#app/components/ui/toast.ts'
import { loadChecks, loadConfirmDialog, loadDraftStatus, loadQueuedFilings, loadQueuedNotice } from './lazy-pieces.ts'
import { loadQueue } from './outbox-flusher.ts'
import { loadShrinkImage } from './photo-inputs.tsx'

/** The browser's tRPC client, which the outbox sends through (not needed to show the page). */
const loadTrpcClient = () => import('#app/utils/trpc-call.ts').then((m) => m.trpcCall())

/** This page (and its scripts) kept by a small service worker, so it opens again with no signal. */
export function useKeepPageOffline(hydrated: boolean) {
  React.useEffect(() => {
    if (!hydrated || !('serviceWorker' in navigator)) return
    // The lazily loaded pieces first (the tRPC client the outbox sends through among them), so that
    // they are among the scripts kept for offline use.
    Promise.all([loadChecks(), loadSignaturePad(), loadQueue(), loadSonner(), loadConfirmDialog(), loadShrinkImage(), loadTrpcClient(), loadDraftStatus(), loadQueuedNotice(), loadQueuedFilings()])
      .then(() => navigator.serviceWorker.register('/pre-trip-sw.js', { scope: '/' }))
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        const assets = performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((n) => new URL(n).origin === location.origin && new URL(n).pathname.startsWith('/assets/'))
        registration.active?.postMessage({ type: 'keep-pre-trip', page: location.pathname, assets })
      })
      .catch(() => undefined)
  }, [hydrated])
}
