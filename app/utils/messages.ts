/**
 * Reads a message compiled by Lingui's compiler (decision 074) in the browser: text, `{name}`,
 * `plural` / `selectordinal` (with `=n`, `offset` and `#`), `select` and `number`, the way
 * `@lingui/core`'s runtime does (tests/unit/i18n-reader.test.ts compares the two on every message).
 * The server compiles and runs Lingui itself; the page carries this reader instead of Lingui's
 * 2.5 KB runtime because of the first-load budgets (decision 053).
 */
export type CompiledMessage = string | Token[]
type Token = string | [name: string, type?: string, format?: unknown]
export type CompiledMessages = Record<string, CompiledMessage>

const pluralRules = new Map<string, Intl.PluralRules>()
function pluralCategory(locale: string, ordinal: boolean, n: number): string {
  const key = `${locale}:${ordinal}`
  let rules = pluralRules.get(key)
  if (!rules) pluralRules.set(key, (rules = new Intl.PluralRules(locale, { type: ordinal ? 'ordinal' : 'cardinal' })))
  return rules.select(n)
}

/** `message` with `values`, in `locale` (an Intl locale such as `es`). */
export function formatMessage(message: CompiledMessage, locale: string, values: Record<string, unknown> = {}): string {
  const render = (tokens: CompiledMessage, hash?: string): string => {
    if (typeof tokens === 'string') return tokens
    let out = ''
    for (const token of tokens) {
      if (typeof token === 'string') {
        out += token === '#' && hash !== undefined ? hash : token
        continue
      }
      const [name, type, format] = token
      const value = values[name]
      if (type === 'plural' || type === 'selectordinal') {
        const { offset = 0, ...cases } = format as { offset?: number } & Record<string, Token[]>
        const n = Number(value)
        const chosen = cases[String(n)] ?? cases[pluralCategory(locale, type === 'selectordinal', n - offset)] ?? cases.other
        out += chosen ? render(chosen, new Intl.NumberFormat(locale).format(n - offset)) : ''
      } else if (type === 'select') {
        const cases = format as Record<string, Token[]>
        const chosen = cases[String(value)] ?? cases.other
        out += chosen ? render(chosen, hash) : ''
      } else if (type === 'number') {
        out += new Intl.NumberFormat(locale, typeof format === 'object' ? (format as Intl.NumberFormatOptions) : format ? { style: format as 'percent' } : undefined).format(Number(value))
      } else if (value != null) {
        out += String(value)
      }
    }
    return out
  }
  return render(message)
}

/**
 * An English id the page received no compiled form of (its namespace is not the page's): its
 * `{name}` arguments are filled in, so a shared component never shows raw braces in English.
 * Plural and select forms need the compiled message (the page tests render every page in both
 * languages and fail on braces left).
 */
export function formatUncompiled(id: string, values: Record<string, unknown> = {}): string {
  return id.replace(/\{\s*(\w+)\s*\}/g, (whole, name: string) => (name in values && values[name] != null ? String(values[name]) : whole))
}
