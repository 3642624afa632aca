/**
 * The sentences Operon writes into records (decision 082): a repair action's comments, a repair
 * task's description. A record keeps the sentence's key and its values, never its words; each
 * reader gets it in their language, and REST (the contract) the English it has always answered:
 * dates as written (YYYY-MM-DD), odometers as `61,250 mi`. Keys are stored: never rename one.
 */
import type { EmergencyExitCheckFilerRole } from './compliance.ts'
import { msg, type Locale } from './i18n.ts'
import { formatOdometer } from './odometer.ts'

/** Each key's English text: the message id, translated with the `server` catalog. */
export const RECORD_TEXTS = {
  'repairAction.preTrip': msg('Defects reported by {name} on the pre-trip inspection of {date} ({odometer}).'),
  'repairAction.inspection': msg('Unsatisfactory items found by {name} on the inspection of {date} ({odometer}).'),
  'repairAction.emergencyExitCheck': msg('Unsatisfactory emergency exits found by {name} ({role}) on the 90-day emergency-exit check of {date} ({odometer}).'),
  'repairTask.preTrip': msg('Reported defective on the pre-trip ({section}).'),
  'repairTask.inspection': msg('Unsatisfactory on the inspection ({section}).'),
  'repairTask.emergencyExitCheck': msg('Unsatisfactory on the 90-day emergency-exit check.'),
  /** "Send to repair shop" (decision 084): the owner's manager sent due maintenance. */
  'repairAction.service': msg('Scheduled maintenance sent by {name} on {date} ({odometer}).'),
  /** The demo data's older task sentence, kept for the rows that have it (migration 0014). */
  'repairTask.inspectAndRepair': msg('Reported defective ({section}). Inspect and repair.'),
} as const
export type RecordTextKey = keyof typeof RECORD_TEXTS

/** Who filed what, when, at what odometer (null: not recorded). `date` is the form's YYYY-MM-DD. */
interface Filing {
  name: string
  date: string
  odometer: number | null
}

/** The values each key takes. A section is the checklist's section (its English name, a message id); a role, the role's name. */
interface RecordTextValues {
  'repairAction.preTrip': Filing
  'repairAction.inspection': Filing
  'repairAction.emergencyExitCheck': Filing & { role: EmergencyExitCheckFilerRole }
  'repairTask.preTrip': { section: string }
  'repairTask.inspection': { section: string }
  'repairTask.emergencyExitCheck': Record<string, never>
  'repairAction.service': Filing
  'repairTask.inspectAndRepair': { section: string }
}

/** What a record keeps (a JSON column): the key and its values. */
export type RecordText = { [K in RecordTextKey]: { key: K; values: RecordTextValues[K] } }[RecordTextKey]

export function recordText<K extends RecordTextKey>(key: K, values: RecordTextValues[K]): RecordText {
  return { key, values } as RecordText
}

type Translate = (id: string, values?: Record<string, unknown>) => string

const dateFormats = new Map<Locale, Intl.DateTimeFormat>()
function formatDate(date: string, locale: Locale): string {
  let f = dateFormats.get(locale)
  if (!f) dateFormats.set(locale, (f = new Intl.DateTimeFormat(locale === 'es' ? 'es-US' : 'en-US', { dateStyle: 'medium', timeZone: 'UTC' })))
  const day = new Date(`${date}T00:00:00Z`)
  return Number.isNaN(day.getTime()) ? date : f.format(day)
}

/**
 * The sentence in a reader's language (`t` translates into it), or the contract's English when
 * `locale` is null (`t` is then English's): a date and an odometer as REST has always sent them.
 * An unknown key (a row written by a newer version) gives null.
 */
export function renderRecordText(text: RecordText, t: Translate, locale: Locale | null): string | null {
  const id = RECORD_TEXTS[text.key] as string | undefined
  if (id === undefined) return null
  const v = text.values as Partial<Filing & { role: string; section: string }>
  const values: Record<string, string> = {}
  if (v.name !== undefined) values.name = v.name
  if (v.date !== undefined) values.date = locale ? formatDate(v.date, locale) : v.date
  if (v.odometer !== undefined) {
    values.odometer = v.odometer === null ? t(msg('odometer not recorded')) : t(msg('odometer {reading}'), { reading: formatOdometer(v.odometer, locale ?? 'en') })
  }
  if (v.role !== undefined) values.role = t(v.role)
  if (v.section !== undefined) values.section = t(v.section)
  return t(id, values)
}
