import { Form } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Field, FieldError, FormError, controlProps } from '#app/components/forms/field.tsx'
import { StatusPill } from '#app/components/ui/status-pill.tsx'
import { TimeZoneSelect } from '#app/components/time-zone-select.tsx'
import { DEFAULT_TIME_ZONE } from '#catalog/company-settings.ts'
import { COMPANY_TYPES, ROLES, roleLabelOf } from '#catalog/roles.ts'
import { NativeSelect } from './native-select.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'
import { CREATE_COMPANY_INTENT, JOIN_COMPANY_INTENT } from './intents.ts'


const TYPE_LABELS = { Owner: msg('Owner (owns buses)'), Operator: msg('Operator (runs buses)'), RepairShop: msg('Repair shop') } as const

export interface CompanyFormResult {
  intent: typeof CREATE_COMPANY_INTENT | typeof JOIN_COMPANY_INTENT
  formError: string | null
  fieldErrors: Record<string, string>
  values: Record<string, string | string[]>
}

/** "Create a company" and "Join a company" under My companies (plain forms). */
export function CompanyForms({ result, busy, timeZones }: { result: CompanyFormResult | null; busy: boolean; timeZones: readonly string[] }) {
  const { t } = useT()
  const create = result?.intent === CREATE_COMPANY_INTENT ? result : null
  const join = result?.intent === JOIN_COMPANY_INTENT ? result : null
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <Form method="post" className="space-y-3 rounded-lg border p-4" aria-labelledby="create-company-title">
        <h3 id="create-company-title" className="font-medium">
          {t('Create a company')}
        </h3>
        <input type="hidden" name="intent" value={CREATE_COMPANY_INTENT} />
        <Field id="company-name" name="name" label={t('Company name')} errors={create?.fieldErrors}>
          {(control) => <Input {...control} required maxLength={100} defaultValue={(create?.values.name as string) ?? ''} />}
        </Field>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">{t('Company types')}</legend>
          {COMPANY_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="types"
                value={type}
                className="size-4 accent-primary"
                defaultChecked={(create?.values.types as string[] | undefined)?.includes(type)}
                {...controlProps('company-types', create?.fieldErrors.types, 'company-types-hint')}
              />
              {t(TYPE_LABELS[type])}
            </label>
          ))}
          <FieldError id="company-types-error" name="types" message={create?.fieldErrors.types} />
          <p id="company-types-hint" className="text-xs text-muted-foreground">
            {t('The first type ticked names the company code (OWN-, OPR- or RSH-).')}
          </p>
        </fieldset>
        <Field id="company-time-zone" name="timeZone" label={t('Time zone')} errors={create?.fieldErrors} hint={t('Dates, times and alerts of the company are in this time zone.')}>
          {(control) => <TimeZoneSelect {...control} zones={timeZones} defaultValue={(create?.values.timeZone as string | undefined) || DEFAULT_TIME_ZONE} guess={!create} />}
        </Field>
        <FormError message={create && !Object.keys(create.fieldErrors).length ? create.formError : null} />
        <Button type="submit" disabled={busy}>
          {t('Create company')}
        </Button>
      </Form>

      <Form method="post" className="space-y-3 rounded-lg border p-4" aria-labelledby="join-company-title">
        <h3 id="join-company-title" className="font-medium">
          {t('Join a company')}
        </h3>
        <input type="hidden" name="intent" value={JOIN_COMPANY_INTENT} />
        <Field id="join-code" name="companyCode" label={t('Company code')} errors={join?.fieldErrors}>
          {(control) => <Input {...control} required placeholder={t('e.g. OPR-7H2K9Q')} autoCapitalize="characters" defaultValue={(join?.values.companyCode as string) ?? ''} />}
        </Field>
        <Field id="join-role" name="role" label={t('Role')} errors={join?.fieldErrors}>
          {(control) => (
            <NativeSelect {...control} defaultValue={(join?.values.role as string) ?? 'Driver'}>
              {ROLES.map((r) => (
                <option key={r.name} value={r.name}>
                  {t(r.label)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <FormError message={join && !join.fieldErrors.companyCode ? join.formError : null} />
        <Button type="submit" variant="secondary" disabled={busy}>
          {t('Ask to join')}
        </Button>
      </Form>
    </div>
  )
}

export function MyJoinRequests({ requests }: { requests: { id: number; companyName: string; role: string; status: string; requestDate: string }[] }) {
  const { t } = useT()
  if (!requests.length) return null
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium">{t('My join requests')}</h3>
      <ul className="divide-y rounded-lg border text-sm" aria-label={t('My join requests')}>
        {requests.map((r) => (
          <li key={r.id} className="flex items-center justify-between gap-3 px-4 py-2">
            <span>
              {r.companyName} · {t(roleLabelOf(r.role))}
            </span>
            <StatusPill status={r.status} />
          </li>
        ))}
      </ul>
    </div>
  )
}
