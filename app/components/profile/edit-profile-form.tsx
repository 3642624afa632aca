import { Form, useNavigation } from '@remix-run/react'
import * as React from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { ANNUAL_TEXT, INSPECTOR_QUALIFICATION_MAX } from '#catalog/annual-inspection.ts'
import { Separator } from '#app/components/ui/separator.tsx'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { LicenseEditor } from './license-editor.tsx'
import { PhotoInput } from './photo-input.tsx'
import { ProfileFields } from './profile-fields.tsx'
import type { FieldErrors, LicenseRowValues, PlaceOption, ProfileFieldValues } from './types.ts'
import { useT } from '#app/utils/i18n.tsx'
import { UPDATE_PROFILE_INTENT } from './intents.ts'


export interface EditProfileValues {
  fields: ProfileFieldValues
  licenses: LicenseRowValues[]
  removePhoto: boolean
  /** A Mechanic's or Repair shop manager's qualification (decision 066); null: the field is not shown. */
  inspectorQualification?: string | null
}

/** The hidden marker that the form carried the qualification field (a blank one then clears it). */
export const QUALIFICATION_SHOWN_FIELD = 'inspectorQualificationShown'

/**
 * The profile edit form (fields, photo, licenses): one multipart POST with
 * `intent=updateProfile` to /profile's action. Rendered in a Dialog with
 * JavaScript and inline on /profile?edit=1 without.
 */
export function EditProfileForm({
  idPrefix,
  values,
  errors,
  formError,
  submission,
  currentPhoto,
  initials,
  countries,
  usStates,
  today,
  cancel,
}: {
  idPrefix: string
  values: EditProfileValues
  errors?: FieldErrors
  formError?: string | null
  /** Changes with every failed submission: the licenses editor restarts from the rows the server kept. */
  submission: unknown
  currentPhoto: string | null
  initials: string
  countries: PlaceOption[]
  usStates: PlaceOption[]
  today: string
  /** The Cancel control (a DialogClose or a link back to /profile). */
  cancel: React.ReactNode
}) {
  const navigation = useNavigation()
  const { t } = useT()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === UPDATE_PROFILE_INTENT
  const [licenseEditorKey, setLicenseEditorKey] = React.useState(0)
  const [lastSubmission, setLastSubmission] = React.useState(submission)
  if (submission !== lastSubmission) {
    setLastSubmission(submission)
    setLicenseEditorKey((k) => k + 1)
  }

  return (
    <Form method="post" encType="multipart/form-data" className="grid grid-cols-1 gap-6" aria-label={t('Edit profile')}>
      <input type="hidden" name="intent" value={UPDATE_PROFILE_INTENT} />
      <FormError message={formError} />
      <PhotoInput
        idPrefix={idPrefix}
        currentPhoto={currentPhoto}
        initials={initials}
        errors={errors}
        removeChecked={values.removePhoto}
      />
      <Separator />
      <ProfileFields
        idPrefix={idPrefix}
        values={values.fields}
        errors={errors}
        countries={countries}
        usStates={usStates}
        today={today}
      />
      <Separator />
      <LicenseEditor key={licenseEditorKey} idPrefix={idPrefix} initialRows={values.licenses} errors={errors} />
      {typeof values.inspectorQualification === 'string' ? (
        <>
          <Separator />
          <input type="hidden" name={QUALIFICATION_SHOWN_FIELD} value="1" />
          <Field id={`${idPrefix}-inspectorQualification`} name="inspectorQualification" label={t(ANNUAL_TEXT.qualificationLabel)} errors={errors} hint={t(ANNUAL_TEXT.qualificationHint)}>
            {(control) => (
              <Input {...control} defaultValue={values.inspectorQualification ?? ''} maxLength={INSPECTOR_QUALIFICATION_MAX} autoComplete="off" className="h-10 sm:h-9" />
            )}
          </Field>
        </>
      ) : null}
      <div className="sticky bottom-0 -mx-1 grid grid-cols-2 gap-3 bg-background px-1 py-2 sm:static sm:flex sm:justify-end sm:py-0">
        {cancel}
        <Button type="submit" className="h-10 sm:h-9" disabled={saving}>
          {saving ? t('Saving…') : t('Save changes')}
        </Button>
      </div>
    </Form>
  )
}
