import { Field } from '#app/components/forms/field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Textarea } from '#app/components/ui/textarea.tsx'
import { formatNumber } from '#app/utils/dates.ts'
import { useT, type Translate } from '#app/utils/i18n.tsx'
import type { Locale } from '#catalog/i18n.ts'
import { MAINTENANCE_LIMITS } from '#catalog/maintenance.ts'

/** A task's numbers as the forms and lists show them (a template's task or a program's). */
export interface TaskNumbers {
  intervalDays: number | null
  intervalMiles: number | null
  intervalHours: number | null
  soonDays: number | null
  soonMiles: number | null
  soonHours: number | null
}

/** "45 days · 6,000 miles · 250 engine hours": the interval, whichever comes first. */
export function intervalText(task: TaskNumbers, t: Translate, locale: Locale): string {
  const parts: string[] = []
  if (task.intervalDays !== null) parts.push(t('{n} days', { n: formatNumber(task.intervalDays, locale) }))
  if (task.intervalMiles !== null) parts.push(t('{n} miles', { n: formatNumber(task.intervalMiles, locale) }))
  if (task.intervalHours !== null) parts.push(t('{n} engine hours', { n: formatNumber(task.intervalHours, locale) }))
  return parts.join(' · ')
}

/** "7 days · 500 miles before": the due-soon thresholds, or null when there is none. */
export function soonText(task: TaskNumbers, t: Translate, locale: Locale): string | null {
  const parts: string[] = []
  if (task.soonDays) parts.push(t('{n} days', { n: formatNumber(task.soonDays, locale) }))
  if (task.soonMiles) parts.push(t('{n} miles', { n: formatNumber(task.soonMiles, locale) }))
  if (task.soonHours) parts.push(t('{n} engine hours', { n: formatNumber(task.soonHours, locale) }))
  return parts.length ? parts.join(' · ') : null
}

export type TaskFormValues = Partial<Record<keyof TaskNumbers | 'name' | 'checklist' | 'firstDueDate' | 'firstDueMiles' | 'firstDueHours', string | number | null>>

const str = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v))

/**
 * A task's fields (name, checklist, interval, due-soon threshold, first due point): the add form
 * and each task's edit form. `prefix` keeps the ids unique on the page; names are the use case's.
 */
export function TaskFields({ prefix, values, errors }: { prefix: string; values: TaskFormValues; errors: Record<string, string> }) {
  const { t } = useT()
  const number = (name: keyof TaskFormValues, label: string, max: number, hint?: string) => (
    <Field id={`${prefix}-${name}`} name={name} label={label} errors={errors} hint={hint}>
      {(control) => <Input {...control} type="number" inputMode="numeric" min={0} max={max} step={1} defaultValue={str(values[name])} />}
    </Field>
  )
  const L = MAINTENANCE_LIMITS
  return (
    <div className="grid gap-4">
      <Field id={`${prefix}-name`} name="name" label={t('Task name')} errors={errors}>
        {(control) => <Input {...control} required maxLength={L.taskName} defaultValue={str(values.name)} />}
      </Field>
      <Field id={`${prefix}-checklist`} name="checklist" label={t('Checklist (one item a line)')} errors={errors}>
        {(control) => <Textarea {...control} rows={4} maxLength={L.checklist} defaultValue={str(values.checklist)} />}
      </Field>
      <fieldset className="grid gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">{t('Every (whichever comes first)')}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {number('intervalDays', t('Days'), L.maxIntervalDays)}
          {number('intervalMiles', t('Miles'), L.maxIntervalMiles)}
          {number('intervalHours', t('Engine hours'), L.maxIntervalHours)}
        </div>
      </fieldset>
      <fieldset className="grid gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">{t('Due soon when this close (same units, smaller than the interval)')}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {number('soonDays', t('Days'), L.maxIntervalDays)}
          {number('soonMiles', t('Miles'), L.maxIntervalMiles)}
          {number('soonHours', t('Engine hours'), L.maxIntervalHours)}
        </div>
      </fieldset>
      <fieldset className="grid gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">{t('First due (optional, for a bus with no service recorded)')}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <Field id={`${prefix}-firstDueDate`} name="firstDueDate" label={t('Date')} errors={errors}>
            {(control) => <Input {...control} type="date" defaultValue={str(values.firstDueDate)} />}
          </Field>
          {number('firstDueMiles', t('Odometer'), L.maxIntervalMiles * 10)}
          {number('firstDueHours', t('Engine hours'), L.engineHoursMax)}
        </div>
      </fieldset>
    </div>
  )
}
