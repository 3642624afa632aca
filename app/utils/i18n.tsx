/**
 * Translation in pages (decision 074). Every text is written in English where it is shown,
 * `t('Add vehicle')`, and that English is the message id. The root loader sends the language and
 * the `common` messages, each page's loader its own namespaces (`routeMessages`), compiled on the
 * server by Lingui; this provider merges what the matched routes sent and reads them
 * (`messages.ts`), so the server render and the browser show the same language from the first byte.
 */
import { useMatches } from '@remix-run/react'
import { createContext, useContext, useMemo, useRef, type ReactNode } from 'react'
import { DEFAULT_LOCALE, isLocale, type Locale } from '#catalog/i18n.ts'
import { formatMessage, formatUncompiled, type CompiledMessages } from './messages.ts'

export type Translate = (id: string, values?: Record<string, unknown>) => string

type Messages = CompiledMessages

interface I18nValue {
  locale: Locale
  t: Translate
}

function i18nValue(locale: Locale, parts: Messages[]): I18nValue {
  const messages = Object.assign({}, ...parts) as Messages
  // A text without an entry is its own English, shown as it is (the server compiles any with placeholders).
  return {
    locale,
    t: (id, values) => {
      const message = messages[id]
      return message === undefined ? formatUncompiled(id, values) : formatMessage(message, locale, values)
    },
  }
}

const I18nContext = createContext<I18nValue>(i18nValue(DEFAULT_LOCALE, []))

type RouteData = { locale?: unknown; messages?: Messages } | undefined

/** Around the whole document (root `Layout`): the language and messages of the matched routes. */
export function RouteI18nProvider({ children }: { children: ReactNode }) {
  const matches = useMatches()
  const rootLocale = (matches[0]?.data as RouteData)?.locale
  const locale = isLocale(rootLocale) ? rootLocale : DEFAULT_LOCALE
  const parts = matches.map((m) => (m.data as RouteData)?.messages).filter((m): m is Messages => !!m)
  // A new instance only when the language or a route's messages change (a loader ran again).
  const last = useRef<{ locale: Locale; parts: Messages[]; value: I18nValue } | null>(null)
  const previous = last.current
  const same = previous && previous.locale === locale && previous.parts.length === parts.length && previous.parts.every((p, i) => p === parts[i])
  const value = same ? previous.value : i18nValue(locale, parts)
  if (!same) last.current = { locale, parts, value }
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

/** `const { t, locale } = useT()`: `t('Add vehicle')`, `t('{count, plural, one {# bus} other {# buses}}', { count })`. */
export function useT(): I18nValue {
  return useContext(I18nContext)
}

/** For tests and the print pages: a provider with known messages. */
export function StaticI18nProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  const value = useMemo(() => i18nValue(locale, [messages]), [locale, messages])
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}
