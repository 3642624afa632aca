import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeftIcon, FileTextIcon, PlusIcon, SaveIcon, Trash2Icon } from 'lucide-react'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { NativeSelect } from '#app/components/profile/native-select.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { RecordDocumentFields } from '#app/components/drivers/record-document-fields.tsx'
import { DRIVER_FILE_LIMITS, DRUG_TEST_RESULTS, DRUG_TEST_SUBSTANCES, DRUG_TEST_TYPES, drugTestLabel } from '#catalog/drivers.ts'
import { driverTestsPageAction, driverTestsPageLoader } from '#app/routes/_app+/driver-tests-page.server.ts'
import { TEST_INTENT } from '#app/components/drivers/intents.ts'

/**
 * A driver's drug and alcohol tests (49 CFR part 382; issue 37 point 2, decision 086): type,
 * substance, date, result, collection site, document, and until when each is kept (1 year
 * negative, 5 years positive or refusal, or the company's longer period). The operator's managers
 * add, change and delete tests (plain multipart forms, no JavaScript needed); the driver reads
 * their own tests.
 */
export const loader = (args: LoaderFunctionArgs) => driverTestsPageLoader(args)
export const action = (args: ActionFunctionArgs) => driverTestsPageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

type Data = SerializeFrom<typeof loader>
type TestRow = Data['tests'][number]
interface ActionData {
  intent?: string
  testId?: number | null
  values?: Record<string, string>
  formError?: string | null
  fieldErrors?: Record<string, string>
}

