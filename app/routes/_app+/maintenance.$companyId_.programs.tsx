import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { CopyIcon, PlusIcon, WrenchIcon } from 'lucide-react'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { PROGRAM_INTENT } from '#app/components/maintenance/intents.ts'
import { intervalText, soonText } from '#app/components/maintenance/program-parts.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { MAINTENANCE_LIMITS } from '#catalog/maintenance.ts'
import { programsPageAction, programsPageLoader } from '#app/routes/_app+/maintenance-programs-page.server.ts'

/** "Service programs" (issue 35, decision 084): the owner's programs, the templates to copy, a new program. Owner managers. */
export const loader = (args: LoaderFunctionArgs) => programsPageLoader(args)
export const action = (args: ActionFunctionArgs) => programsPageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

interface ActionData {
  intent?: string
  formError?: string | null
  fieldErrors?: Record<string, string>
  values?: Record<string, string>
  templateKey?: string
}

export default function ProgramsPage() {
  const { title, companyId, companyName, programs, listError, templates } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const navigation = useNavigation()
  const { t, locale } = useT()
  const busy = navigation.state === 'submitting'
  const createErrors = actionData?.intent === PROGRAM_INTENT.createProgram ? (actionData.fieldErrors ?? {}) : {}
  return (
    <div className="min-w-0">
      <PageHeader
        title={title}
        description={t('{company}: what preventive maintenance each bus gets, and how often. Copy a template or start a program of your own; then choose its buses.', {
          company: companyName,
        })}
        actions={
          <Link to={`/maintenance/${companyId}`} className="text-sm font-medium text-primary underline underline-offset-4">
            {t('What is due')}
          </Link>
        }
      />

      <section aria-labelledby="programs-title" className="mb-8">
        <h2 id="programs-title" className="mb-3 text-lg font-semibold">
          {t('Your programs')}
        </h2>
        <FormError message={listError} />
        {programs.length === 0 ? (
          <EmptyState icon={WrenchIcon} titleAs="h3" title={t('No service programs yet')} description={t('Copy a template below, or create a program of your own.')} />
        ) : (
          <ul className="grid gap-3 md:grid-cols-2" data-testid="program-list">
            {programs.map((p) => (
              <li key={p.id}>
                <Card>
                  <CardHeader>
                    <CardTitle asChild>
                      <h3 className="text-base break-words">
                        <Link to={`/maintenance/${companyId}/programs/${p.id}`} className="underline-offset-4 hover:underline" data-testid={`program-link-${p.id}`}>
                          {p.name}
                        </Link>
                      </h3>
                    </CardTitle>
                  </CardHeader>
                  <CardContent className="grid gap-2 text-sm">
                    {p.description ? <p className="line-clamp-3 break-words whitespace-pre-line text-muted-foreground">{p.description}</p> : null}
                    <p className="flex flex-wrap gap-2">
                      <Badge variant="outline">{t('{count, plural, one {# task} other {# tasks}}', { count: p.taskCount })}</Badge>
                      <Badge variant="outline">{t('{count, plural, one {# bus} other {# buses}}', { count: p.vehicleCount })}</Badge>
                      {p.rule ? <Badge variant="secondary">{t('Rule')}</Badge> : null}
                    </p>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="templates-title" className="mb-8">
        <h2 id="templates-title" className="mb-1 text-lg font-semibold">
          {t('Copy a template')}
        </h2>
        <p className="mb-3 text-sm text-muted-foreground">{t('A copy is yours to edit: adjust its intervals to the manufacturer’s schedule and the rules that apply to you.')}</p>
        <FormError message={actionData?.intent === PROGRAM_INTENT.copyTemplate ? actionData.formError : null} testId="copy-error" />
        <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="template-list">
          {templates.map((tpl) => (
            <li key={tpl.key}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle asChild>
                    <h3 className="text-base break-words">{t(tpl.name)}</h3>
                  </CardTitle>
                </CardHeader>
                <CardContent className="grid gap-2 text-sm">
                  <p>{t(tpl.description)}</p>
                  <p className="text-muted-foreground">{t(tpl.help)}</p>
                  <ul className="grid gap-1">
                    {tpl.tasks.map((task) => {
                      const soon = soonText(task, t, locale)
                      return (
                        <li key={task.name} className="break-words">
                          <span className="font-medium">{t(task.name)}</span>: {intervalText(task, t, locale)}
                          {soon ? <span className="text-muted-foreground"> ({t('due soon {within} before', { within: soon })})</span> : null}
                        </li>
                      )
                    })}
                  </ul>
                  <Form method="post">
                    <input type="hidden" name="intent" value={PROGRAM_INTENT.copyTemplate} />
                    <input type="hidden" name="templateKey" value={tpl.key} />
                    <Button type="submit" size="sm" variant="outline" disabled={busy} data-testid={`copy-template-${tpl.key}`}>
                      <CopyIcon aria-hidden="true" />
                      {t('Copy')}
                      <span className="sr-only">{t(tpl.name)}</span>
                    </Button>
                  </Form>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="new-program-title" className="max-w-2xl">
        <h2 id="new-program-title" className="mb-3 text-lg font-semibold">
          {t('New program')}
        </h2>
        <Form method="post" className="grid gap-4" data-testid="create-program-form">
          <input type="hidden" name="intent" value={PROGRAM_INTENT.createProgram} />
          <FormError message={actionData?.intent === PROGRAM_INTENT.createProgram ? actionData.formError : null} />
          <Field id="program-name" name="name" label={t('Name')} errors={createErrors}>
            {(control) => <Input {...control} required maxLength={MAINTENANCE_LIMITS.programName} defaultValue={actionData?.values?.name ?? ''} />}
          </Field>
          <Field id="program-description" name="description" label={t('Description (optional)')} errors={createErrors}>
            {(control) => <Textarea {...control} rows={3} maxLength={MAINTENANCE_LIMITS.programDescription} defaultValue={actionData?.values?.description ?? ''} />}
          </Field>
          <div>
            <Button type="submit" disabled={busy}>
              <PlusIcon aria-hidden="true" />
              {t('Create program')}
            </Button>
          </div>
        </Form>
      </section>
    </div>
  )
}
