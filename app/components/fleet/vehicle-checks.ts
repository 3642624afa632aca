import { vehicleFieldsSchema } from '#server/fleet/vehicle-schema.ts'
import { fieldErrorsOf } from '#server/validation.ts'
import type { VehicleFormValues } from './shared.ts'

/**
 * The spec's rules (section 5), checked in the browser before posting with the
 * schema the use case checks again (every door): every field's message at once.
 * Loaded by the vehicle dialog on demand, so zod is not in the fleet page's first load.
 */
export function validateVehicle(values: VehicleFormValues): Record<string, string> {
  const result = vehicleFieldsSchema.safeParse(values)
  return result.success ? {} : fieldErrorsOf(result.error)
}
