import { DAMAGE_SIDES, PRE_INSPECTION_ITEMS } from '#catalog/checklists.ts'
import type { PreTripValues } from './types.ts'
import { dateOfWallTime, instantOfWallTime } from '#catalog/zoned-time.ts'

/**
 * From what the driver typed to the API's body (API.md `submitPreInspection`), without the
 * pictures: the browser adds them from its Blobs, the no-JavaScript action from the posted files.
 * Nothing is judged here: a value that is not a number or a time is passed on as typed, so the
 * use case's schema names the field.
 */
export function payloadOf(
  values: PreTripValues,
  opts: { vehicleIdentifier: string; timeZone: string; today: string; idempotencyKey: string },
): Record<string, unknown> {
  const out: Record<string, unknown> = {
    vehicleIdentifier: opts.vehicleIdentifier,
    date: dateOfWallTime(values.timeIn) || opts.today,
    timeIn: timeValue(values.timeIn, opts.timeZone),
    odometerStart: numberValue(values.odometerStart),
    comments: values.comments,
    idempotencyKey: opts.idempotencyKey,
    acknowledgedRepairActionIds: values.acknowledged,
    photos: [],
  }
  const timeOut = timeValue(values.timeOut, opts.timeZone)
  if (timeOut !== undefined) out.timeOut = timeOut
  const odometerEnd = numberValue(values.odometerEnd)
  if (odometerEnd !== undefined) out.odometerEnd = odometerEnd
  // The hour meter (issue 35) travels only when typed: an old server, or a driver who left it blank, never sees it.
  const engineHours = (values.engineHours ?? '').trim()
  if (engineHours) out.engineHours = /^\d{1,7}(\.\d)?$/.test(engineHours) ? Number(engineHours) : engineHours
  for (const item of PRE_INSPECTION_ITEMS) {
    const answer = values.answers[item.key]
    if (answer !== undefined) out[item.key] = answer
  }
  for (const side of DAMAGE_SIDES) out[side.key] = values.damage[side.key] ?? ''
  if (values.signatureName.trim()) out.signatureName = values.signatureName.trim()
  return out
}

function timeValue(wall: string, timeZone: string): string | undefined {
  if (!wall.trim()) return undefined
  return instantOfWallTime(wall, timeZone) ?? wall
}

function numberValue(typed: string): number | string | undefined {
  const t = typed.trim().replace(/[,\s]/g, '')
  if (!t) return undefined
  return /^\d+$/.test(t) ? Number(t) : typed
}
