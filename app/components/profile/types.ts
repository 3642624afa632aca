/** Shapes shared by the profile pages' loaders, actions and components. */

export interface PlaceOption {
  code: string
  name: string
}

/** The profile fields as the form holds them (strings, so a failed submission can be shown back). */
export interface ProfileFieldValues {
  firstName: string
  lastName: string
  dateOfBirth: string
  gender: string
  countryCode: string
  comesFromState: string
  phoneNumber: string
}

/** One row of the licenses editor, as typed. */
export interface LicenseRowValues {
  licenseTypeId: string
  licenseNumber: string
  state: string
  expiryDate: string
}

/** Field name → message; license rows use `userLicenses.{row}.{field}`. */
import type { FieldErrors } from '#app/components/forms/field.tsx'
export type { FieldErrors }

export interface FormErrorResult {
  formError: string | null
  fieldErrors: FieldErrors
}
