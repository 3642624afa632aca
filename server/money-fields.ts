/**
 * Money, quantity and hours fields of every door (issue 36, decision 085): a decimal string or a
 * JSON number read exactly as an integer (parseCents / parseMilli / parseHundredths, never
 * floating point); blank means "not given". Negative, or more decimals than allowed: a field
 * error, the same in REST, tRPC and the pages.
 */
import { z } from 'zod'
import { msg } from '#catalog/i18n.ts'
import { parseCents, parseHundredths, parseMilli } from '#catalog/money.ts'

export const MONEY_TEXT = {
  amount: msg('Enter an amount of zero or more, with at most two decimals'),
  quantity: msg('Enter a quantity of zero or more, with at most three decimals'),
  hours: msg('Enter hours of zero or more, with at most two decimals'),
  tooHigh: msg('This is too high'),
} as const

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

function scaledField(parse: (text: string) => number | null, message: string, max: number) {
  return z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z
      .union([z.string(), z.number()], { error: message })
      .transform((v, ctx) => {
        const n = typeof v === 'number' && !Number.isFinite(v) ? null : parse(String(v))
        if (n === null) {
          ctx.addIssue({ code: 'custom', message })
          return z.NEVER
        }
        if (n > max) {
          ctx.addIssue({ code: 'custom', message: MONEY_TEXT.tooHigh })
          return z.NEVER
        }
        return n
      })
      .optional(),
  )
}

/** An amount in cents (optional; pair with a required check where the form needs it). */
export const centsField = (max: number) => scaledField(parseCents, MONEY_TEXT.amount, max)
/** A quantity in thousandths. */
export const milliField = (max: number) => scaledField(parseMilli, MONEY_TEXT.quantity, max)
/** Labour hours in hundredths. */
export const hundredthsField = (max: number) => scaledField(parseHundredths, MONEY_TEXT.hours, max)
