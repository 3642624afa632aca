/**
 * The pre-trip page's pieces loaded after it is interactive, not in its first load (decision 053):
 * the schema check (zod) at the first submit, the confirm dialog with the first draft, and the
 * notices that only show once the drafts and the outbox are read on the phone (the draft's
 * status, this filing or others waiting).
 */
import { loadOnce } from '#app/utils/load-once.ts'

export const loadChecks = loadOnce(() => import('./checks.ts'))
export const loadConfirmDialog = () => import('#app/components/ui/confirm-dialog.tsx').then((m) => m.ConfirmDialog)
export const loadDraftStatus = loadOnce(() => import('./draft-status.tsx').then((m) => m.DraftStatus))
export const loadQueuedNotice = loadOnce(() => import('./queued-notice.tsx').then((m) => m.QueuedNotice))
export const loadQueuedFilings = loadOnce(() => import('./outbox.tsx').then((m) => m.QueuedFilings))
