/**
 * Loader and action of "Webhooks" (`/company/{companyId}/webhooks`, decision 078): a company's
 * managers register HTTPS endpoints, rotate their secrets, turn them on and off, send a test
 * event, and see and replay each endpoint's deliveries. Every button is a plain form post
 * (`intent=…`), so it works without JavaScript. The open endpoint and its deliveries' page live
 * in the URL (`?open=`, `?page=`).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { formatInstant } from '#app/utils/dates.ts'
import { positiveInt } from '#app/utils/form-data.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { attempt, companyPage, formFailure } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { msg } from '#catalog/i18n.ts'
import { MANAGER_ROLE_NAMES } from '#catalog/roles.ts'
import { WEBHOOK_DELIVERY_STATE_LABELS, WEBHOOK_EVENTS, webhookEventLabel } from '#catalog/webhook-events.ts'
import { getCompany } from '#server/companies/company-settings.server.ts'
import { localeOfRequest, translateForRequest, translator } from '#server/i18n/messages.server.ts'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
  setWebhookEndpointEnabled,
} from '#server/webhooks/endpoints.server.ts'
import { WEBHOOK_INTENT } from '#app/components/webhooks/intents.ts'

const TEXT = {
  title: msg('Webhooks'),
  created: msg('Endpoint added. Copy its signing secret now: it is not shown again.'),
  rotated: msg('New signing secret made. Copy it now: it is not shown again.'),
  enabled: msg('Endpoint enabled.'),
  disabled: msg('Endpoint disabled.'),
  deleted: msg('Endpoint deleted.'),
  testQueued: msg('Test event queued.'),
  replayed: msg('Delivery queued again.'),
} as const

export const webhooksPath = (companyId: number) => `/company/${companyId}/webhooks`

export async function webhooksPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, MANAGER_ROLE_NAMES)
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const url = new URL(args.request.url)
  const company = await getCompany(ctx, companyId)
  const endpoints = await listWebhookEndpoints(ctx, { companyId })
  const asked = positiveInt(url.searchParams.get('open'))
  const openId = endpoints.find((e) => e.id === asked)?.id ?? (endpoints.length === 1 ? endpoints[0]!.id : null)
  const when = (iso: string | null) => (iso ? formatInstant(iso, company.timeZone, locale) : null)
  let deliveries = null
  if (openId !== null) {
    const page = positiveInt(url.searchParams.get('page')) ?? 1
    const d = await listWebhookDeliveries(ctx, { companyId, endpointId: openId, page })
    deliveries = {
      ...d,
      items: d.items.map((i) => ({
        id: i.id,
        eventId: i.eventId,
        eventLabel: t(webhookEventLabel(i.eventType)),
        eventType: i.eventType,
        state: i.state,
        stateLabel: t(WEBHOOK_DELIVERY_STATE_LABELS[i.state]),
        createdAtLabel: when(i.createdAt)!,
        attempts: i.attempts,
        nextAttemptLabel: when(i.nextAttemptAt),
        lastStatusCode: i.lastStatusCode,
        lastError: i.lastError,
      })),
    }
  }
  return {
    title: t(TEXT.title),
    companyId,
    companyName: company.companyName,
    events: WEBHOOK_EVENTS.map((e) => ({ type: e.type, label: t(e.label), description: t(e.description) })),
    endpoints: endpoints.map((e) => ({
      id: e.id,
      url: e.url,
      description: e.description,
      events: e.events.map((type) => ({ type, label: t(webhookEventLabel(type)) })),
      enabled: e.enabled,
      disabledReason: e.disabledReason,
      disabledAtLabel: when(e.disabledAt),
      consecutiveFailures: e.consecutiveFailures,
      createdAtLabel: when(e.createdAt)!,
      lastDelivery: e.lastDelivery
        ? { stateLabel: t(WEBHOOK_DELIVERY_STATE_LABELS[e.lastDelivery.state]), state: e.lastDelivery.state, statusCode: e.lastDelivery.statusCode, atLabel: when(e.lastDelivery.at)! }
        : null,
    })),
    openId,
    deliveries,
    messages: routeMessages(args.request, 'webhooks'),
  }
}
export type WebhooksLoaderData = Awaited<ReturnType<typeof webhooksPageLoader>>

export interface WebhooksActionData {
  intent: string
  formError: string | null
  fieldErrors: Record<string, string>
  values?: { url: string; description: string; events: string[] }
  /** Shown once, right after creating or rotating. */
  secret?: { endpointId: number; url: string; value: string; message: string }
}

export async function webhooksPageAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, MANAGER_ROLE_NAMES)
  const form = await args.request.formData()
  const intent = String(form.get('intent') ?? '')
  const back = new URL(args.request.url)
  const endpointId = form.get('endpointId')
  const here = (open?: number | null) => {
    if (open) back.searchParams.set('open', String(open))
    return back.pathname + back.search
  }
  const toast = (message: string, open?: number | null) => redirectWithToast(here(open), { type: 'success', message })
  const refused = (error: Parameters<typeof formFailure>[0]) => formFailure(error, { intent, fieldErrors: {} as Record<string, string> })

  switch (intent) {
    case WEBHOOK_INTENT.create: {
      const values = { url: String(form.get('url') ?? ''), description: String(form.get('description') ?? ''), events: form.getAll('events').map(String) }
      const created = await attempt(() => createWebhookEndpoint(ctx, { companyId, ...values }))
      if (!created.ok) return formFailure(created.error, { intent, values })
      const { endpoint, secret } = created.value
      return data<WebhooksActionData>({
        intent,
        formError: null,
        fieldErrors: {},
        secret: { endpointId: endpoint.id, url: endpoint.url, value: secret, message: translateForRequest(TEXT.created) },
      })
    }
    case WEBHOOK_INTENT.rotate: {
      const rotated = await attempt(() => rotateWebhookSecret(ctx, { companyId, endpointId }))
      if (!rotated.ok) return refused(rotated.error)
      const [endpoint] = (await listWebhookEndpoints(ctx, { companyId })).filter((e) => e.id === rotated.value.endpointId)
      return data<WebhooksActionData>({
        intent,
        formError: null,
        fieldErrors: {},
        secret: { endpointId: rotated.value.endpointId, url: endpoint?.url ?? '', value: rotated.value.secret, message: translateForRequest(TEXT.rotated) },
      })
    }
    case WEBHOOK_INTENT.enable:
    case WEBHOOK_INTENT.disable: {
      const enabled = intent === WEBHOOK_INTENT.enable
      const done = await attempt(() => setWebhookEndpointEnabled(ctx, { companyId, endpointId, enabled }))
      if (!done.ok) return refused(done.error)
      return toast(enabled ? TEXT.enabled : TEXT.disabled, done.value.id)
    }
    case WEBHOOK_INTENT.delete: {
      const done = await attempt(() => deleteWebhookEndpoint(ctx, { companyId, endpointId }))
      if (!done.ok) return refused(done.error)
      back.searchParams.delete('open')
      back.searchParams.delete('page')
      return toast(TEXT.deleted)
    }
    case WEBHOOK_INTENT.test: {
      const done = await attempt(() => sendTestWebhook(ctx, { companyId, endpointId }))
      if (!done.ok) return refused(done.error)
      back.searchParams.delete('page')
      return toast(TEXT.testQueued, positiveInt(endpointId))
    }
    case WEBHOOK_INTENT.replay: {
      const done = await attempt(() => replayWebhookDelivery(ctx, { companyId, deliveryId: form.get('deliveryId') }))
      if (!done.ok) return refused(done.error)
      return toast(TEXT.replayed)
    }
    default:
      return redirect(here())
  }
}
