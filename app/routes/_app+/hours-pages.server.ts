/**
 * The hours-of-service pages (issue 37 point 3, decision 086): the driver's phone screen
 * (`/duty/{companyId}`), the managers' list of drivers (`/hours/{companyId}`), one driver's month
 * (`/hours/{companyId}/{driverUserId}?month=YYYY-MM`) and its PDF. Every data-changing form is a
 * plain POST calling the same use cases as tRPC and REST (server/hours/duty.server.ts). Times are
 * formatted here, in the company's time zone; warnings are said in the reader's language.
 */
import { randomUUID } from 'node:crypto'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { createElement } from 'react'
import { formatDateOnly, formatInstant } from '#app/utils/dates.ts'
import { positiveInt, text } from '#app/utils/form-data.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { attempt, companyPage, errorText, formFailure, userPage } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { DUTY_STATUS_VALUES, dutyStatusLabel } from '#catalog/drivers.ts'
import { msg, type Locale } from '#catalog/i18n.ts'
import { localDateTimeText, wallTimeOf } from '#catalog/zoned-time.ts'
import type { AppError } from '#server/errors.ts'
import {
  addDutyPeriod,
  changeDutyStatus,
  deleteDutyPeriod,
  getDriverMonth,
  getDutyStatus,
  listDriversHours,
  updateDutyPeriod,
  type DriverMonthView,
  type DutyStatusView,
} from '#server/hours/duty.server.ts'
import { hoursText } from '#server/hours/hos-rules.ts'
import { localeOfRequest, translator, type Translate } from '#server/i18n/messages.server.ts'
import { pdfFileResponse } from '#server/pdf/pdf-response.server.ts'
import { renderPdf, warmPdfBrowser } from '#server/pdf/render.server.ts'
import { HoursMonthDocument } from '#app/components/hours/hours-month.tsx'
import { printDocumentHtml } from '../print-page.server.ts'

