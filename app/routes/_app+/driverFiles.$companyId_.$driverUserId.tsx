import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { ArrowLeftIcon, ClockIcon, FileTextIcon, FlaskConicalIcon, PlusIcon, SaveIcon, Trash2Icon } from 'lucide-react'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { NativeSelect } from '#app/components/profile/native-select.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { cn } from '#app/utils/cn.ts'
import { useT } from '#app/utils/i18n.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { RecordDocumentFields } from '#app/components/drivers/record-document-fields.tsx'
import { DRIVER_FILE_ITEM_KINDS, DRIVER_FILE_LIMITS } from '#catalog/drivers.ts'
import { driverFileAction, driverFileLoader } from '#app/routes/_app+/driver-files-page.server.ts'
import { FILE_INTENT } from '#app/components/drivers/intents.ts'

/**
 * One driver's qualification file at an operator company (49 CFR 391.51; issue 37 point 1,
 * decision 086): the hire date, each kind of item of 391.51(b) with its state (Missing, Overdue,
 * Due soon, OK) and its items (date, expiry, note, document). The operator's managers add, change
 * and delete items with plain multipart forms (no JavaScript needed); the driver reads their own
 * file. Links to the driver's tests and hours.
 */
export const loader = (args: LoaderFunctionArgs) => driverFileLoader(args)
export const action = (args: ActionFunctionArgs) => driverFileAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.file.driverName ?? data?.title ?? ''} · Operon` }]

type Data = SerializeFrom<typeof loader>
type KindRow = Data['file']['kinds'][number]
type ItemRow = KindRow['items'][number]
interface ActionData {
  intent?: string
  itemId?: number | null
  values?: Record<string, string>
  formError?: string | null
  fieldErrors?: Record<string, string>
}

const STATE_STYLES: Record<string, string> = {
  missing: 'bg-destructive/10 text-destructive border-destructive/40',
  overdue: 'bg-destructive/10 text-destructive border-destructive/40',
  'due-soon': 'bg-warning/15 text-foreground border-warning',
  ok: 'bg-success/15 text-foreground border-success',
}

function StateBadge({ kind }: { kind: KindRow }) {
  const { t } = useT()
  return (
    <span className={cn('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium', STATE_STYLES[kind.state])} data-testid="driver-file-state" data-state={kind.state}>
      {t(kind.stateLabel)}
    </span>
  )
}

/** The fields of an item, for adding or changing one (ids made unique by `prefix`). */
function ItemFields({ prefix, values, errors, today, withKind }: { prefix: string; values: Record<string, string>; errors: Record<string, string>; today: string; withKind: boolean }) {
  const { t } = useT()
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {withKind ? (
        <Field id={`${prefix}-kind`} name="kind" label={t('Kind of item')} errors={errors} className="sm:col-span-2">
          {(p) => (
            <NativeSelect {...p} required defaultValue={values.kind ?? ''}>
              <option value="" disabled>
                {t('Choose a kind of item')}
              </option>
              {DRIVER_FILE_ITEM_KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {t(k.label)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      ) : (
        <input type="hidden" name="kind" value={values.kind ?? ''} />
      )}
      <Field id={`${prefix}-itemDate`} name="itemDate" label={t('Date')} hint={t('The day it was done, issued or received.')} errors={errors}>
        {(p) => <Input {...p} type="date" required max={today} defaultValue={values.itemDate ?? ''} />}
      </Field>
      <Field id={`${prefix}-expiryDate`} name="expiryDate" label={t('Expiry date')} hint={t('Required for the medical examiner’s certificate.')} errors={errors}>
        {(p) => <Input {...p} type="date" defaultValue={values.expiryDate ?? ''} />}
      </Field>
      <Field id={`${prefix}-note`} name="note" label={t('Note')} errors={errors} className="sm:col-span-2">
        {(p) => <Textarea {...p} maxLength={DRIVER_FILE_LIMITS.noteChars} rows={2} defaultValue={values.note ?? ''} />}
      </Field>
    </div>
  )
}


function Item({ item, data, actionData }: { item: ItemRow; data: Data; actionData: ActionData | undefined }) {
  const { t } = useT()
  const navigation = useNavigation()
  const mine = actionData?.itemId === item.id && (actionData.intent === FILE_INTENT.update || actionData.intent === FILE_INTENT.delete)
  const editing = mine && actionData?.intent === FILE_INTENT.update
  const values = editing ? (actionData?.values ?? {}) : { kind: item.kind, itemDate: item.itemDate, expiryDate: item.expiryDate ?? '', note: item.note ?? '' }
  const errors = mine ? (actionData?.fieldErrors ?? {}) : {}
  const prefix = `item-${item.id}`
  return (
    <li className="rounded-md border p-3" data-testid="driver-file-item">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1 text-sm">
        <span className="tabular-nums">
          {t('Date')}: {item.itemDateLabel}
        </span>
        {item.expiryDateLabel ? (
          <span className="tabular-nums">
            {t('Expiry date')}: {item.expiryDateLabel}
          </span>
        ) : null}
      </div>
      {item.note ? <p className="mt-1 text-sm break-words whitespace-pre-line">{item.note}</p> : null}
      {item.document && item.documentHref ? (
        <a href={item.documentHref} target="_blank" rel="noreferrer" className="mt-1 inline-flex max-w-full items-center gap-1 text-sm text-primary underline underline-offset-4" data-testid="driver-file-document">
          <FileTextIcon aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{item.document.fileName}</span>
        </a>
      ) : null}
      {data.file.canEdit ? (
        <div className="mt-2 grid gap-2">
          <details open={editing}>
            <summary className="cursor-pointer text-sm text-primary underline underline-offset-4">{t('Change this item')}</summary>
            <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3">
              <input type="hidden" name="fileIntent" value={FILE_INTENT.update} />
              <input type="hidden" name="itemId" value={item.id} />
              {editing && actionData?.formError ? <FormError message={actionData.formError} /> : null}
              <ItemFields prefix={prefix} values={values} errors={errors} today={data.file.today} withKind={false} />
              <RecordDocumentFields prefix={prefix} errors={errors} hasDocument={item.document !== null} hint={t('A scan or file of the item: PDF, picture or office file, at most 5 MB.')} />
              <Button type="submit" className="min-h-10 justify-self-start" disabled={navigation.state === 'submitting'}>
                <SaveIcon aria-hidden="true" />
                {t('Save the item')}
              </Button>
            </Form>
          </details>
          <Form method="post" className="grid gap-2">
            <input type="hidden" name="fileIntent" value={FILE_INTENT.delete} />
            <input type="hidden" name="itemId" value={item.id} />
            {mine && actionData?.intent === FILE_INTENT.delete && actionData.formError ? <FormError message={actionData.formError} /> : null}
            <Button type="submit" variant="outline" className="min-h-10 justify-self-start" disabled={navigation.state === 'submitting'}>
              <Trash2Icon aria-hidden="true" />
              {t('Delete the item')}
            </Button>
          </Form>
        </div>
      ) : null}
    </li>
  )
}

export default function DriverFilePage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const navigation = useNavigation()
  const { t, locale } = useT()
  const f = data.file
  const adding = actionData?.intent === FILE_INTENT.add
  const addErrors = adding ? (actionData?.fieldErrors ?? {}) : {}
  const hireErrors = actionData?.intent === FILE_INTENT.hiredOn ? (actionData.fieldErrors ?? {}) : {}
  return (
    <div className="min-w-0 space-y-6">
      <PageHeader
        title={f.driverName || t('Deleted account')}
        description={t('Driver qualification file (49 CFR 391.51) · {company}', { company: f.companyName })}
        actions={
          data.listHref ? (
            <Link to={data.listHref} className="inline-flex min-h-10 items-center gap-1 text-sm text-primary underline underline-offset-4">
              <ArrowLeftIcon aria-hidden="true" className="size-4" />
              {t('All drivers')}
            </Link>
          ) : null
        }
      />
      <nav aria-label={t('Driver records')} className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        <Link to={data.testsHref} className="inline-flex min-h-10 items-center gap-1 text-primary underline underline-offset-4" data-testid="driver-file-tests-link">
          <FlaskConicalIcon aria-hidden="true" className="size-4" />
          {t('Drug and alcohol tests')}
        </Link>
        <Link to={data.hoursHref} className="inline-flex min-h-10 items-center gap-1 text-primary underline underline-offset-4" data-testid="driver-file-hours-link">
          <ClockIcon aria-hidden="true" className="size-4" />
          {t('Hours of service')}
        </Link>
      </nav>
      {!f.current && f.endedLabel ? <p className="text-sm" data-testid="driver-file-former">{t('Former driver: employment ended {date}.', { date: f.endedLabel })}</p> : null}
      {!f.canEdit ? <p className="text-sm">{t('Your file, as your company keeps it. Ask a manager to correct or add an item.')}</p> : null}
      <p className="text-sm" data-testid="driver-file-counts">
        {t('Missing: {missing} · Overdue: {overdue} · Due soon: {dueSoon}', { missing: f.counts.missing, overdue: f.counts.overdue, dueSoon: f.counts.dueSoon })}
      </p>

      <section aria-labelledby="hire-date-title" className="grid gap-2">
        <h2 id="hire-date-title" className="text-lg font-semibold">
          {t('Hire date')}
        </h2>
        {f.canEdit ? (
          <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <input type="hidden" name="fileIntent" value={FILE_INTENT.hiredOn} />
            <Field id="driver-file-hired-on" name="hiredOn" label={t('Hire date')} hint={t('The annual items are first due a year after it.')} errors={hireErrors} className="sm:w-64">
              {(p) => <Input {...p} type="date" max={f.today} defaultValue={actionData?.intent === FILE_INTENT.hiredOn ? (actionData.values?.hiredOn ?? '') : (f.hiredOn ?? '')} />}
            </Field>
            <Button type="submit" variant="outline" className="min-h-10" disabled={navigation.state === 'submitting'}>
              <SaveIcon aria-hidden="true" />
              {t('Save the hire date')}
            </Button>
          </Form>
        ) : (
          <p className="text-sm tabular-nums">{f.hiredOn ? <time dateTime={f.hiredOn}>{formatDateOnly(f.hiredOn, locale)}</time> : '—'}</p>
        )}
      </section>

      <section aria-labelledby="file-items-title" className="grid gap-3">
        <h2 id="file-items-title" className="text-lg font-semibold">
          {t('Items of the file')}
        </h2>
        <ul className="grid gap-3">
          {f.kinds.map((k) => (
            <li key={k.kind} className="rounded-lg border p-3" data-testid="driver-file-kind" data-kind={k.kind}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <h3 className="font-medium break-words">{t(k.label)}</h3>
                  <p className="text-xs text-muted-foreground">{k.cite}</p>
                </div>
                <StateBadge kind={k} />
              </div>
              {k.dueOnLabel ? (
                <p className="mt-1 text-sm tabular-nums">
                  {k.hasExpiry ? t('Expires {date}', { date: k.dueOnLabel }) : t('Due {date}', { date: k.dueOnLabel })}
                </p>
              ) : null}
              {k.items.length ? (
                <ul className="mt-2 grid gap-2">
                  {k.items.map((i) => (
                    <Item key={i.id} item={i} data={data} actionData={actionData} />
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-sm text-muted-foreground">{t('No item recorded.')}</p>
              )}
            </li>
          ))}
        </ul>
      </section>

      {f.canEdit ? (
        <section aria-labelledby="add-item-title" className="grid gap-3 rounded-lg border p-4">
          <h2 id="add-item-title" className="text-lg font-semibold">
            {t('Add an item')}
          </h2>
          <Form method="post" encType="multipart/form-data" className="grid gap-3" data-testid="driver-file-add">
            <input type="hidden" name="fileIntent" value={FILE_INTENT.add} />
            <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
            {adding && actionData?.formError ? <FormError message={actionData.formError} /> : null}
            <ItemFields prefix="add" values={adding ? (actionData?.values ?? {}) : {}} errors={addErrors} today={f.today} withKind />
            <RecordDocumentFields prefix="add" errors={addErrors} hasDocument={false} hint={t('A scan or file of the item: PDF, picture or office file, at most 5 MB.')} />
            <Button type="submit" className="min-h-11 justify-self-start" disabled={navigation.state === 'submitting'}>
              <PlusIcon aria-hidden="true" />
              {t('Add the item')}
            </Button>
          </Form>
        </section>
      ) : null}
    </div>
  )
}