/** The fields of a test, for adding or changing one (ids made unique by `prefix`). */
function TestFields({ prefix, values, errors, today }: { prefix: string; values: Record<string, string>; errors: Record<string, string>; today: string }) {
  const { t } = useT()
  const select = (name: string, label: string, list: readonly { value: string; label: string }[], placeholder: string) => (
    <Field id={`${prefix}-${name}`} name={name} label={label} errors={errors}>
      {(p) => (
        <NativeSelect {...p} required defaultValue={values[name] ?? ''}>
          <option value="" disabled>
            {placeholder}
          </option>
          {list.map((o) => (
            <option key={o.value} value={o.value}>
              {t(o.label)}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  )
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {select('testType', t('Reason for the test'), DRUG_TEST_TYPES, t('Choose a reason'))}
      {select('substance', t('Substance'), DRUG_TEST_SUBSTANCES, t('Choose drug or alcohol'))}
      <Field id={`${prefix}-testDate`} name="testDate" label={t('Test date')} errors={errors}>
        {(p) => <Input {...p} type="date" required max={today} defaultValue={values.testDate ?? ''} />}
      </Field>
      {select('result', t('Result'), DRUG_TEST_RESULTS, t('Choose a result'))}
      <Field id={`${prefix}-collectionSite`} name="collectionSite" label={t('Collection site')} errors={errors}>
        {(p) => <Input {...p} maxLength={DRIVER_FILE_LIMITS.siteChars} autoComplete="off" defaultValue={values.collectionSite ?? ''} />}
      </Field>
      <Field id={`${prefix}-note`} name="note" label={t('Note')} errors={errors} className="sm:col-span-2">
        {(p) => <Textarea {...p} maxLength={DRIVER_FILE_LIMITS.noteChars} rows={2} defaultValue={values.note ?? ''} />}
      </Field>
    </div>
  )
}


function TestItem({ test, data, actionData }: { test: TestRow; data: Data; actionData: ActionData | undefined }) {
  const { t } = useT()
  const navigation = useNavigation()
  const mine = actionData?.testId === test.id && (actionData.intent === TEST_INTENT.update || actionData.intent === TEST_INTENT.delete)
  const values = mine && actionData?.intent === TEST_INTENT.update ? (actionData.values ?? {}) : { ...test, collectionSite: test.collectionSite ?? '', note: test.note ?? '' }
  const errors = mine ? (actionData?.fieldErrors ?? {}) : {}
  const prefix = `test-${test.id}`
  return (
    <li className="rounded-lg border p-3" data-testid="driver-test">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-medium">
          {t(drugTestLabel(DRUG_TEST_SUBSTANCES, test.substance))} · {t(drugTestLabel(DRUG_TEST_TYPES, test.testType))}
        </p>
        <p className="text-sm tabular-nums">{test.testDateLabel}</p>
      </div>
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">{t('Result')}</dt>
          <dd data-testid="driver-test-result">{t(drugTestLabel(DRUG_TEST_RESULTS, test.result))}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('Collection site')}</dt>
          <dd className="break-words">{test.collectionSite ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">{t('Kept until')}</dt>
          <dd className="tabular-nums" data-testid="driver-test-kept-until">
            {test.keptUntilLabel}
          </dd>
        </div>
      </dl>
      {test.note ? <p className="mt-2 text-sm break-words whitespace-pre-line">{test.note}</p> : null}
      {test.document && test.documentHref ? (
        <a href={test.documentHref} target="_blank" rel="noreferrer" className="mt-2 inline-flex max-w-full items-center gap-1 text-sm text-primary underline underline-offset-4" data-testid="driver-test-document">
          <FileTextIcon aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{test.document.fileName}</span>
        </a>
      ) : null}
      {data.canEdit ? (
        <div className="mt-3 grid gap-2">
          <details open={mine && actionData?.intent === TEST_INTENT.update}>
            <summary className="cursor-pointer text-sm text-primary underline underline-offset-4">{t('Change this test')}</summary>
            <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3">
              <input type="hidden" name="testIntent" value={TEST_INTENT.update} />
              <input type="hidden" name="testId" value={test.id} />
              {mine && actionData?.intent === TEST_INTENT.update && actionData.formError ? <FormError message={actionData.formError} /> : null}
              <TestFields prefix={prefix} values={values as Record<string, string>} errors={errors} today={data.today} />
              <RecordDocumentFields prefix={prefix} errors={errors} hasDocument={test.document !== null} hint={t('The lab result or the custody and control form: PDF, picture or office file, at most 5 MB.')} />
              <Button type="submit" className="min-h-10 justify-self-start" disabled={navigation.state === 'submitting'}>
                <SaveIcon aria-hidden="true" />
                {t('Save the test')}
              </Button>
            </Form>
          </details>
          <Form method="post" className="grid gap-2">
            <input type="hidden" name="testIntent" value={TEST_INTENT.delete} />
            <input type="hidden" name="testId" value={test.id} />
            {mine && actionData?.intent === TEST_INTENT.delete && actionData.formError ? <FormError message={actionData.formError} /> : null}
            <Button type="submit" variant="outline" className="min-h-10 justify-self-start" disabled={navigation.state === 'submitting'}>
              <Trash2Icon aria-hidden="true" />
              {t('Delete the test')}
            </Button>
          </Form>
        </div>
      ) : null}
    </li>
  )
}

export default function DriverTestsPage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const navigation = useNavigation()
  const { t } = useT()
  const adding = actionData?.intent === TEST_INTENT.add
  const addErrors = adding ? (actionData?.fieldErrors ?? {}) : {}
  return (
    <div className="min-w-0 space-y-6">
      <PageHeader
        title={data.title}
        description={data.driverName ? t('{driver} · 49 CFR part 382', { driver: data.driverName }) : t('49 CFR part 382')}
        actions={
          <Link to={data.fileHref} className="inline-flex min-h-10 items-center gap-1 text-sm text-primary underline underline-offset-4">
            <ArrowLeftIcon aria-hidden="true" className="size-4" />
            {t('Driver file')}
          </Link>
        }
      />
      <p className="text-sm text-muted-foreground">
        {t('Negative results are kept {negative} months, positive results and refusals {positive} months, from the test’s date. Only the company’s managers and the driver see these records.', {
          negative: data.keptMonths.negative,
          positive: data.keptMonths.positive,
        })}
      </p>
      {!data.canEdit ? <p className="text-sm">{t('Your tests, as your company recorded them. Ask a manager to correct a record.')}</p> : null}

      <section aria-labelledby="tests-title">
        <h2 id="tests-title" className="mb-2 text-lg font-semibold">
          {t('Tests')}
        </h2>
        {data.tests.length === 0 ? (
          <EmptyState titleAs="p" title={t('No tests recorded yet.')} />
        ) : (
          <ul className="grid gap-2" data-testid="driver-tests">
            {data.tests.map((x) => (
              <TestItem key={x.id} test={x} data={data} actionData={actionData} />
            ))}
          </ul>
        )}
      </section>

      {data.canEdit ? (
        <section aria-labelledby="add-test-title" className="rounded-lg border p-4">
          <h2 id="add-test-title" className="mb-3 text-lg font-semibold">
            {t('Record a test')}
          </h2>
          <Form method="post" encType="multipart/form-data" className="grid gap-3" data-testid="add-driver-test">
            <input type="hidden" name="testIntent" value={TEST_INTENT.add} />
            <input type="hidden" name="idempotencyKey" value={adding ? ((actionData as { idempotencyKey?: string }).idempotencyKey ?? data.idempotencyKey) : data.idempotencyKey} />
            {adding && actionData?.formError ? <FormError message={actionData.formError} /> : null}
            <TestFields prefix="add" values={adding ? (actionData?.values ?? {}) : {}} errors={addErrors} today={data.today} />
            <RecordDocumentFields prefix="add" errors={addErrors} hasDocument={false} hint={t('The lab result or the custody and control form: PDF, picture or office file, at most 5 MB.')} />
            <Button type="submit" className="min-h-10 justify-self-start" disabled={navigation.state === 'submitting'}>
              <PlusIcon aria-hidden="true" />
              {t('Record the test')}
            </Button>
          </Form>
        </section>
      ) : null}
    </div>
  )
}