export const HOURS_PAGE_TEXT = {
  changed: msg('Duty status recorded'),
  added: msg('Duty period added'),
  updated: msg('Duty period saved'),
  deleted: msg('Duty period deleted'),
  title: msg('Hours of service'),
  duty: msg('My duty status'),
  month: msg('Hours of service · {driver} · {month}'),
} as const

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** A refused loader: 403 goes home with the reason (the guard's way), anything else keeps its status. */
async function leave(error: AppError, t: Translate): Promise<never> {
  if (error.code === 'FORBIDDEN') throw await redirectWithToast('/', { type: 'error', message: error.messageIn(t) })
  throw new Response(error.messageIn(t), { status: error.status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}

const hhmm = (instant: number | string | null, timeZone: string) => (instant === null ? '' : wallTimeOf(instant, timeZone).slice(11))

/** The status now as the pages show it: texts in the reader's language, times on the company's clock. */
function statusForPage(s: Pick<DutyStatusView, 'status' | 'since' | 'today' | 'driving' | 'onDuty' | 'cycleLimit' | 'warnings'>, timeZone: string, t: Translate, locale: Locale) {
  return {
    status: s.status,
    statusLabel: t(dutyStatusLabel(s.status)),
    since: s.since ? formatInstant(new Date(s.since).toISOString(), timeZone, locale) : null,
    today: { driving: hoursText(s.today.drivingMinutes), onDuty: hoursText(s.today.onDutyMinutes) },
    limits: [
      { key: 'driving', label: t('Driving (10 hours)'), used: hoursText(s.driving.usedMinutes), remaining: hoursText(s.driving.remainingMinutes), state: s.driving.state },
      { key: 'onDuty', label: t('On duty (15 hours)'), used: hoursText(s.onDuty.usedMinutes), remaining: hoursText(s.onDuty.remainingMinutes), state: s.onDuty.state },
      {
        key: 'cycle',
        label: t('Cycle ({hours} hours in {days} days)', { hours: s.cycleLimit.hours, days: s.cycleLimit.days }),
        used: hoursText(s.cycleLimit.usedMinutes),
        remaining: hoursText(s.cycleLimit.remainingMinutes),
        state: s.cycleLimit.state,
      },
    ],
    warnings: s.warnings.map((w) => t(w)),
  }
}
export type StatusForPage = ReturnType<typeof statusForPage>

// ---------------------------------------------------------------------------------------------
// /duty/{companyId}

export async function dutyLoader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const t = translator(localeOfRequest(args.request))
  const companyId = positiveInt(args.params.companyId)
  if (!companyId) throw new Response('Not found', { status: 404 })
  const found = await attempt(() => getDutyStatus(ctx, { companyId }))
  if (!found.ok) return leave(found.error, t)
  const v = found.value
  return {
    title: t(HOURS_PAGE_TEXT.duty),
    userId: ctx.actor.userId,
    companyId,
    companyName: v.companyName,
    timeZone: v.timeZone,
    now: statusForPage(v, v.timeZone, t, localeOfRequest(args.request)),
    idempotencyKey: randomUUID(),
    messages: routeMessages(args.request, 'drivers', 'preTrip'),
  }
}

export async function dutyAction(args: ActionFunctionArgs) {
  const ctx = await userPage(args)
  const companyId = positiveInt(args.params.companyId)
  if (!companyId) throw new Response('Not found', { status: 404 })
  const form = await args.request.formData()
  const idempotencyKey = text(form, 'idempotencyKey').trim() || randomUUID()
  const status = text(form, 'status')
  const at = text(form, 'at').trim()
  const changed = await attempt(() => changeDutyStatus(ctx, { companyId, status, idempotencyKey, ...(at ? { at } : {}) }))
  if (!changed.ok) return formFailure(changed.error, { ok: false as const, idempotencyKey: randomUUID() })
  const t = translator(localeOfRequest(args.request))
  return redirectWithToast(`/duty/${companyId}`, { type: 'success', message: t(HOURS_PAGE_TEXT.changed) })
}

// ---------------------------------------------------------------------------------------------
// /hours/{companyId}

export async function hoursListLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Operator'])
  const t = translator(localeOfRequest(args.request))
  const url = new URL(args.request.url)
  const page = positiveInt(url.searchParams.get('page')) ?? 1
  const pageSize = [10, 25, 50, 100].includes(Number(url.searchParams.get('pageSize'))) ? Number(url.searchParams.get('pageSize')) : 25
  const found = await attempt(() => listDriversHours(ctx, { companyId, page, pageSize }))
  if (!found.ok) return leave(found.error, t)
  const v = found.value
  return {
    title: t(HOURS_PAGE_TEXT.title),
    companyId,
    companyName: v.companyName,
    page: v.page,
    pageSize: v.pageSize,
    total: v.total,
    drivers: v.drivers.map((d) => ({ driverUserId: d.driverUserId, driverName: d.driverName, ...statusForPage(d, v.timeZone, t, localeOfRequest(args.request)) })),
    messages: routeMessages(args.request, 'drivers'),
  }
}

// ---------------------------------------------------------------------------------------------
// /hours/{companyId}/{driverUserId}?month=YYYY-MM

function monthRequest(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const companyId = positiveInt(args.params.companyId)
  const driverUserId = positiveInt(args.params.driverUserId)
  if (!companyId || !driverUserId) throw new Response('Not found', { status: 404 })
  const m = new URL(args.request.url).searchParams.get('month') ?? ''
  return { companyId, driverUserId, month: MONTH.test(m) ? m : undefined }
}

/** The release time on the company's clock: 'HH:mm' the same day, 'MM-DD HH:mm' after midnight. */
function releasedText(instant: number | null, date: string, timeZone: string): string {
  if (instant === null) return ''
  const local = localDateTimeText(instant, timeZone)
  return local.startsWith(date) ? local.slice(11) : local.slice(5)
}

/** The month as the page and the PDF show it. */
export function monthForPage(v: DriverMonthView, t: Translate, locale: Locale) {
  const tz = v.timeZone
  return {
    companyId: v.companyId,
    companyName: v.companyName,
    driverUserId: v.driverUserId,
    driverName: v.driverName,
    month: v.month,
    timeZone: tz,
    cycle: v.cycle,
    canEdit: v.as === 'manager',
    now: statusForPage(v.now, tz, t, locale),
    days: v.days.map((d) => ({
      date: d.date,
      timeOn: hhmm(d.timeOn, tz),
      timeReleased: d.onDutyNow ? t('Still on duty') : releasedText(d.timeReleased, d.date, tz),
      onDutyNow: d.onDutyNow,
      dutyDayOnDuty: d.timeOn === null ? '' : hoursText(d.dutyDayOnDutyMinutes),
      dutyDayDriving: d.timeOn === null ? '' : hoursText(d.dutyDayDrivingMinutes),
      onDuty: hoursText(d.onDutyMinutes),
      driving: hoursText(d.drivingMinutes),
      over14: d.over14,
      clockChange: d.dayMinutes !== 1440 ? t('{hours}-hour day (clock change)', { hours: Math.round(d.dayMinutes / 60) }) : null,
      warnings: d.warnings.map((w) => t(w)),
    })),
    totals: {
      onDuty: hoursText(v.days.reduce((s, d) => s + d.onDutyMinutes, 0)),
      driving: hoursText(v.days.reduce((s, d) => s + d.drivingMinutes, 0)),
    },
    periods: v.periods.map((p) => ({
      id: p.id,
      status: p.status,
      statusLabel: t(dutyStatusLabel(p.status)),
      startedWall: wallTimeOf(p.startedAt, tz),
      endedWall: p.endedAt ? wallTimeOf(p.endedAt, tz) : '',
      started: formatInstant(new Date(p.startedAt).toISOString(), tz, locale),
      ended: p.endedAt ? formatInstant(new Date(p.endedAt).toISOString(), tz, locale) : null,
      source: p.source,
      note: p.note,
    })),
  }
}
export type MonthForPage = ReturnType<typeof monthForPage>

export async function monthLoader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const r = monthRequest(args)
  const found = await attempt(() => getDriverMonth(ctx, r))
  if (!found.ok) return leave(found.error, t)
  const view = monthForPage(found.value, t, locale)
  return {
    title: t(HOURS_PAGE_TEXT.month, { driver: view.driverName, month: view.month }),
    ...view,
    statuses: DUTY_STATUS_VALUES.map((s) => ({ value: s, label: t(dutyStatusLabel(s)) })),
    idempotencyKey: randomUUID(),
    messages: routeMessages(args.request, 'drivers'),
  }
}

