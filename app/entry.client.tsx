import { RemixBrowser } from '@remix-run/react'
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'

startTransition(() => {
  hydrateRoot(document, <RemixBrowser />)
})

// The installable app (decision 075): the service worker (the pre-trip's, decision 030) is
// registered from every page, so that it controls the manifest's start_url (/dashboard) as
// browsers require. The pre-trip page registers the same worker again and asks it to keep itself.
if ('serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/pre-trip-sw.js', { scope: '/' }).catch(() => undefined)
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
