import { PlusIcon, Trash2Icon } from 'lucide-react'
import * as React from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { LICENSE_TYPES } from '#catalog/license-types.ts'
import { Field, FieldError } from '#app/components/forms/field.tsx'
import { NativeSelect } from './native-select.tsx'
import type { FieldErrors, LicenseRowValues } from './types.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT } from '#app/utils/i18n.tsx'

export const BLANK_LICENSE: LicenseRowValues = { licenseTypeId: '', licenseNumber: '', state: '', expiryDate: '' }

interface Row extends LicenseRowValues {
  key: number
}

/**
 * The licenses editor of the profile form. Each row posts `licenseTypeId`,
 * `licenseNumber`, `licenseState` and `licenseExpiryDate` (repeated names, in
 * row order); the form also posts `licensesSubmitted=1` so the list is
 * replaced even when it ends up empty. Entirely blank rows are ignored.
 *
 * With JavaScript: add and remove rows with buttons. Without JavaScript: the
 * existing rows plus one blank row, each with a "Remove" checkbox that posts
 * `licenseRemove={row index}`.
 *
 * Server errors are keyed `userLicenses.{index}.{field}` by the rows the
 * server kept; the action sends the kept rows back and the parent remounts
 * this editor with them (give it a `key` that changes per submission).
 */
export function LicenseEditor({
  idPrefix,
  initialRows,
  errors,
}: {
  idPrefix: string
  initialRows: LicenseRowValues[]
  errors?: FieldErrors
}) {
  const hydrated = useHydrated()
  const { t } = useT()
  const nextKey = React.useRef(0)
  const [rows, setRows] = React.useState<Row[]>(() => {
    // Without JavaScript a blank row is the only way to add a license.
    const start = hydrated ? initialRows : [...initialRows, BLANK_LICENSE]
    return start.map((r) => ({ ...r, key: nextKey.current++ }))
  })
  const listError = errors?.userLicenses

  return (
    <fieldset className="grid min-w-0 grid-cols-1 gap-3" aria-describedby={listError ? `${idPrefix}-licenses-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">{t('Licenses')}</legend>
      <FieldError id={`${idPrefix}-licenses-error`} name="userLicenses" message={listError} />
      {rows.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
          {t('No licenses. Use “Add license” to add one.')}
        </p>
      ) : null}
      {rows.map((row, index) => {
        const id = (f: string) => `${idPrefix}-license-${row.key}-${f}`
        const key = (f: string) => `userLicenses.${index}.${f}`
        return (
          <div key={row.key} className="grid gap-3 rounded-lg border p-3" data-testid="license-row">
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium text-muted-foreground">{t('License {number}', { number: index + 1 })}</p>
              {hydrated ? (
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
                  aria-label={t('Remove license {number}', { number: index + 1 })}
                >
                  <Trash2Icon />
                  {t('Remove')}
                </Button>
              ) : (
                <label className="flex min-h-9 items-center gap-2 text-sm">
                  <input type="checkbox" name="licenseRemove" value={index} className="size-4" />
                  {t('Remove')}
                </label>
              )}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field id={id('type')} name="licenseTypeId" errorKey={key('licenseTypeId')} label={t('License type')} errors={errors}>
                {(p) => (
                  <NativeSelect {...p} defaultValue={row.licenseTypeId}>
                    <option value="">{t('Choose a type')}</option>
                    {LICENSE_TYPES.map((type) => (
                      <option key={type.id} value={type.id}>
                        {t(type.name)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              <Field id={id('number')} name="licenseNumber" errorKey={key('licenseNumber')} label={t('License number')} errors={errors}>
                {(p) => <Input {...p} defaultValue={row.licenseNumber} maxLength={50} autoComplete="off" />}
              </Field>
              <Field id={id('state')} name="licenseState" errorKey={key('state')} label={t('State')} errors={errors}>
                {(p) => <Input {...p} defaultValue={row.state} maxLength={50} placeholder={t('e.g. CA')} autoComplete="off" />}
              </Field>
              <Field id={id('expiry')} name="licenseExpiryDate" errorKey={key('expiryDate')} label={t('Expiration date')} errors={errors}>
                {(p) => <Input {...p} type="date" defaultValue={row.expiryDate} />}
              </Field>
            </div>
          </div>
        )
      })}
      {hydrated ? (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setRows((rs) => [...rs, { ...BLANK_LICENSE, key: nextKey.current++ }])}
        >
          <PlusIcon />
          {t('Add license')}
        </Button>
      ) : (
        <p className="text-xs text-muted-foreground">{t('Fill in the blank row to add a license; tick “Remove” to delete one.')}</p>
      )}
      <input type="hidden" name="licensesSubmitted" value="1" />
    </fieldset>
  )
}
