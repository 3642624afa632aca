import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArchiveIcon, SaveIcon } from 'lucide-react'
import { retentionPageAction, retentionPageLoader } from '#app/routes/_app+/retention-page.server.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { formatDateOnly, formatInstant } from '#app/utils/dates.ts'
import { RETENTION_MAX_MONTHS } from '#catalog/compliance.ts'
import { RETENTION_TEXT } from '#catalog/texts.ts'

/** "Record retention" (issue 23 point 5, decision 067): each record type's period, its legal minimum and the oldest record kept. */
export const loader = (args: LoaderFunctionArgs) => retentionPageLoader(args)
export const action = (args: ActionFunctionArgs) => retentionPageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function RetentionPage() {
  const { title, companyName, timeZone, overview } = useLoaderData<typeof loader>()
  const actionData = useActionData<{ formError?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }>()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const errors = actionData?.fieldErrors ?? {}
  const formKey = JSON.stringify(actionData?.values ?? overview.types.map((t) => t.months))
  return (
    <div className="min-w-0">
      <PageHeader
        title={title}
        description={`${companyName}: how long each kind of record is kept. A daily job removes only what is older than its period, in batches, and logs what it removed; no period can be set below the legal minimum.`}
      />
      {overview.types.length === 0 ? (
        <EmptyState icon={ArchiveIcon} title={RETENTION_TEXT.noTypes} />
      ) : (
        <Form method="post" key={formKey} className="grid max-w-3xl gap-4" data-testid="retention-form">
          {actionData?.formError ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm" data-testid="retention-error">
              {actionData.formError}
            </p>
          ) : null}
          {overview.types.map((t) => {
            const error = errors[t.type]
            return (
              <Card key={t.type} data-testid={`retention-${t.type}`}>
                <CardHeader>
                  <CardTitle asChild>
                    <h2 className="text-base break-words">{t.label}</h2>
                  </CardTitle>
                </CardHeader>
                <CardContent className="grid gap-3">
                  <p className="text-sm text-muted-foreground">
                    {t.rule} <span className="font-medium whitespace-nowrap">({t.cite})</span>
                    {t.afterLeavingMonths ? ` A vehicle that left the fleet keeps these records at least ${t.afterLeavingMonths} months after it left (49 CFR 396.3(c)).` : ''}
                  </p>
                  <div className="grid gap-2">
                    <Label htmlFor={`months-${t.type}`}>Keep for (months)</Label>
                    <Input
                      id={`months-${t.type}`}
                      name={t.type}
                      type="number"
                      inputMode="numeric"
                      min={t.minimumMonths}
                      max={RETENTION_MAX_MONTHS}
                      step={1}
                      required
                      className="w-32"
                      defaultValue={actionData?.values?.[t.type] ?? String(t.months)}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={[`hint-${t.type}`, error ? `error-${t.type}` : null].filter(Boolean).join(' ')}
                    />
                    <p id={`hint-${t.type}`} className="text-xs text-muted-foreground">
                      Legal minimum {t.minimumMonths} months, counted from {t.countedFrom}.{t.isDefault ? ' Not set yet: the default applies.' : ''}
                    </p>
                    {error ? (
                      <p id={`error-${t.type}`} className="text-sm text-destructive">
                        {error}
                      </p>
                    ) : null}
                  </div>
                  <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                    <dt className="text-muted-foreground">Oldest record kept</dt>
                    <dd data-testid={`oldest-${t.type}`}>{t.oldestKept ? formatDateOnly(t.oldestKept) : RETENTION_TEXT.noneKept}</dd>
                    <dt className="text-muted-foreground">Next run removes</dt>
                    <dd>records dated before {formatDateOnly(t.removesBefore)}</dd>
                  </dl>
                </CardContent>
              </Card>
            )
          })}
          <div>
            <Button type="submit" disabled={saving}>
              <SaveIcon aria-hidden="true" />
              {saving ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </Form>
      )}
      {overview.types.length ? (
        <section className="mt-8 max-w-3xl" aria-labelledby="removals-title">
          <h2 id="removals-title" className="mb-2 text-lg font-semibold">
            Latest removals
          </h2>
          {overview.removals.length === 0 ? (
            <p className="text-sm text-muted-foreground">{RETENTION_TEXT.neverRemoved}</p>
          ) : (
            <ul className="divide-y rounded-md border text-sm" data-testid="retention-removals">
              {overview.removals.map((r, i) => (
                <li key={i} className="flex flex-col gap-1 p-3 sm:flex-row sm:justify-between">
                  <span className="break-words">
                    {r.removed} × {r.label}, dated before {formatDateOnly(r.before)}
                  </span>
                  <span className="text-muted-foreground">{formatInstant(r.ranAt, timeZone)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  )
}
