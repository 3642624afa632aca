/**
 * Money and quantities as integers (issue 36 point 4, decision 085): amounts are integer cents,
 * quantities integer thousandths, labour hours integer hundredths; text is read exactly (no
 * floating point on the way in) and shown in the reader's locale with the company's currency.
 * Browser-safe.
 */

/** Reads "1234.5", "1,234.50" or "$1,234.50" as cents; null when not an amount with at most two decimals (or negative). */
export function parseCents(text: string): number | null {
  return parseScaled(text.replace(/^\s*[$€£]\s*/, ''), 2)
}

/** Reads a quantity with at most three decimals as thousandths; null when it is not one. */
export function parseMilli(text: string): number | null {
  return parseScaled(text, 3)
}

/** Reads labour hours with at most two decimals as hundredths. */
export function parseHundredths(text: string): number | null {
  return parseScaled(text, 2)
}

/** A non-negative decimal with at most `decimals` decimals, read exactly as an integer × 10^decimals; null otherwise. */
export function parseScaled(text: string, decimals: number): number | null {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text.trim().replaceAll(',', ''))
  if (!m || (m[1] === '' && !m[2])) return null
  const frac = m[2] ?? ''
  if (frac.length > decimals) return null
  const n = Number(m[1] || '0') * 10 ** decimals + Number(frac.padEnd(decimals, '0') || '0')
  return Number.isSafeInteger(n) ? n : null
}

/** Integer arithmetic: quantity (thousandths) × unit cost (cents) → cents, rounded half up. */
export function milliTimesCents(quantityMilli: number, unitCents: number): number {
  return Math.floor((quantityMilli * unitCents + 500) / 1000)
}

/** Labour hours (hundredths) × hourly rate (cents) → cents, rounded half up. */
export function hundredthsTimesCents(hoursHundredths: number, rateCents: number): number {
  return Math.floor((hoursHundredths * rateCents + 50) / 100)
}

const intlLocale = (locale: 'en' | 'es') => (locale === 'es' ? 'es-US' : 'en-US')

/** "$1,234.50" / "1234,50 US$"-style, in the reader's locale, from integer cents. */
export function formatMoney(cents: number, currency: string, locale: 'en' | 'es' = 'en'): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }).format(cents / 100)
}

/** Cents as a plain decimal for forms and CSV ("1234.50"): exact, no grouping, no symbol. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const a = Math.abs(cents)
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`
}

/** Thousandths as a plain decimal ("48.237"), trailing zeros dropped. */
export function milliToDecimal(milli: number): string {
  const a = Math.abs(milli)
  const frac = String(a % 1000).padStart(3, '0').replace(/0+$/, '')
  return `${milli < 0 ? '-' : ''}${Math.floor(a / 1000)}${frac ? `.${frac}` : ''}`
}

/** Hundredths as a plain decimal ("2.5"). */
export function hundredthsToDecimal(h: number): string {
  const a = Math.abs(h)
  const frac = String(a % 100).padStart(2, '0').replace(/0+$/, '')
  return `${h < 0 ? '-' : ''}${Math.floor(a / 100)}${frac ? `.${frac}` : ''}`
}

/** A cost per mile (cents ÷ miles) shown in the currency with three decimals of a unit ("$0.412"); null without miles. */
export function formatCostPerMile(cents: number, miles: number, currency: string, locale: 'en' | 'es' = 'en'): string | null {
  if (!(miles > 0)) return null
  return new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency, minimumFractionDigits: 3, maximumFractionDigits: 3 }).format(cents / 100 / miles)
}
