import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArchiveIcon, SaveIcon } from 'lucide-react'
import { retentionPageAction, retentionPageLoader } from '#app/routes/_app+/retention-page.server.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { formatDateOnly, formatInstant } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { RETENTION_MAX_MONTHS } from '#catalog/compliance.ts'
import { RETENTION_TEXT } from '#catalog/texts.ts'

/** "Record retention" (issue 23 point 5, decision 067): each record type's period, its legal minimum and the oldest record kept. */
export const loader = (args: LoaderFunctionArgs) => retentionPageLoader(args)
export const action = (args: ActionFunctionArgs) => retentionPageAction(args)

/** The paragraph of the rule that keeps an archived vehicle's records longer: a type whose own rule cites it already says so (said once). */
const AFTER_LEAVING_CITE = '49 CFR 396.3(c)'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function RetentionPage() {
  const { title, companyName, timeZone, overview } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ formError?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }>()
  const navigation = useNavigation()
  const { t, locale } = useT()
  const saving = navigation.state === 'submitting'
  const errors = actionData?.fieldErrors ?? {}
  const formKey = JSON.stringify(actionData?.values ?? overview.types.map((type) => type.months))
  return (
    <div className="min-w-0">
      <PageHeader
        title={title}
        description={t(
          '{company}: how long each kind of record is kept. A daily job removes only what is older than its period, in batches, and logs what it removed; no period can be set below the legal minimum.',
          { company: companyName },
        )}
      />
      {overview.types.length === 0 ? (
        <EmptyState icon={ArchiveIcon} title={t(RETENTION_TEXT.noTypes)} />
      ) : (
        <Form method="post" key={formKey} className="grid max-w-3xl gap-4" data-testid="retention-form">
          <FormError message={actionData?.formError ? t(actionData.formError) : null} testId="retention-error" />
          {overview.types.map((type) => {
            const error = errors[type.type]
            return (
              <Card key={type.type} data-testid={`retention-${type.type}`}>
                <CardHeader>
                  <CardTitle asChild>
                    <h2 className="text-base break-words">{t(type.label)}</h2>
                  </CardTitle>
                </CardHeader>
                <CardContent className="grid gap-3">
                  <p className="text-sm text-muted-foreground">
                    {t(type.rule)} <span className="font-medium whitespace-nowrap">({type.cite})</span>
                    {type.afterLeavingMonths && type.cite !== AFTER_LEAVING_CITE
                      ? ` ${t('A vehicle that left the fleet keeps these records at least {months} months after it left (49 CFR 396.3(c)).', { months: type.afterLeavingMonths })}`
                      : ''}
                  </p>
                  <Field
                    id={`months-${type.type}`}
                    name={type.type}
                    label={t('Keep for (months)')}
                    error={error ? t(error) : null}
                    className="gap-2"
                    hintId={`hint-${type.type}`}
                    hint={
                      type.isDefault
                        ? t('Legal minimum {months} months, counted from {from}. Not set yet: the default applies.', { months: type.minimumMonths, from: t(type.countedFrom) })
                        : t('Legal minimum {months} months, counted from {from}.', { months: type.minimumMonths, from: t(type.countedFrom) })
                    }
                  >
                    {(control) => (
                      <Input
                        {...control}
                        type="number"
                        inputMode="numeric"
                        min={type.minimumMonths}
                        max={RETENTION_MAX_MONTHS}
                        step={1}
                        required
                        className="w-32"
                        defaultValue={actionData?.values?.[type.type] ?? String(type.months)}
                      />
                    )}
                  </Field>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">{t('Oldest record kept')}</dt>
                    <dd data-testid={`oldest-${type.type}`}>{type.oldestKept ? formatDateOnly(type.oldestKept, locale) : t(RETENTION_TEXT.noneKept)}</dd>
                    <dt className="text-muted-foreground">{t('Next run removes')}</dt>
                    <dd>{t('records dated before {date}', { date: formatDateOnly(type.removesBefore, locale) })}</dd>
                  </dl>
                </CardContent>
              </Card>
            )
          })}
          <div>
            <Button type="submit" disabled={saving}>
              <SaveIcon aria-hidden="true" />
              {saving ? t('Saving…') : t('Save')}
            </Button>
          </div>
        </Form>
      )}
      {overview.types.length ? (
        <section className="mt-8 max-w-3xl" aria-labelledby="removals-title">
          <h2 id="removals-title" className="mb-2 text-lg font-semibold">
            {t('Latest removals')}
          </h2>
          {overview.removals.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t(RETENTION_TEXT.neverRemoved)}</p>
          ) : (
            <ul className="divide-y rounded-md border text-sm" data-testid="retention-removals">
              {overview.removals.map((r, i) => (
                <li key={i} className="flex flex-col gap-1 p-3 sm:flex-row sm:justify-between">
                  <span className="break-words">
                    {t('{count} × {records}, dated before {date}', { count: r.removed, records: t(r.label), date: formatDateOnly(r.before, locale) })}
                  </span>
                  <span className="text-muted-foreground">{formatInstant(r.ranAt, timeZone, locale)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  )
}
