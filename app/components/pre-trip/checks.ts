import { preInspectionFields } from '#server/inspections/pre-inspection-schema.ts'
import { fieldErrorsOf } from '#server/validation.ts'

export { payloadOf } from './payload-body.ts'

/**
 * The server's own pre-trip schema, run on the phone before posting or queueing. Loaded on demand
 * (`loadChecks`), after the page is interactive: zod is not in the page's first load (decision 053).
 */
export function schemaErrors(payload: Record<string, unknown>, at: { today: string; now: Date }): Record<string, string> {
  const parsed = preInspectionFields(at).safeParse(payload)
  return parsed.success ? {} : fieldErrorsOf(parsed.error)
}
