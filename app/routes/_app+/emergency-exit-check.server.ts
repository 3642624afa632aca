/**
 * Loader and action of `/emergencyExitCheck/{vehicleId}`: the 90-day emergency-exit check
 * (49 CFR 396.3(b)(4), decision 065) for a mechanic of a related company or a driver of the
 * operator. One plain form post (the drawn signature travels as a PNG data URL in a text field,
 * or the typed name signs without JavaScript), then the same `submitEmergencyExitCheck` as
 * REST and tRPC. A caller who may not file goes back to the dashboard with the reason.
 */
import { randomUUID } from 'node:crypto'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { positiveInt, text } from '#app/utils/form-data.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { attempt, formFailure, userPage, vehicleContextOrLeave } from '#app/utils/page.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { EMERGENCY_EXIT_ITEM_KEYS } from '#catalog/compliance.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { EMERGENCY_EXIT_TEXT } from '#server/inspections/emergency-exit-check-schema.ts'
import { getEmergencyExitCheckContext, listEmergencyExitChecks, submitEmergencyExitCheck } from '#server/inspections/emergency-exit-checks.server.ts'

export async function emergencyExitCheckLoader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const c = await vehicleContextOrLeave(positiveInt(args.params.vehicleId), (id) => getEmergencyExitCheckContext(ctx, id))
  const listed = await attempt(() => listEmergencyExitChecks(ctx, c.vehicle.id))
  return {
    title: `${translator(localeOfRequest(args.request))(EMERGENCY_EXIT_TEXT.title)} · ${c.vehicle.vehicleIdentifier}`,
    ...c,
    recent: listed.ok ? listed.value.checks.slice(0, 5) : [],
    // One key per rendered form: a double tap or a resent POST files once.
    idempotencyKey: randomUUID(),
    messages: routeMessages(args.request, 'inspections'),
  }
}

/** The form's fields as posted, kept to show the form again when refused. */
export interface ExitCheckFormValues {
  checkDate: string
  signatureName: string
  items: Record<string, { status: string; comments: string }>
}

/** The fields the form shows a message under (`refusal`'s `fields`, decision 083). */
const FORM_FIELDS = new Set<string>(['checkDate', 'inspectorSignature', 'signatureName', ...EMERGENCY_EXIT_ITEM_KEYS.flatMap((k) => [k, `${k}.status`, `${k}.comments`])])
const isShownOnForm = (name: string) => FORM_FIELDS.has(name)

export async function emergencyExitCheckAction(args: ActionFunctionArgs) {
  const ctx = await userPage(args)
  const vehicleId = positiveInt(args.params.vehicleId)
  if (!vehicleId) throw redirect('/dashboard')
  const form = await args.request.formData()
  const values: ExitCheckFormValues = {
    checkDate: text(form, 'checkDate'),
    signatureName: text(form, 'signatureName'),
    items: Object.fromEntries(EMERGENCY_EXIT_ITEM_KEYS.map((k) => [k, { status: text(form, `${k}.status`), comments: text(form, `${k}.comments`) }])),
  }
  const input = {
    vehicleId,
    checkDate: values.checkDate,
    inspectorSignature: text(form, 'inspectorSignature'),
    signatureName: values.signatureName,
    idempotencyKey: text(form, 'idempotencyKey'),
    // An unanswered item stays unanswered: the use case names it (a safety form never invents an answer).
    ...Object.fromEntries(EMERGENCY_EXIT_ITEM_KEYS.map((k) => [k, { status: values.items[k]!.status === '' ? undefined : values.items[k]!.status, comments: values.items[k]!.comments }])),
  }
  const filed = await attempt(() => submitEmergencyExitCheck(ctx, input))
  if (!filed.ok) {
    if (filed.error.code === 'NOT_FOUND' || filed.error.code === 'FORBIDDEN') throw await redirectWithToast('/dashboard', { type: 'error', message: filed.error.message })
    // Every message under its field: "Please correct the fields marked below." on top, not the use case's "field: message" list.
    return formFailure(filed.error, { ok: false as const, values }, { fields: isShownOnForm, whenFieldsShown: 'correctBelow' })
  }
  return data({ ok: true as const, result: filed.value })
}
