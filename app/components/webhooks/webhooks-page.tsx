import { Form, Link, useNavigation } from '@remix-run/react'
import { PlusIcon } from 'lucide-react'
import { Field, FieldError, FormError } from '#app/components/forms/field.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { CopyButton } from '#app/components/ui/copy-button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { ServerPagination } from '#app/components/ui/server-pagination.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { WEBHOOK_INTENT } from './intents.ts'
import type { WebhooksActionData, WebhooksLoaderData } from '#app/routes/_app+/webhooks-page.server.ts'

/** The loader's data as the page uses it (its messages go to the provider, not here). */
type PageData = Omit<WebhooksLoaderData, 'messages'>
type Endpoint = PageData['endpoints'][number]

/** "Webhooks" (decision 078): the company's endpoints, the add form, and the open endpoint's deliveries. */
export function WebhooksPage({ data, action, search }: { data: PageData; action: WebhooksActionData | undefined; search: string }) {
  const { t } = useT()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const createErrors = action?.intent === WEBHOOK_INTENT.create ? action.fieldErrors : undefined
  const values = action?.intent === WEBHOOK_INTENT.create ? action.values : undefined
  const otherError = action && action.intent !== WEBHOOK_INTENT.create ? action.formError : null

  return (
    <>
      <PageHeader title={data.title} description={data.companyName} />
      <p className="mb-6 max-w-3xl text-sm text-muted-foreground">
        {t(
          'Operon sends a signed HTTPS POST to each endpoint when an event it subscribes to happens. Failed deliveries are retried with backoff; an endpoint that keeps failing for a day is disabled and the managers are emailed.',
        )}
      </p>

      {action?.secret ? (
        <Card className="mb-6 max-w-3xl border-primary" data-testid="webhook-secret">
          <CardHeader>
            <CardTitle asChild>
              <h2>{t('Signing secret')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3">
            <p className="text-sm" role="status">
              {action.secret.message}
            </p>
            <p className="text-sm break-all text-muted-foreground">{action.secret.url}</p>
            <div className="flex flex-wrap items-center gap-2">
              <code className="rounded bg-muted px-2 py-1 font-mono text-sm break-all" data-testid="webhook-secret-value">
                {action.secret.value}
              </code>
              <CopyButton text={action.secret.value} label={t('Copy secret')} />
            </div>
          </CardContent>
        </Card>
      ) : null}

      <FormError message={otherError} />

      <section aria-labelledby="endpoints-title" className="mb-8 grid gap-4">
        <h2 id="endpoints-title" className="text-lg font-semibold">
          {t('Endpoints')}
        </h2>
        {data.endpoints.length === 0 ? <p className="text-sm text-muted-foreground">{t('No endpoints yet.')}</p> : null}
        {data.endpoints.map((e) => (
          <EndpointCard key={e.id} endpoint={e} open={e.id === data.openId} busy={busy} />
        ))}
      </section>

      {data.deliveries && data.openId !== null ? <Deliveries data={data} search={search} busy={busy} /> : null}

      <Card className="mb-8 max-w-3xl">
        <CardHeader>
          <CardTitle asChild>
            <h2>{t('Add endpoint')}</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <Form method="post" className="grid gap-4" key={JSON.stringify(values ?? null) + (action?.secret?.value ?? '')}>
            <input type="hidden" name="intent" value={WEBHOOK_INTENT.create} />
            {action?.intent === WEBHOOK_INTENT.create ? <FormError message={Object.keys(action.fieldErrors).length ? null : action.formError} /> : null}
            <Field id="webhook-url" name="url" label={t('Endpoint URL')} errors={createErrors} hint={t('https:// only. Private, loopback and link-local addresses are refused.')}>
              {(control) => <Input {...control} type="url" required maxLength={2000} placeholder="https://example.com/hooks/operon" defaultValue={values?.url ?? ''} />}
            </Field>
            <Field id="webhook-description" name="description" label={t('Description (optional)')} errors={createErrors}>
              {(control) => <Input {...control} maxLength={200} defaultValue={values?.description ?? ''} />}
            </Field>
            <fieldset className="grid gap-2" aria-describedby={createErrors?.events ? 'webhook-events-error' : undefined}>
              <legend className="mb-1 text-sm font-medium">{t('Events')}</legend>
              {data.events.map((ev) => (
                <label key={ev.type} className="flex items-start gap-2 text-sm">
                  <input type="checkbox" name="events" value={ev.type} defaultChecked={values ? values.events.includes(ev.type) : true} className="mt-0.5 size-4 accent-primary" />
                  <span>
                    <span className="font-medium">{ev.label}</span> <code className="text-xs text-muted-foreground">{ev.type}</code>
                    <span className="block text-muted-foreground">{ev.description}</span>
                  </span>
                </label>
              ))}
              <FieldError id="webhook-events-error" message={createErrors?.events} />
            </fieldset>
            <div>
              <Button type="submit" disabled={busy}>
                <PlusIcon aria-hidden="true" />
                {t('Add endpoint')}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <details className="max-w-3xl rounded-md border p-4 text-sm">
        <summary className="cursor-pointer font-medium">{t('How to verify a signature')}</summary>
        <div className="mt-3 grid gap-2">
          <p>
            {t(
              'Each request has the headers webhook-id, webhook-timestamp and webhook-signature (Standard Webhooks). The signature is v1, followed by the base64 HMAC-SHA256, keyed with the secret’s bytes after whsec_, of id.timestamp.body. Refuse timestamps older than 5 minutes and compare in constant time.',
            )}
          </p>
          <p>{t('The full recipe, with a Node.js example, is in docs/webhooks.md of the Operon repository.')}</p>
        </div>
      </details>
    </>
  )
}

function EndpointCard({ endpoint: e, open, busy }: { endpoint: Endpoint; open: boolean; busy: boolean }) {
  const { t } = useT()
  const hidden = <input type="hidden" name="endpointId" value={e.id} />
  return (
    <Card data-testid={`webhook-endpoint-${e.id}`} className={open ? 'border-primary' : undefined}>
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="font-mono text-sm break-all">{e.url}</p>
            {e.description ? <p className="text-sm text-muted-foreground">{e.description}</p> : null}
          </div>
          {e.enabled ? (
            <Badge variant="success">{t('Enabled')}</Badge>
          ) : (
            <Badge variant="danger">{e.disabledReason === 'failures' ? t('Disabled after repeated failure') : t('Disabled')}</Badge>
          )}
        </div>
        <div className="flex flex-wrap gap-1">
          {e.events.map((ev) => (
            <Badge key={ev.type} variant="secondary">
              {ev.label}
            </Badge>
          ))}
        </div>
        <p className="text-sm text-muted-foreground" data-testid="webhook-last-delivery">
          {e.lastDelivery
            ? t('Last delivery: {state}, {at}', {
                state: e.lastDelivery.stateLabel,
                at: e.lastDelivery.atLabel,
              }) + (e.lastDelivery.statusCode !== null ? ` · HTTP ${e.lastDelivery.statusCode}` : '')
            : t('No deliveries yet.')}
          {!e.enabled && e.disabledAtLabel ? ` · ${t('Disabled on {date}', { date: e.disabledAtLabel })}` : null}
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {!open ? (
            <Button asChild variant="outline" size="sm">
              <Link to={`?open=${e.id}#deliveries`}>{t('Deliveries')}</Link>
            </Button>
          ) : null}
          <Form method="post">
            {hidden}
            <Button type="submit" name="intent" value={WEBHOOK_INTENT.test} variant="outline" size="sm" disabled={busy || !e.enabled}>
              {t('Send test event')}
            </Button>
          </Form>
          <Form method="post">
            {hidden}
            <Button type="submit" name="intent" value={e.enabled ? WEBHOOK_INTENT.disable : WEBHOOK_INTENT.enable} variant="outline" size="sm" disabled={busy}>
              {e.enabled ? t('Disable') : t('Enable')}
            </Button>
          </Form>
          <Form method="post">
            {hidden}
            <Button type="submit" name="intent" value={WEBHOOK_INTENT.rotate} variant="outline" size="sm" disabled={busy}>
              {t('Rotate secret')}
            </Button>
          </Form>
          <details className="relative">
            <summary className="cursor-pointer list-none rounded-md px-3 py-1.5 text-sm text-destructive hover:bg-accent">{t('Delete…')}</summary>
            <Form method="post" className="mt-2 grid gap-2 rounded-md border p-3 text-sm">
              {hidden}
              <p>{t('Delete this endpoint and its delivery history? Events stop going to it.')}</p>
              <div>
                <Button type="submit" name="intent" value={WEBHOOK_INTENT.delete} variant="destructive" size="sm" disabled={busy}>
                  {t('Delete endpoint')}
                </Button>
              </div>
            </Form>
          </details>
        </div>
      </CardContent>
    </Card>
  )
}

function Deliveries({ data, search, busy }: { data: PageData; search: string; busy: boolean }) {
  const { t } = useT()
  const d = data.deliveries!
  const endpoint = data.endpoints.find((e) => e.id === data.openId)
  const hrefFor = (page: number) => {
    const params = new URLSearchParams(search)
    params.set('open', String(data.openId))
    params.set('page', String(page))
    return `?${params.toString()}#deliveries`
  }
  return (
    <section id="deliveries" aria-labelledby="deliveries-title" className="mb-8 grid gap-3">
      <h2 id="deliveries-title" className="text-lg font-semibold">
        {t('Deliveries')}
      </h2>
      <p className="text-sm break-all text-muted-foreground">{endpoint?.url}</p>
      <p className="text-sm text-muted-foreground">{t('Finished deliveries are kept for 30 days; pending ones until they are sent or given up.')}</p>
      {d.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('No deliveries yet.')}</p>
      ) : (
        <Table containerProps={{ 'aria-label': t('Deliveries') }}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('Event')}</TableHead>
              <TableHead>{t('Created')}</TableHead>
              <TableHead>{t('Attempts')}</TableHead>
              <TableHead>{t('Last status')}</TableHead>
              <TableHead>{t('State')}</TableHead>
              <TableHead>
                <span className="sr-only">{t('Actions')}</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {d.items.map((i) => (
              <TableRow key={i.id} data-testid={`webhook-delivery-${i.id}`}>
                <TableCell cell="key">
                  <span className="font-medium">{i.eventLabel}</span> <code className="text-xs text-muted-foreground">{i.eventType}</code>
                </TableCell>
                <TableCell label={t('Created')}>{i.createdAtLabel}</TableCell>
                <TableCell label={t('Attempts')}>{i.attempts}</TableCell>
                <TableCell label={t('Last status')}>
                  {i.lastStatusCode !== null ? `HTTP ${i.lastStatusCode}` : '—'}
                  {i.lastError ? <span className="block text-xs break-all text-muted-foreground">{i.lastError}</span> : null}
                </TableCell>
                <TableCell label={t('State')}>
                  <Badge variant={i.state === 'delivered' ? 'success' : i.state === 'failed' ? 'danger' : 'secondary'}>{i.stateLabel}</Badge>
                  {i.nextAttemptLabel && i.attempts > 0 ? <span className="block text-xs text-muted-foreground">{t('Next try {at}', { at: i.nextAttemptLabel })}</span> : null}
                </TableCell>
                <TableCell cell="actions">
                  {i.state !== 'pending' ? (
                    <Form method="post">
                      <input type="hidden" name="deliveryId" value={i.id} />
                      <Button type="submit" name="intent" value={WEBHOOK_INTENT.replay} variant="outline" size="sm" disabled={busy}>
                        {t('Replay')}
                      </Button>
                    </Form>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {d.total > 0 ? (
        <ServerPagination
          id="deliveries-pages"
          page={d.page}
          pageSize={d.pageSize}
          pageCount={d.pageCount}
          total={d.total}
          pageSizes={[d.pageSize]}
          hrefFor={hrefFor}
          keep={[['open', String(data.openId)]]}
          label={t('Delivery pages')}
          noun={t('deliveries')}
        />
      ) : null}
    </section>
  )
}
