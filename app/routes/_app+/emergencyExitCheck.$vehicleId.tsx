import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Field, FieldError, FormError, controlProps } from '#app/components/forms/field.tsx'
import { SignatureField } from '#app/components/forms/signature-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { EMERGENCY_EXIT_ITEM_STATUSES, EMERGENCY_EXIT_ITEMS } from '#catalog/compliance.ts'
import { DUE_STATE_LABELS, EMERGENCY_EXIT_TEXT } from '#server/inspections/emergency-exit-check-schema.ts'
import { emergencyExitCheckAction, emergencyExitCheckLoader, type ExitCheckFormValues } from './emergency-exit-check.server.ts'

/**
 * `/emergencyExitCheck/{vehicleId}`: the 90-day emergency-exit check (49 CFR 396.3(b)(4),
 * decision 065), phone first (one column at 360 px), a plain form post that works without
 * JavaScript (the typed name signs then).
 */
export const loader = (args: LoaderFunctionArgs) => emergencyExitCheckLoader(args)
export const action = (args: ActionFunctionArgs) => emergencyExitCheckAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? EMERGENCY_EXIT_TEXT.title} · Operon` }]

type Refused = { ok: false; formError: string | null; fieldErrors: Record<string, string>; values: ExitCheckFormValues }
type Filed = { ok: true; result: { id: number; isSatisfactory: boolean; repairActionId: number | null; checkDate: string; nextDueDate: string } }

export default function Page() {
  const { t, locale } = useT()
  const d = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as Refused | Filed | undefined
  const busy = useNavigation().state === 'submitting'
  const refused = answer && !answer.ok ? answer : null
  const errors = refused?.fieldErrors ?? {}
  const values = refused?.values
  const dueTone = d.due.dueState === 'overdue' ? 'text-danger' : d.due.dueState === 'due-soon' ? 'text-warning-foreground dark:text-warning' : 'text-muted-foreground'

  return (
    <div className="mx-auto grid w-full max-w-xl gap-4">
      <PageHeader title={t(EMERGENCY_EXIT_TEXT.title)} description={`${d.vehicle.vehicleIdentifier} · ${d.vehicle.make} ${d.vehicle.model} · ${d.vehicle.licensePlate}`} className="mb-0" />
      <p className="text-sm" data-testid="exit-check-help">
        {t(EMERGENCY_EXIT_TEXT.help)}
      </p>
      <p className={`text-sm font-medium ${dueTone}`} data-testid="exit-check-due">
        {d.due.lastCheckDate
          ? t('{state}: next check due {due} (last check {last}).', {
              state: t(DUE_STATE_LABELS[d.due.dueState]),
              due: formatDateOnly(d.due.nextDueDate, locale),
              last: formatDateOnly(d.due.lastCheckDate, locale),
            })
          : t('{state}: next check due {due} (never checked).', { state: t(DUE_STATE_LABELS[d.due.dueState]), due: formatDateOnly(d.due.nextDueDate, locale) })}
      </p>

      {answer?.ok ? (
        <section className="grid gap-3 rounded-md border p-4" role="status" data-testid="exit-check-filed">
          <h2 className="text-lg font-semibold">{answer.result.repairActionId ? t(EMERGENCY_EXIT_TEXT.filedWithRepair) : t(EMERGENCY_EXIT_TEXT.filed)}</h2>
          <p className="text-sm">
            {t('Result: {result} on {date}. Next check due {due}.', {
              result: answer.result.isSatisfactory ? t('Satisfactory') : t('Unsatisfactory'),
              date: formatDateOnly(answer.result.checkDate, locale),
              due: formatDateOnly(answer.result.nextDueDate, locale),
            })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to="/dashboard">{t('Back to the dashboard')}</Link>
            </Button>
          </div>
        </section>
      ) : (
        <Form method="post" className="grid gap-4" noValidate={false}>
          <input type="hidden" name="idempotencyKey" value={d.idempotencyKey} />
          <FormError message={refused?.formError} />
          <p className="text-sm text-muted-foreground">
            {t('Filed by {name} as {role} of {company}.', { name: d.filer.name, role: t(d.filer.role), company: d.filer.companyName })}
          </p>
          <Field id="checkDate" name="checkDate" label={t('Check date')} errors={errors}>
            {(control) => <Input {...control} type="date" defaultValue={values?.checkDate || d.filer.today} min={d.filer.earliestDate} max={d.filer.today} required className="h-11" />}
          </Field>
          {EMERGENCY_EXIT_ITEMS.map((item) => {
            const posted = values?.items[item.key]
            const statusError = errors[`${item.key}.status`] ?? errors[item.key]
            const commentError = errors[`${item.key}.comments`]
            return (
              <fieldset key={item.key} className="grid gap-2 rounded-md border p-3" data-item={item.key}>
                <legend className="px-1 font-medium">{t(item.label)}</legend>
                <div className="grid grid-cols-2 gap-2">
                  {EMERGENCY_EXIT_ITEM_STATUSES.map((s) => (
                    <label key={s.value} className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10">
                      <input type="radio" name={`${item.key}.status`} value={s.value} defaultChecked={posted?.status === String(s.value)} required className="size-4" {...controlProps(`${item.key}.status`, statusError)} />
                      {t(s.label)}
                    </label>
                  ))}
                </div>
                <FieldError id={`${item.key}.status-error`} name={`${item.key}.status`} message={statusError} />
                <Field id={`${item.key}-comments`} name={`${item.key}.comments`} label={t('Comment (required when Unsatisfactory)')} error={commentError} className="gap-2">
                  {(control) => <Textarea {...control} defaultValue={posted?.comments ?? ''} maxLength={2000} rows={2} />}
                </Field>
              </fieldset>
            )
          })}
          <SignatureField name="inspectorSignature" typedName="signatureName" label={t('Signature')} typedDefault={values?.signatureName} error={errors.inspectorSignature ?? errors.signatureName} />
          <Button type="submit" className="sticky bottom-2 h-12 w-full" disabled={busy}>
            {busy ? t('Filing…') : t('File the emergency-exit check')}
          </Button>
        </Form>
      )}

      {d.recent.length ? (
        <section aria-labelledby="recent-exit-checks" className="grid gap-2">
          <h2 id="recent-exit-checks" className="text-base font-semibold">
            {t('Recent checks')}
          </h2>
          <ul className="grid gap-1 text-sm">
            {d.recent.map((c) => (
              <li key={c.id}>
                <time dateTime={c.checkDate}>{formatDateOnly(c.checkDate, locale)}</time> · {c.isSatisfactory ? t('Satisfactory') : t('Unsatisfactory')} · {c.inspectorName} ({t(c.filerRole)})
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