const PERIOD_FIELDS = ['status', 'startedAt', 'endedAt', 'note'] as const

export async function monthAction(args: ActionFunctionArgs) {
  const ctx = await userPage(args)
  const r = monthRequest(args)
  const form = await args.request.formData()
  const intent = text(form, 'intent')
  const values = Object.fromEntries(PERIOD_FIELDS.map((f) => [f, text(form, f)])) as Record<(typeof PERIOD_FIELDS)[number], string>
  const id = text(form, 'id')
  const t = translator(localeOfRequest(args.request))
  const back = `/hours/${r.companyId}/${r.driverUserId}${r.month ? `?month=${r.month}` : ''}`
  const period = { status: values.status, startedAt: values.startedAt, endedAt: values.endedAt, note: values.note }
  if (intent === 'deletePeriod') {
    const done = await attempt(() => deleteDutyPeriod(ctx, { id, companyId: r.companyId }))
    if (!done.ok) return formFailure(done.error, { ok: false as const, intent, id, values, idempotencyKey: randomUUID() })
    return redirectWithToast(back, { type: 'success', message: t(HOURS_PAGE_TEXT.deleted) })
  }
  if (intent === 'updatePeriod') {
    const done = await attempt(() => updateDutyPeriod(ctx, { id, companyId: r.companyId, ...period }))
    if (!done.ok) return formFailure(done.error, { ok: false as const, intent, id, values, idempotencyKey: randomUUID() }, { fields: PERIOD_FIELDS })
    return redirectWithToast(back, { type: 'success', message: t(HOURS_PAGE_TEXT.updated) })
  }
  const idempotencyKey = text(form, 'idempotencyKey').trim() || randomUUID()
  const done = await attempt(() => addDutyPeriod(ctx, { companyId: r.companyId, driverUserId: r.driverUserId, idempotencyKey, ...period }))
  if (!done.ok) return formFailure(done.error, { ok: false as const, intent: 'addPeriod', id: '', values, idempotencyKey }, { fields: PERIOD_FIELDS })
  return redirectWithToast(back, { type: 'success', message: t(HOURS_PAGE_TEXT.added) })
}

// ---------------------------------------------------------------------------------------------
// /hours/{companyId}/{driverUserId}/month.pdf?month=YYYY-MM

export async function monthPdfLoader(args: LoaderFunctionArgs): Promise<Response> {
  const ctx = await userPage(args)
  warmPdfBrowser()
  const started = performance.now()
  const locale = localeOfRequest(args.request)
  const t = translator(locale)
  const r = monthRequest(args)
  const found = await attempt(() => getDriverMonth(ctx, r))
  if (!found.ok) return errorText(found.error)
  const view = monthForPage(found.value, t, locale)
  const title = `${t(HOURS_PAGE_TEXT.month, { driver: view.driverName, month: view.month })}`
  const html = printDocumentHtml(title, createElement(HoursMonthDocument, { view, printedOn: formatDateOnly(new Date().toISOString().slice(0, 10), locale) }), locale, ['common', 'drivers'])
  const name = `hours-${view.driverUserId}-${view.month}.pdf`
  return pdfFileResponse(() => renderPdf(html), name, { timing: { loadMs: performance.now() - started } })
}
