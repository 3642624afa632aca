import type { Translate } from '#app/utils/i18n.tsx'

/**
 * Why a filing still waits, in the page's language. The outbox keeps the reason as written
 * (English ids from the queue, or the server's message, already in the language it was sent in).
 */
export function reasonText(t: Translate, reason: string): string {
  const status = /^The server answered (\d+)$/.exec(reason)?.[1]
  return status ? t('The server answered {status}', { status }) : t(reason)
}
