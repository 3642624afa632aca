import { vehicleFieldsSchema } from '#server/fleet/vehicle-schema.ts'
import { fieldErrorsOf } from '#server/validation.ts'
import { sayText } from '#catalog/i18n.ts'
import type { VehicleFormValues } from './vehicle-fields.ts'

/**
 * The spec's rules (section 5), checked in the browser before posting with the
 * schema the use case checks again (every door): every field's message at once,
 * in the page's language (`t` from `useT()`: the schema's messages are its ids, or sentences with values).
 * Loaded by the vehicle dialog on demand, so zod is not in the fleet page's first load.
 */
export function validateVehicle(values: VehicleFormValues, t: (id: string, values?: Record<string, unknown>) => string): Record<string, string> {
  const result = vehicleFieldsSchema.safeParse(values)
  if (result.success) return {}
  return Object.fromEntries(Object.entries(fieldErrorsOf(result.error)).map(([field, message]) => [field, sayText(t, message)]))
}
