/**
 * The driver's fill-up screen (`/fuelUp/{vehicleId}`, issue 36 point 2, decision 085). The loader
 * gives the form the bus as the recorder sees it and a fresh idempotency key (a double submit of
 * one rendered form records once); the action is the door without JavaScript: the posted form
 * becomes the same `recordFuelEntry` as tRPC and REST. With JavaScript the form goes to the
 * phone's outbox instead (app/utils/fuel-outbox.ts).
 */
import { randomUUID } from 'node:crypto'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { positiveInt, text } from '#app/utils/form-data.ts'
import { attempt, formFailure, userPage, vehicleContextOrLeave } from '#app/utils/page.server.ts'
import { msg } from '#catalog/i18n.ts'
import { wallTimeOf } from '#catalog/zoned-time.ts'
import { getFuelUpContext, recordFuelEntry } from '#server/costs/fuel.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'

export const FUEL_FORM_FIELDS = ['fueledAt', 'odometer', 'quantity', 'unit', 'total', 'station', 'card', 'full', 'socBefore', 'socAfter'] as const
export type FuelFormValues = Record<(typeof FUEL_FORM_FIELDS)[number], string>

/** What was typed, read back from the posted form (shown again on a refusal). */
export function fuelValuesOf(form: FormData): FuelFormValues {
  return Object.fromEntries(FUEL_FORM_FIELDS.map((f) => [f, text(form, f)])) as FuelFormValues
}

/** The posted form as the use case's input (blank fields left out). */
export function fuelInputOf(values: FuelFormValues, extra: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...extra }
  for (const [k, v] of Object.entries(values)) if (v.trim() !== '') out[k] = v
  return out
}

export async function fuelUpLoader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const c = await vehicleContextOrLeave(positiveInt(args.params.vehicleId), (id) => getFuelUpContext(ctx, id))
  const t = translator(localeOfRequest(args.request))
  return {
    title: t('Fuel · {vehicle}', { vehicle: c.vehicleIdentifier }),
    userId: ctx.actor.userId,
    context: c,
    idempotencyKey: randomUUID(),
    nowWall: wallTimeOf(ctx.now ?? new Date(), c.timeZone),
    // The outbox's words are the pre-trip's (decision 030).
    messages: routeMessages(args.request, 'costs', 'preTrip'),
  }
}

export const FUEL_UP_TEXT = { recorded: msg('Fill-up recorded') } as const

export async function fuelUpAction(args: ActionFunctionArgs) {
  const ctx = await userPage(args)
  const c = await vehicleContextOrLeave(positiveInt(args.params.vehicleId), (id) => getFuelUpContext(ctx, id))
  const form = await args.request.formData()
  const values = fuelValuesOf(form)
  const idempotencyKey = text(form, 'idempotencyKey').trim() || randomUUID()
  const recorded = await attempt(() => recordFuelEntry(ctx, fuelInputOf(values, { vehicleId: c.vehicleId, companyId: c.companyId, idempotencyKey })))
  if (!recorded.ok) return formFailure(recorded.error, { ok: false as const, values, idempotencyKey }, { fields: [...FUEL_FORM_FIELDS] })
  return { ok: true as const, recorded: recorded.value, idempotencyKey: randomUUID() }
}
