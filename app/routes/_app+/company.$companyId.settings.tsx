import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ChevronDownIcon, SaveIcon } from 'lucide-react'
import { CompanyCodeCard } from '#app/components/people/company-code-card.tsx'
import { companySettingsAction, companySettingsLoader } from '#app/routes/_app+/company-settings.server.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { cn } from '#app/utils/cn.ts'
import { roleLabelOf } from '#catalog/roles.ts'
import { ADDRESS_LIMITS } from '#catalog/company-settings.ts'
import { useT } from '#app/utils/i18n.tsx'

/** Company settings: name, time zone, address and the repair shop setting, for any manager of the company. */
export const loader = (args: LoaderFunctionArgs) => companySettingsLoader(args)
export const action = (args: ActionFunctionArgs) => companySettingsAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  )
}

export default function CompanySettingsPage() {
  const { title, card, company, hasRepairShopSetting, timeZones: zones } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const { t } = useT()
  const saving = navigation.state === 'submitting'
  const errors: Record<string, string> = actionData?.fieldErrors ?? {}
  const values = actionData?.values
  // The fields are uncontrolled: a new key resets them to what was submitted (or saved).
  const formKey = JSON.stringify(values ?? company)
  const described = (key: string) => (errors[key] ? `${key}-error` : undefined)

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
            {actionData?.formError ? (
              <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
                {actionData.formError}
              </p>
            ) : null}
            <div className="grid gap-2">
              <Label htmlFor="name">{t('Company name')}</Label>
              <Input
                id="name"
                name="name"
                required
                maxLength={100}
                defaultValue={values?.name ?? company.name}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={described('name')}
              />
              <FieldError id="name-error" message={errors.name} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="timeZone">{t('Time zone')}</Label>
              <div className="relative">
                <select
                  id="timeZone"
                  name="timeZone"
                  required
                  defaultValue={values?.timeZone ?? company.timeZone}
                  aria-invalid={errors.timeZone ? true : undefined}
                  aria-describedby={[described('timeZone'), 'timeZone-hint'].filter(Boolean).join(' ')}
                  className={cn(
                    'flex h-9 w-full min-w-0 appearance-none rounded-md border border-input bg-transparent py-1 pr-8 pl-3 text-base shadow-xs outline-none md:text-sm',
                    'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive',
                  )}
                >
                  {zones.map((z) => (
                    <option key={z} value={z}>
                      {z}
                    </option>
                  ))}
                </select>
                <ChevronDownIcon
                  aria-hidden="true"
                  className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground"
                />
              </div>
              <p id="timeZone-hint" className="text-xs text-muted-foreground">
                {t('Dates and expiry alerts are counted in this time zone.')}
              </p>
              <FieldError id="timeZone-error" message={errors.timeZone} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="address">{t('Address')}</Label>
              <Textarea
                id="address"
                name="address"
                rows={4}
                maxLength={ADDRESS_LIMITS.maxLength}
                autoComplete="street-address"
                defaultValue={values?.address ?? company.address}
                aria-invalid={errors.address ? true : undefined}
                aria-describedby={[described('address'), 'address-hint'].filter(Boolean).join(' ')}
              />
              <p id="address-hint" className="text-xs text-muted-foreground">
                {t('Postal address, one line per line (at most {lines} lines, {characters} characters). It is printed on leases and inspection decals.', { lines: ADDRESS_LIMITS.maxLines, characters: ADDRESS_LIMITS.maxLength })}
              </p>
              <FieldError id="address-error" message={errors.address} />
            </div>
            {hasRepairShopSetting ? (
              <div className="grid gap-2">
                <Label htmlFor="repairShopCode">{t('Repair shop (company code)')}</Label>
                <Input
                  id="repairShopCode"
                  name="repairShopCode"
                  maxLength={20}
                  autoCapitalize="characters"
                  spellCheck={false}
                  className="font-mono uppercase placeholder:normal-case"
                  placeholder={t('e.g. RSH-7H2K9Q')}
                  defaultValue={values?.repairShopCode ?? company.repairShop?.code ?? ''}
                  aria-invalid={errors.repairShopCode ? true : undefined}
                  aria-describedby={[described('repairShopCode'), 'repairShopCode-hint'].filter(Boolean).join(' ')}
                />
                <p id="repairShopCode-hint" className="text-xs text-muted-foreground" data-testid="current-repair-shop">
                  {company.repairShop
                    ? t('Current repair shop: {name} ({code}). Repair actions from defective pre-inspections go there. Leave empty to have none.', { name: company.repairShop.name, code: company.repairShop.code })
                    : t('No repair shop chosen yet. Enter the company code of the repair shop that should receive your repair actions.')}
                </p>
                <FieldError id="repairShopCode-error" message={errors.repairShopCode} />
              </div>
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
