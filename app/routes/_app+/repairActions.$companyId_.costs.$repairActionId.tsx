import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FileTextIcon, PencilIcon, PlusIcon, Trash2Icon, UploadIcon } from 'lucide-react'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { NativeSelect } from '#app/components/profile/native-select.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { COST_LIMITS, COST_LINE_KINDS, COST_PAYERS, type CostLineKind } from '#catalog/costs.ts'
import { COST_INTENT } from '#app/components/costs/cost-intents.ts'
import { repairCostsPageAction, repairCostsPageLoader, type CostLineRow } from '#app/routes/_app+/repair-costs-page.server.ts'

/**
 * A repair action's costs (issue 36 point 1, decision 085): the shop adds parts, labour, outside
 * work and tax lines, changes and deletes its own, and uploads its invoice; the owner sees every
 * line and changes who pays each; an operator sees the lines charged to it, read-only. Every
 * change is a plain form post.
 */
export const loader = (args: LoaderFunctionArgs) => repairCostsPageLoader(args)
export const action = (args: ActionFunctionArgs) => repairCostsPageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

type Data = SerializeFrom<typeof loader>
interface ActionData {
  intent?: string
  kind?: string | null
  lineId?: number | null
  values?: Record<string, string>
  formError?: string | null
  fieldErrors?: Record<string, string>
}

/** The fields of one kind of line, for adding or editing (ids made unique by `prefix`). */
function LineFields({ kind, prefix, values, errors, currency }: { kind: CostLineKind; prefix: string; values: Record<string, string>; errors: Record<string, string>; currency: string }) {
  const { t } = useT()
  const money = (name: string, label: string) => (
    <Field id={`${prefix}-${name}`} name={name} label={`${label} (${currency})`} errors={errors}>
      {(p) => <Input {...p} inputMode="decimal" autoComplete="off" placeholder="0.00" maxLength={20} required defaultValue={values[name] ?? ''} />}
    </Field>
  )
  const line = (name: string, label: string, required = false) => (
    <Field id={`${prefix}-${name}`} name={name} label={label} errors={errors}>
      {(p) => <Input {...p} maxLength={COST_LIMITS.textMax} required={required} defaultValue={values[name] ?? ''} />}
    </Field>
  )
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <input type="hidden" name="kind" value={kind} />
      {line('description', kind === 'part' ? t('Part') : kind === 'labour' ? t('Work done') : kind === 'outside' ? t('Work') : t('Tax name'), true)}
      {kind === 'part' ? (
        <>
          {line('partNumber', t('Part number'))}
          <Field id={`${prefix}-quantity`} name="quantity" label={t('Quantity')} errors={errors}>
            {(p) => <Input {...p} inputMode="decimal" autoComplete="off" maxLength={20} required defaultValue={values.quantity ?? ''} />}
          </Field>
          {money('unitCost', t('Unit cost'))}
        </>
      ) : kind === 'labour' ? (
        <>
          {line('mechanic', t('Mechanic'))}
          <Field id={`${prefix}-hours`} name="hours" label={t('Hours')} errors={errors}>
            {(p) => <Input {...p} inputMode="decimal" autoComplete="off" maxLength={20} required defaultValue={values.hours ?? ''} />}
          </Field>
          {money('rate', t('Hourly rate'))}
        </>
      ) : kind === 'outside' ? (
        <>
          {line('vendor', t('Vendor'))}
          {money('amount', t('Amount'))}
        </>
      ) : (
        money('amount', t('Amount'))
      )}
    </div>
  )
}

function LineDetails({ line }: { line: CostLineRow }) {
  const { t } = useT()
  const parts: string[] = []
  if (line.partNumber) parts.push(t('Part number {n}', { n: line.partNumber }))
  if (line.quantity !== null && line.unitCost !== null) parts.push(t('{quantity} × {unitCost}', { quantity: line.quantity, unitCost: line.unitCost }))
  if (line.hours !== null && line.rate !== null) parts.push(t('{hours} h × {rate}', { hours: line.hours, rate: line.rate }))
  if (line.mechanicName) parts.push(line.mechanicName)
  if (line.vendor) parts.push(line.vendor)
  return parts.length ? <div className="text-xs text-muted-foreground break-words">{parts.join(' · ')}</div> : null
}

