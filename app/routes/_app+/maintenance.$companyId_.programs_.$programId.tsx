import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeftIcon, PlusIcon, SaveIcon, SearchIcon, Trash2Icon } from 'lucide-react'
import { Field, FieldError, FormError } from '#app/components/forms/field.tsx'
import { PROGRAM_INTENT } from '#app/components/maintenance/intents.ts'
import { intervalText, soonText, TaskFields } from '#app/components/maintenance/program-parts.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { MAINTENANCE_LIMITS } from '#catalog/maintenance.ts'
import { programPageAction, programPageLoader } from '#app/routes/_app+/maintenance-program-page.server.ts'

/** A service program's editor (issue 35, decision 084): tasks, buses picked one by one, the rule. Owner managers. */
export const loader = (args: LoaderFunctionArgs) => programPageLoader(args)
export const action = (args: ActionFunctionArgs) => programPageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

interface ActionData {
  intent?: string
  taskId?: number | null
  formError?: string | null
  fieldErrors?: Record<string, string>
  values?: Record<string, string>
}

const sectionTitle = 'mb-3 text-lg font-semibold'

export default function ProgramPage() {
  const { companyId, program, choices, fuelTypes } = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const navigation = useNavigation()
  const { t, locale } = useT()
  const busy = navigation.state === 'submitting'
  const errorsFor = (intent: string, taskId?: number) =>
    actionData?.intent === intent && (taskId === undefined || actionData.taskId === taskId) ? (actionData.fieldErrors ?? {}) : {}
  const formErrorFor = (intent: string, taskId?: number) =>
    actionData?.intent === intent && (taskId === undefined || actionData.taskId === taskId) ? (actionData.formError ?? null) : null
  const valuesFor = (intent: string, taskId?: number) =>
    actionData?.intent === intent && (taskId === undefined || actionData.taskId === taskId) ? actionData.values : undefined

  const programErrors = errorsFor(PROGRAM_INTENT.updateProgram)
  const programValues = valuesFor(PROGRAM_INTENT.updateProgram)
  const vehicleErrors = errorsFor(PROGRAM_INTENT.setVehicles)
  const vehicleValues = valuesFor(PROGRAM_INTENT.setVehicles)
  const rule = program.rule
  const pickedIds = program.vehicles.filter((v) => v.kind === 'pick').map((v) => v.vehicleId)
  const onPage = new Set(choices.items.map((c) => c.id))
  const makes = [...new Set([...choices.options.makes, ...(rule?.make ?? [])])]
  const models = [...new Set([...choices.options.models, ...(rule?.model ?? [])])]
  const pickerHref = (page: number) => {
    const p = new URLSearchParams()
    if (choices.q) p.set('q', choices.q)
    if (page > 1) p.set('vpage', String(page))
    const s = p.toString()
    return `?${s}#buses`
  }

  return (
    <div className="min-w-0">
      <Link to={`/maintenance/${companyId}/programs`} className="mb-3 inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline">
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {t('Service programs')}
      </Link>
      <PageHeader title={program.name} description={t('Each task is due at its interval, whichever unit comes first, counted from the bus’s last service of that task.')} />

      {/* The program itself. */}
      <section aria-labelledby="program-title" className="mb-8 max-w-2xl">
        <h2 id="program-title" className={sectionTitle}>
          {t('Program')}
        </h2>
        <Form method="post" className="grid gap-4" key={`program-${program.version}`} data-testid="program-form">
          <input type="hidden" name="intent" value={PROGRAM_INTENT.updateProgram} />
          <input type="hidden" name="version" value={program.version} />
          <FormError message={formErrorFor(PROGRAM_INTENT.updateProgram)} testId="program-error" />
          <Field id="program-name" name="name" label={t('Name')} errors={programErrors}>
            {(control) => <Input {...control} required maxLength={MAINTENANCE_LIMITS.programName} defaultValue={programValues?.name ?? program.name} />}
          </Field>
          <Field id="program-description" name="description" label={t('Description (optional)')} errors={programErrors}>
            {(control) => (
              <Textarea {...control} rows={3} maxLength={MAINTENANCE_LIMITS.programDescription} defaultValue={programValues?.description ?? program.description ?? ''} />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={busy}>
              <SaveIcon aria-hidden="true" />
              {t('Save')}
            </Button>
          </div>
        </Form>
        <details className="mt-4 rounded-md border p-3 text-sm">
          <summary className="cursor-pointer font-medium">{t('Delete this program')}</summary>
          <p className="my-2 text-muted-foreground">{t('Its tasks and its list of buses go; the service history of its buses is kept.')}</p>
          <FormError message={formErrorFor(PROGRAM_INTENT.deleteProgram)} />
          <Form method="post">
            <input type="hidden" name="intent" value={PROGRAM_INTENT.deleteProgram} />
            <Button type="submit" variant="destructive" size="sm" disabled={busy} data-testid="delete-program">
              <Trash2Icon aria-hidden="true" />
              {t('Delete program')}
            </Button>
          </Form>
        </details>
      </section>

      {/* Its tasks. */}
      <section aria-labelledby="tasks-title" className="mb-8 max-w-3xl">
        <h2 id="tasks-title" className={sectionTitle}>
          {t('Tasks')}
        </h2>
        {program.tasks.length === 0 ? <p className="mb-3 text-sm text-muted-foreground">{t('No task yet: add the first one below.')}</p> : null}
        <ul className="mb-4 grid gap-2" data-testid="task-list">
          {program.tasks.map((task) => {
            const soon = soonText(task, t, locale)
            const failed = actionData?.taskId === task.id
            return (
              <li key={task.id} id={`task-${task.id}`}>
                <details className="rounded-md border p-3" open={failed}>
                  <summary className="cursor-pointer">
                    <span className="font-medium break-words">{task.name}</span>
                    <span className="block text-sm text-muted-foreground sm:inline sm:ps-2">
                      {t('Every {interval}', { interval: intervalText(task, t, locale) })}
                      {soon ? ` · ${t('due soon {within} before', { within: soon })}` : ''}
                    </span>
                  </summary>
                  <Form method="post" className="mt-3 grid gap-4">
                    <input type="hidden" name="intent" value={PROGRAM_INTENT.updateTask} />
                    <input type="hidden" name="taskId" value={task.id} />
                    <FormError message={formErrorFor(PROGRAM_INTENT.updateTask, task.id)} />
                    <TaskFields prefix={`task-${task.id}`} values={valuesFor(PROGRAM_INTENT.updateTask, task.id) ?? task} errors={errorsFor(PROGRAM_INTENT.updateTask, task.id)} />
                    <div>
                      <Button type="submit" size="sm" disabled={busy}>
                        <SaveIcon aria-hidden="true" />
                        {t('Save task')}
                      </Button>
                    </div>
                  </Form>
                  <Form method="post" className="mt-3 border-t pt-3">
                    <input type="hidden" name="intent" value={PROGRAM_INTENT.deleteTask} />
                    <input type="hidden" name="taskId" value={task.id} />
                    <FormError message={formErrorFor(PROGRAM_INTENT.deleteTask, task.id)} />
                    <Button type="submit" size="sm" variant="outline" disabled={busy}>
                      <Trash2Icon aria-hidden="true" />
                      {t('Remove task')}
                    </Button>
                  </Form>
                </details>
              </li>
            )
          })}
        </ul>
        <details className="rounded-md border p-3" open={program.tasks.length === 0 || actionData?.intent === PROGRAM_INTENT.addTask}>
          <summary className="cursor-pointer font-medium">{t('Add a task')}</summary>
          <Form method="post" className="mt-3 grid gap-4" data-testid="add-task-form">
            <input type="hidden" name="intent" value={PROGRAM_INTENT.addTask} />
            <FormError message={formErrorFor(PROGRAM_INTENT.addTask)} testId="add-task-error" />
            <TaskFields prefix="new-task" values={valuesFor(PROGRAM_INTENT.addTask) ?? {}} errors={errorsFor(PROGRAM_INTENT.addTask)} />
            <div>
              <Button type="submit" disabled={busy}>
                <PlusIcon aria-hidden="true" />
                {t('Add task')}
              </Button>
            </div>
          </Form>
        </details>
      </section>

      {/* Its buses: picked one by one, or matched by the rule. */}
      <section aria-labelledby="buses-title" id="buses" className="max-w-3xl">
        <h2 id="buses-title" className={sectionTitle}>
          {t('Buses')}
        </h2>
        <p className="mb-3 text-sm" role="status" data-testid="rule-status">
          {rule
            ? program.matchedVehicles === 0
              ? t('The rule matches no bus yet: buses that match it later join the program.')
              : t('{count, plural, one {The rule matches # bus.} other {The rule matches # buses.}}', { count: program.matchedVehicles })
            : t('No rule: only the buses picked below are in the program.')}{' '}
          {t('{count, plural, one {# bus in the program.} other {# buses in the program.}}', { count: program.vehicles.length })}
        </p>

        <Form method="get" className="mb-3 flex flex-wrap items-end gap-2" action={`#buses`}>
          <Field id="bus-search" name="q" label={t('Find a bus')} className="min-w-0 flex-1">
            {(control) => <Input {...control} type="search" maxLength={60} defaultValue={choices.q} placeholder={t('Identifier, make, model or plate')} />}
          </Field>
          <Button type="submit" variant="outline">
            <SearchIcon aria-hidden="true" />
            {t('Search')}
          </Button>
        </Form>

        <Form method="post" className="grid gap-4" key={`buses-${program.version}`} data-testid="vehicles-form">
          <input type="hidden" name="intent" value={PROGRAM_INTENT.setVehicles} />
          <input type="hidden" name="version" value={program.version} />
          <FormError message={formErrorFor(PROGRAM_INTENT.setVehicles)} testId="vehicles-error" />
          {/* Picked buses on other pages of the picker stay picked. */}
          {pickedIds
            .filter((id) => !onPage.has(id))
            .map((id) => (
              <input key={id} type="hidden" name="vehicleIds" value={id} />
            ))}
          <fieldset className="grid gap-2 rounded-md border p-3" aria-describedby="picker-hint vehicleIds-error">
            <legend className="px-1 text-sm font-medium">{t('Buses picked one by one')}</legend>
            <p id="picker-hint" className="text-xs text-muted-foreground">
              {t('Save before going to another page of buses: changes on this page are kept only when saved.')}
            </p>
            {choices.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">{choices.q ? t('No bus matches this search.') : t('The company has no buses yet.')}</p>
            ) : (
              <ul className="grid gap-1" data-testid="vehicle-choices">
                {choices.items.map((v) => (
                  <li key={v.id}>
                    <label className="flex min-w-0 flex-wrap items-center gap-2 rounded-md px-1 py-1 text-sm hover:bg-accent">
                      <input type="checkbox" name="vehicleIds" value={v.id} defaultChecked={v.kind === 'pick'} className="size-4" data-testid={`pick-${v.id}`} />
                      <span className="font-medium">{v.vehicleIdentifier}</span>
                      <span className="min-w-0 break-words text-muted-foreground">
                        {[v.make, v.model, v.yearBuild].filter(Boolean).join(' ')} · {v.licensePlate}
                      </span>
                      {v.kind === 'rule' ? <Badge variant="secondary">{t('Matched by the rule')}</Badge> : null}
                    </label>
                  </li>
                ))}
              </ul>
            )}
            <FieldError id="vehicleIds-error" name="vehicleIds" message={vehicleErrors.vehicleIds} />
            {choices.pageCount > 1 ? (
              <nav aria-label={t('Pages of buses')} className="flex flex-wrap items-center gap-2 text-sm">
                {choices.page > 1 ? (
                  <Link to={pickerHref(choices.page - 1)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                    {t('Previous')}
                  </Link>
                ) : null}
                <span>{t('Page {page} of {count}', { page: choices.page, count: choices.pageCount })}</span>
                {choices.page < choices.pageCount ? (
                  <Link to={pickerHref(choices.page + 1)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                    {t('Next')}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </fieldset>

          <fieldset className="grid gap-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">{t('Rule: every bus that matches, now and later')}</legend>
            <p className="text-xs text-muted-foreground">{t('The fleet table’s filters: a bus matches when it meets every filter given. Leave everything empty for no rule.')}</p>
            <Field
              id="rule-tag"
              name="tag"
              errorKey="rule.tag"
              label={t('Tags (comma separated)')}
              errors={vehicleErrors}
              hint={t('Each tag must appear in the identifier, make, model, plate, VIN or colour.')}
            >
              {(control) => <Input {...control} maxLength={700} defaultValue={vehicleValues?.tag ?? (rule?.tag ?? []).join(', ')} />}
            </Field>
            {makes.length ? (
              <fieldset className="grid gap-1">
                <legend className="text-sm font-medium">{t('Make')}</legend>
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  {makes.map((m) => (
                    <label key={m} className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name="make" value={m} defaultChecked={rule?.make?.includes(m) ?? false} className="size-4" />
                      {m}
                    </label>
                  ))}
                </div>
                <FieldError id="rule-make-error" name="rule.make" message={vehicleErrors['rule.make']} />
              </fieldset>
            ) : null}
            {models.length ? (
              <fieldset className="grid gap-1">
                <legend className="text-sm font-medium">{t('Model')}</legend>
                <div className="flex flex-wrap gap-x-4 gap-y-1">
                  {models.map((m) => (
                    <label key={m} className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name="model" value={m} defaultChecked={rule?.model?.includes(m) ?? false} className="size-4" />
                      {m}
                    </label>
                  ))}
                </div>
                <FieldError id="rule-model-error" name="rule.model" message={vehicleErrors['rule.model']} />
              </fieldset>
            ) : null}
            <div className="grid gap-3 sm:grid-cols-2">
              <Field id="rule-yearFrom" name="yearFrom" errorKey="rule.yearFrom" label={t('Year from')} errors={vehicleErrors}>
                {(control) => <Input {...control} type="number" inputMode="numeric" min={1900} max={2100} defaultValue={vehicleValues?.yearFrom ?? rule?.yearFrom ?? ''} />}
              </Field>
              <Field id="rule-yearTo" name="yearTo" errorKey="rule.yearTo" label={t('Year to')} errors={vehicleErrors}>
                {(control) => <Input {...control} type="number" inputMode="numeric" min={1900} max={2100} defaultValue={vehicleValues?.yearTo ?? rule?.yearTo ?? ''} />}
              </Field>
            </div>
            <fieldset className="grid gap-1">
              <legend className="text-sm font-medium">{t('Fuel type')}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {fuelTypes.map((f) => (
                  <label key={f.value} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="fuelType" value={f.value} defaultChecked={rule?.fuelType?.includes(f.value) ?? false} className="size-4" />
                    {t(f.label)}
                  </label>
                ))}
              </div>
            </fieldset>
          </fieldset>
          <div>
            <Button type="submit" disabled={busy} data-testid="save-vehicles">
              <SaveIcon aria-hidden="true" />
              {t('Save buses and rule')}
            </Button>
          </div>
        </Form>

        <h3 className="mt-6 mb-2 text-base font-semibold">{t('Buses in the program')}</h3>
        {program.vehicles.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('None yet.')}</p>
        ) : (
          <ul className="divide-y rounded-md border text-sm" data-testid="program-vehicles">
            {program.vehicles.map((v) => (
              <li key={v.vehicleId} className="flex flex-col gap-1 p-2 sm:flex-row sm:items-center sm:justify-between">
                <span className="min-w-0 break-words">
                  <Link to={`/maintenance/${companyId}/vehicles/${v.vehicleId}`} className="font-medium underline-offset-4 hover:underline">
                    {v.vehicleIdentifier}
                  </Link>{' '}
                  <span className="text-muted-foreground">
                    {[v.make, v.model].filter(Boolean).join(' ')} · {v.licensePlate}
                  </span>
                </span>
                <span className="flex items-center gap-2 text-muted-foreground">
                  <Badge variant={v.kind === 'pick' ? 'outline' : 'secondary'}>{v.kind === 'pick' ? t('Picked') : t('Matched by the rule')}</Badge>
                  {t('since {date}', { date: formatDateOnly(v.joinedOn, locale) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
