import type { ExternalToast, toast as sonnerToast } from 'sonner'
import { loadOnce } from '#app/utils/load-once.ts'

/**
 * `toast` with sonner loaded on demand (decision 053). Every `import { toast } from 'sonner'` of
 * the app resolves here (scripts/lazy-sonner.ts), so sonner (10 KB gzipped) is not in any page's
 * first load: root.tsx mounts the toaster once the page has hydrated (app/components/ui/
 * lazy-toaster.tsx), and a toast asked for before that waits for it. Same calls as sonner's
 * (`toast(msg)`, `toast.success/error/warning/info/message(msg, options)`, `toast.dismiss(id)`);
 * each returns the toast's id.
 */
type Kind = 'success' | 'error' | 'warning' | 'info' | 'message'
type Message = Parameters<typeof sonnerToast>[0]
type Sonner = typeof import('sonner')

/** The sonner module, loaded once (the real package: this file is exempt from the alias). */
export const loadSonner = loadOnce((): Promise<Sonner> => import('sonner'))

let markReady: () => void = () => {}
const ready = new Promise<void>((resolve) => (markReady = resolve))
/** Called by the toaster once it is mounted and listening. */
export function toasterMounted() {
  markReady()
}

let counter = 0
function show(kind: Kind | undefined, message: Message, data?: ExternalToast): string | number {
  const id = data?.id ?? `t${++counter}`
  if (typeof document === 'undefined') return id
  // Shown once the toaster is mounted (it retries its load when the signal returns).
  void ready.then(async () => {
    const { toast } = await loadSonner()
    const options = { ...data, id }
    if (kind) toast[kind](message, options)
    else toast(message, options)
  })
  return id
}

export const toast = Object.assign((message: Message, data?: ExternalToast) => show(undefined, message, data), {
  success: (message: Message, data?: ExternalToast) => show('success', message, data),
  error: (message: Message, data?: ExternalToast) => show('error', message, data),
  warning: (message: Message, data?: ExternalToast) => show('warning', message, data),
  info: (message: Message, data?: ExternalToast) => show('info', message, data),
  message: (message: Message, data?: ExternalToast) => show('message', message, data),
  dismiss: (id?: string | number) => {
    if (typeof document === 'undefined') return id
    void loadSonner()
      .then(({ toast }) => toast.dismiss(id))
      .catch(() => undefined)
    return id
  },
})