function LineItem({ line, data, actionData }: { line: CostLineRow; data: Data; actionData: ActionData | undefined }) {
  const { t } = useT()
  const navigation = useNavigation()
  const mine = actionData?.lineId === line.id
  const errors = mine ? (actionData?.fieldErrors ?? {}) : {}
  const editing = line.editable && (data.editId === line.id || (mine && actionData?.intent === COST_INTENT.updateLine))
  return (
    <li className="rounded-lg border p-3" data-testid={`cost-line-${line.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <div className="text-xs font-medium text-muted-foreground">{t(line.kindLabel)}</div>
          <div className="break-words font-medium">{line.description}</div>
          <LineDetails line={line} />
        </div>
        <div className="text-right">
          <div className="font-semibold tabular-nums" data-testid="cost-line-amount">
            {line.amount}
          </div>
          <div className="text-xs text-muted-foreground">{t('Paid by: {payer} ({company})', { payer: t(line.payerLabel), company: line.payerCompanyName })}</div>
        </div>
      </div>
      {mine && actionData?.formError ? <FormError message={actionData.formError} /> : null}
      {data.canSetPayer ? (
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value={COST_INTENT.setPayer} />
          <input type="hidden" name="lineId" value={line.id} />
          <label className="grid gap-1 text-sm">
            <span>{t('Who pays')}</span>
            <NativeSelect name="payer" defaultValue={line.payer} className="min-h-10">
              {COST_PAYERS.map((p) => (
                <option key={p.value} value={p.value} disabled={p.value === 'operator' && !data.hasOperator}>
                  {t(p.label)}
                </option>
              ))}
            </NativeSelect>
          </label>
          <Button type="submit" variant="outline" className="min-h-10" disabled={navigation.state === 'submitting'}>
            {t('Change payer')}
          </Button>
        </Form>
      ) : null}
      {line.editable && !editing ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button asChild variant="outline" className="min-h-10">
            <Link to={`?edit=${line.id}`} preventScrollReset>
              <PencilIcon aria-hidden="true" />
              {t('Edit')}
            </Link>
          </Button>
          <Form method="post">
            <input type="hidden" name="intent" value={COST_INTENT.deleteLine} />
            <input type="hidden" name="lineId" value={line.id} />
            <Button type="submit" variant="outline" className="min-h-10" disabled={navigation.state === 'submitting'}>
              <Trash2Icon aria-hidden="true" />
              {t('Delete')}
            </Button>
          </Form>
        </div>
      ) : null}
      {editing ? (
        <Form method="post" className="mt-3 grid gap-3" data-testid="edit-line-form">
          <input type="hidden" name="intent" value={COST_INTENT.updateLine} />
          <input type="hidden" name="lineId" value={line.id} />
          <LineFields kind={line.kind} prefix={`edit-${line.id}`} values={mine ? (actionData?.values ?? line.form) : line.form} errors={errors} currency={data.currency} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" className="min-h-10" disabled={navigation.state === 'submitting'}>
              {t('Save')}
            </Button>
            <Button asChild variant="outline" className="min-h-10">
              <Link to="?">{t('Cancel')}</Link>
            </Button>
          </div>
        </Form>
      ) : null}
    </li>
  )
}

function AddLineForm({ kind, label, data, actionData }: { kind: CostLineKind; label: string; data: Data; actionData: ActionData | undefined }) {
  const { t } = useT()
  const navigation = useNavigation()
  const mine = actionData?.intent === COST_INTENT.addLine && actionData.kind === kind
  return (
    <details className="rounded-lg border p-3" open={mine || undefined} data-testid={`add-${kind}`}>
      <summary className="min-h-9 cursor-pointer py-1 font-medium">{t('Add {kind}', { kind: t(label) })}</summary>
      <Form method="post" className="mt-3 grid gap-3">
        <input type="hidden" name="intent" value={COST_INTENT.addLine} />
        <input type="hidden" name="idempotencyKey" value={`${data.idempotencyKey}-${kind}`} />
        {mine && actionData?.formError ? <FormError message={actionData.formError} /> : null}
        <LineFields kind={kind} prefix={`add-${kind}`} values={mine ? (actionData?.values ?? {}) : {}} errors={mine ? (actionData?.fieldErrors ?? {}) : {}} currency={data.currency} />
        <Button type="submit" className="min-h-10 justify-self-start" disabled={navigation.state === 'submitting'}>
          <PlusIcon aria-hidden="true" />
          {t('Add line')}
        </Button>
      </Form>
    </details>
  )
}

export default function RepairCostsPage() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<ActionData>()
  const navigation = useNavigation()
  const { t } = useT()
  const invoiceError = actionData?.intent === COST_INTENT.uploadInvoice ? actionData.formError : null
  return (
    <div className="min-w-0 space-y-6">
      <PageHeader
        title={data.title}
        description={t('{repair} · bus {bus} · charged on {date}', { repair: data.repairIdentifier, bus: data.vehicleIdentifier, date: data.chargedOnLabel })}
      />
      <section aria-labelledby="totals-title" className="rounded-lg border p-4" data-testid="cost-totals">
        <h2 id="totals-title" className="mb-2 text-lg font-semibold">
          {t('Total: {amount}', { amount: data.total })}
        </h2>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
          {data.byKind.map((k) => (
            <div key={k.kind}>
              <dt className="text-muted-foreground">{t(k.label)}</dt>
              <dd className="tabular-nums">{k.amount}</dd>
            </div>
          ))}
          <div>
            <dt className="text-muted-foreground">{t('Owner pays')}</dt>
            <dd className="tabular-nums">{data.totalOwner}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t('Operator pays')}</dt>
            <dd className="tabular-nums">{data.totalOperator}</dd>
          </div>
        </dl>
        {data.defaultPayerLabel ? (
          <p className="mt-2 text-xs text-muted-foreground">
            {data.operatorCompanyName
              ? t('New lines are charged to: {payer}. Operator holding the bus that day: {company}.', { payer: t(data.defaultPayerLabel), company: data.operatorCompanyName })
              : t('New lines are charged to: {payer}. No operator held the bus that day.', { payer: t(data.defaultPayerLabel) })}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="lines-title">
        <h2 id="lines-title" className="mb-2 text-lg font-semibold">
          {t('Cost lines')}
        </h2>
        {data.lines.length === 0 ? (
          <EmptyState titleAs="p" title={t('No cost lines yet.')} />
        ) : (
          <ul className="grid gap-2" data-testid="cost-lines">
            {data.lines.map((l) => (
              <LineItem key={l.id} line={l} data={data} actionData={actionData} />
            ))}
          </ul>
        )}
      </section>

      {data.canAdd ? (
        <section aria-labelledby="add-title" className="grid gap-2">
          <h2 id="add-title" className="text-lg font-semibold">
            {t('Add a cost line')}
          </h2>
          {COST_LINE_KINDS.map((k) => (
            <AddLineForm key={k.value} kind={k.value} label={k.label} data={data} actionData={actionData} />
          ))}
        </section>
      ) : null}

      {data.invoice || data.canUploadInvoice ? (
        <section aria-labelledby="invoice-title" className="rounded-lg border p-4">
          <h2 id="invoice-title" className="mb-2 text-lg font-semibold">
            {t('Invoice')}
          </h2>
          {data.invoice ? (
            <a href={data.invoice.href} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-primary underline underline-offset-4" data-testid="invoice-link">
              <FileTextIcon aria-hidden="true" className="size-4" />
              {data.invoice.fileName}
            </a>
          ) : (
            <p className="text-sm text-muted-foreground">{t('No invoice uploaded yet.')}</p>
          )}
          {data.canUploadInvoice ? (
            <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-3">
              <input type="hidden" name="intent" value={COST_INTENT.uploadInvoice} />
              {invoiceError ? <FormError message={invoiceError} /> : null}
              <Field id="invoice" name="invoice" label={data.invoice ? t('Replace the invoice') : t('Upload the invoice')} hint={t('PDF, picture or office file, at most 5 MB. Only the owner and your shop see it.')}>
                {(p) => <Input {...p} type="file" required />}
              </Field>
              <Button type="submit" variant="outline" className="min-h-10 justify-self-start" disabled={navigation.state === 'submitting'}>
                <UploadIcon aria-hidden="true" />
                {t('Upload')}
              </Button>
            </Form>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}
