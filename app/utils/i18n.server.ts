import type { Namespace } from '#server/i18n/messages.server.ts'
import { localeOfRequest, messagesFor } from '#server/i18n/messages.server.ts'

/**
 * A page loader's translations (decision 074): the compiled messages of its namespaces in the
 * request's language, returned as `messages` in its data; the root adds `common`.
 * `return { ...data, messages: routeMessages(request, 'fleet') }`
 */
export function routeMessages(request: Request, ...namespaces: Namespace[]) {
  return messagesFor(localeOfRequest(request), namespaces)
}
