/**
 * Translation on the server (decision 074): the compiled messages a page needs, and a translator
 * for what the server writes itself (emails, PDFs, form errors, tRPC errors). Lingui's runtime
 * interpolates; its compiler runs here only, so the browser receives compiled messages and never
 * loads the ICU parser.
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core'
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { DEFAULT_LOCALE, isLocale, localeOfHeaders, sayText, type Locale } from '#catalog/i18n.ts'
import { NAMESPACES, SPANISH, type Namespace } from '#catalog/locales/index.ts'
import { requestScope } from '../context/request-scope.server.ts'

export type { Namespace }

/** A text with ICU syntax is compiled; a plain one is sent as it is (Lingui shows strings unchanged). */
function compiled(text: string): Messages[string] {
  return text.includes('{') ? compileMessage(text) : text
}

const cache = new Map<string, Messages>()

/**
 * One namespace's messages in `locale`. English needs only the ids with placeholders (a plain id
 * is its own English); Spanish needs every one.
 */
function namespaceMessages(locale: Locale, ns: Namespace): Messages {
  const key = `${locale}:${ns}`
  let messages = cache.get(key)
  if (!messages) {
    messages = {}
    for (const [id, spanish] of Object.entries(SPANISH[ns] as Record<string, string>)) {
      if (locale === 'es') messages[id] = compiled(spanish)
      else if (id.includes('{')) messages[id] = compiled(id)
    }
    cache.set(key, messages)
  }
  return messages
}

const merged = new Map<string, Messages>()

/**
 * The compiled messages of `namespaces` in `locale`, for a page's loader data: merged once per
 * language and set of namespaces (every page load asks), never changed by whoever reads them.
 */
export function messagesFor(locale: Locale, namespaces: readonly Namespace[]): Messages {
  const key = `${locale}:${namespaces.join()}`
  let messages = merged.get(key)
  if (!messages) {
    messages = Object.freeze(Object.assign({}, ...namespaces.map((ns) => namespaceMessages(locale, ns)))) as Messages
    merged.set(key, messages)
  }
  return messages
}

const translators = new Map<Locale, I18n>()

/** A Lingui instance with every namespace of `locale` (emails, PDFs, errors). */
export function i18nFor(locale: Locale): I18n {
  let i18n = translators.get(locale)
  if (!i18n) {
    i18n = setupI18n({ locale, messages: { [locale]: messagesFor(locale, NAMESPACES) } })
    // An id with no entry is its own English text; with placeholders it still has to be compiled.
    i18n.setMessagesCompiler((text) => compiled(text) as ReturnType<typeof compileMessage>)
    translators.set(locale, i18n)
  }
  return i18n
}

export type Translate = (id: string, values?: Record<string, unknown>) => string

/**
 * `t` in `locale`: an English text (an id) → the text in that language. A sentence made by
 * `withValues` ("At most 40 characters") is said from its message and values.
 */
export function translator(locale: Locale): Translate {
  const i18n = i18nFor(locale)
  const t: Translate = (id, values) => {
    try {
      return i18n._(id, values)
    } catch {
      // A text with braces that is not a message (a value the caller typed, say): shown as it is.
      return id
    }
  }
  return (id, values) => (values ? t(id, values) : sayText(t, id))
}

/** The language of a request: its cookie, else its `Accept-Language` (the profile's is put in the cookie at sign-in). */
export function localeOfRequest(request: Request): Locale {
  return localeOfHeaders(request.headers.get('cookie'), request.headers.get('accept-language'))
}

/** The language of the request being handled (set by the HTTP layer), English outside a request. */
export function currentLocale(): Locale {
  const locale = requestScope()?.locale
  return isLocale(locale) ? locale : DEFAULT_LOCALE
}

/** Translates into the current request's language (form errors, toasts, tRPC errors). Not for REST. */
export function translateForRequest(id: string, values?: Record<string, unknown>): string {
  return translator(currentLocale())(id, values)
}

/** A use case's field messages in the current request's language (pages and tRPC, never REST). */
export function translateFieldErrors(fieldErrors: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([field, message]) => [field, translateForRequest(message)]))
}
