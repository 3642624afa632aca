import { sayText } from '#catalog/i18n.ts'
import { preInspectionFields } from '#server/inspections/pre-inspection-schema.ts'
import { fieldErrorsOf } from '#server/validation.ts'

export { payloadOf } from './payload-body.ts'

/**
 * The server's own pre-trip schema, run on the phone before posting or queueing, its messages in
 * the page's language (`t` from `useT()`: the schema's messages are its ids, or sentences with
 * values). Loaded on demand (`loadChecks`), after the page is interactive: zod is not in the
 * page's first load (decision 053).
 */
export function schemaErrors(payload: Record<string, unknown>, at: { today: string; now: Date }, t: (id: string, values?: Record<string, unknown>) => string): Record<string, string> {
  const parsed = preInspectionFields(at).safeParse(payload)
  if (parsed.success) return {}
  return Object.fromEntries(Object.entries(fieldErrorsOf(parsed.error)).map(([field, message]) => [field, sayText(t, message)]))
}
