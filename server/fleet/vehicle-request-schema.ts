import { z } from 'zod'
import { VEHICLE_REQUEST_TEXT as TEXT } from '#catalog/texts.ts'
import { msg } from '#catalog/i18n.ts'

/**
 * The "Add vehicle request" rules (spec section 5), written once: the form
 * checks them in the browser, and the use case behind the page, tRPC and REST
 * checks them again with this schema, so every door names the same fields with
 * the same texts, all at once. Browser-safe: zod and catalog/ only.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/
const dateField = z.string().regex(DATE, msg('Use the format YYYY-MM-DD'))

/** A date input's value ('' or an ISO instant accepted): its calendar date, or undefined when empty. */
const dayOf = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim().slice(0, 10)) : v)

/** `today` is the operator company's calendar date ('YYYY-MM-DD'). */
export function vehicleRequestFields(today: string) {
  return z
    .object({
      vehicleIdentifier: z.string({ message: TEXT.required }).trim().min(1, TEXT.required).max(40, msg('At most 40 characters')),
      startDate: z.preprocess(dayOf, z.string({ message: TEXT.required }).pipe(dateField)),
      // Spec: an empty end date is sent as null (open-ended).
      endDate: z.preprocess((v) => (v === undefined ? null : (dayOf(v) ?? null)), dateField.nullable()),
    })
    .superRefine((v, ctx) => {
      const start = typeof v.startDate === 'string' && DATE.test(v.startDate) ? v.startDate : null
      if (start && start < today) ctx.addIssue({ code: 'custom', path: ['startDate'], message: TEXT.startBeforeToday })
      if (start && v.endDate && DATE.test(v.endDate) && v.endDate < start) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: TEXT.endBeforeStart })
      }
    })
}
