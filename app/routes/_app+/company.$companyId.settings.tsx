import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { SaveIcon } from 'lucide-react'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { NativeSelect } from '#app/components/profile/native-select.tsx'
import { CompanyCodeCard } from '#app/components/people/company-code-card.tsx'
import { companySettingsAction, companySettingsLoader } from '#app/routes/_app+/company-settings-page.server.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { roleLabelOf } from '#catalog/roles.ts'
import { ADDRESS_LIMITS } from '#catalog/company-settings.ts'
import { REPAIR_COST_PAYER_RULES } from '#catalog/costs.ts'
import { EXPIRED_DRIVER_PRE_TRIP_RULES, HOS_CYCLES } from '#catalog/drivers.ts'
import { useT } from '#app/utils/i18n.tsx'

/** Company settings: name, time zone, address and the repair shop setting, for any manager of the company. */
export const loader = (args: LoaderFunctionArgs) => companySettingsLoader(args)
export const action = (args: ActionFunctionArgs) => companySettingsAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function CompanySettingsPage() {
  const { title, card, company, hasRepairShopSetting, timeZones: zones, currencies, hasRepairCostPayerSetting, hasDriverSettings } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useT()
  const saving = navigation.state === 'submitting'
  const errors: Record<string, string> = actionData?.fieldErrors ?? {}
  const values = actionData?.values
  // The fields are uncontrolled: a new key resets them to what was submitted (or saved).
  const formKey = JSON.stringify(values ?? company)

  return (
    <>
      <PageHeader
        title={title}
        description={company.name}
        actions={<CompanyCodeCard card={card} />}
      >
        <div className="flex flex-wrap gap-1 pt-1">
          {company.types.map((type) => (
            <Badge key={type} variant="secondary">
              {t(roleLabelOf(type))}
            </Badge>
          ))}
        </div>
      </PageHeader>
      <Card className="max-w-2xl">
        <CardHeader>
          <CardTitle asChild>
            <h2>{t('Company details')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-5" key={formKey}>
            <FormError message={actionData?.formError} />
            <Field id="name" name="name" label={t('Company name')} errors={errors} className="gap-2">
              {(control) => <Input {...control} required maxLength={100} defaultValue={values?.name ?? company.name} />}
            </Field>
            <Field id="timeZone" name="timeZone" label={t('Time zone')} errors={errors} className="gap-2" hint={t('Dates and expiry alerts are counted in this time zone.')}>
              {(control) => (
                <NativeSelect {...control} required defaultValue={values?.timeZone ?? company.timeZone}>
                  {zones.map((z) => (
                    <option key={z} value={z}>
                      {z}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field
              id="address"
              name="address"
              label={t('Address')}
              errors={errors}
              className="gap-2"
              hint={t('Postal address, one line per line (at most {lines} lines, {characters} characters). It is printed on leases and inspection decals.', { lines: ADDRESS_LIMITS.maxLines, characters: ADDRESS_LIMITS.maxLength })}
            >
              {(control) => <Textarea {...control} rows={4} maxLength={ADDRESS_LIMITS.maxLength} autoComplete="street-address" defaultValue={values?.address ?? company.address} />}
            </Field>
            {hasRepairShopSetting ? (
              <Field
                id="repairShopCode"
                name="repairShopCode"
                label={t('Repair shop (company code)')}
                errors={errors}
                className="gap-2"
                hint={
                  <span data-testid="current-repair-shop">
                    {company.repairShop
                      ? t('Current repair shop: {name} ({code}). Repair actions from defective pre-inspections go there. Leave empty to have none.', { name: company.repairShop.name, code: company.repairShop.code })
                      : t('No repair shop chosen yet. Enter the company code of the repair shop that should receive your repair actions.')}
                  </span>
                }
              >
                {(control) => (
                  <Input
                    {...control}
                    maxLength={20}
                    autoCapitalize="characters"
                    spellCheck={false}
                    className="font-mono uppercase placeholder:normal-case"
                    placeholder={t('e.g. RSH-7H2K9Q')}
                    defaultValue={values?.repairShopCode ?? company.repairShop?.code ?? ''}
                  />
                )}
              </Field>
            ) : null}
            <fieldset className="grid gap-5 border-t pt-4" data-testid="cost-settings">
              <legend className="pr-2 text-sm font-semibold">{t('Costs')}</legend>
              <Field id="currency" name="currency" label={t('Currency')} errors={errors} className="gap-2" hint={t('Costs are kept in this currency and shown in each reader’s language.')}>
                {(control) => (
                  <NativeSelect {...control} required defaultValue={values?.currency ?? company.currency}>
                    {currencies.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </Field>
              {hasRepairCostPayerSetting ? (
                <Field
                  id="repairCostPayer"
                  name="repairCostPayer"
                  label={t('Who pays repairs')}
                  errors={errors}
                  className="gap-2"
                  hint={t('The payer of each new cost line on a repair of your buses; you can change it line by line.')}
                >
                  {(control) => (
                    <NativeSelect {...control} required defaultValue={values?.repairCostPayer ?? company.repairCostPayer}>
                      {REPAIR_COST_PAYER_RULES.map((r) => (
                        <option key={r.value} value={r.value}>
                          {t(r.label)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
              ) : null}
            </fieldset>
            {hasDriverSettings ? (
              <fieldset className="grid gap-5 border-t pt-4" data-testid="driver-settings">
                <legend className="pr-2 text-sm font-semibold">{t('Drivers')}</legend>
                <Field
                  id="expiredDriverPreTrip"
                  name="expiredDriverPreTrip"
                  label={t('Pre-trip by a driver whose license or medical certificate has expired')}
                  errors={errors}
                  className="gap-2"
                  hint={t('Refused: the driver sees why and cannot file the pre-trip until it is renewed.')}
                >
                  {(control) => (
                    <NativeSelect {...control} required defaultValue={values?.expiredDriverPreTrip ?? company.expiredDriverPreTrip ?? 'allow'}>
                      {EXPIRED_DRIVER_PRE_TRIP_RULES.map((r) => (
                        <option key={r.value} value={r.value}>
                          {t(r.label)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
                <Field id="hosCycle" name="hosCycle" label={t('Hours-of-service cycle')} errors={errors} className="gap-2" hint={t('70 hours in 8 days only when the company runs buses every day of the week.')}>
                  {(control) => (
                    <NativeSelect {...control} required defaultValue={values?.hosCycle ?? company.hosCycle ?? '60/7'}>
                      {HOS_CYCLES.map((c) => (
                        <option key={c.value} value={c.value}>
                          {t(c.label)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
              </fieldset>
            ) : null}
            <div>
              <Button type="submit" disabled={saving}>
                <SaveIcon aria-hidden="true" />
                {saving ? t('Saving…') : t('Save')}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>
      {company.types.some((t) => t === 'Owner' || t === 'Operator') ? (
        <p className="mt-6 max-w-2xl text-sm" data-testid="retention-link">
          <Link to={`/retention/${company.id}`} className="font-medium underline underline-offset-4">
            {t('Record retention')}
          </Link>{' '}
          <span className="text-muted-foreground">{t('— how long pre-trips, inspections, repairs and leases are kept (never below the legal minimum).')}</span>
        </p>
      ) : null}
    </>
  )
}
