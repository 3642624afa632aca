import { CheckCheck } from 'lucide-react'
import { FieldError } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { preInspectionItemsBySection, type PreInspectionItemKey } from '#catalog/checklists.ts'
import { useT } from '#app/utils/i18n.tsx'

const SECTIONS = preInspectionItemsBySection()
export const CHECKLIST_COUNT = SECTIONS.reduce((n, s) => n + s.items.length, 0)

/** One answer button of a pair: a real radio (it posts without JavaScript) under a big label; an error is the item's (`{name}-error`). */
function Answer({
  name,
  value,
  checked,
  label,
  tone,
  invalid,
  onChange,
}: {
  name: string
  value: 'ok' | 'defective'
  checked: boolean
  label: string
  tone: 'ok' | 'defective'
  invalid: boolean
  onChange: () => void
}) {
  return (
    <label className="relative block cursor-pointer">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${name}-error` : undefined}
        className="peer absolute inset-0 size-full cursor-pointer opacity-0"
      />
      <span
        className={cn(
          'flex min-h-11 items-center justify-center rounded-md border px-3 text-sm font-medium select-none',
          'peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50',
          tone === 'ok'
            ? 'peer-checked:border-success peer-checked:bg-success peer-checked:text-success-foreground'
            : 'peer-checked:border-destructive peer-checked:bg-destructive peer-checked:text-destructive-foreground',
          invalid && 'border-destructive',
        )}
      >
        {label}
      </span>
    </label>
  )
}

export function Checklist({
  answers,
  errors,
  onAnswer,
  onAllOk,
  hydrated,
}: {
  answers: Partial<Record<PreInspectionItemKey, boolean>>
  errors: Record<string, string>
  onAnswer: (key: PreInspectionItemKey, defective: boolean) => void
  onAllOk: () => void
  hydrated: boolean
}) {
  const { t } = useT()
  const answered = SECTIONS.reduce((n, s) => n + s.items.filter((i) => answers[i.key] !== undefined).length, 0)
  const defects = SECTIONS.reduce((n, s) => n + s.items.filter((i) => answers[i.key] === true).length, 0)
  return (
    <section aria-labelledby="checklist-title" className="grid min-w-0 grid-cols-1 gap-4">
      <h2 id="checklist-title" className="text-lg font-semibold">
        {t('Checklist')}
      </h2>
      <div className="sticky top-14 z-10 -mx-4 -mt-2 flex items-center justify-between gap-2 border-b bg-background/95 px-4 py-2 backdrop-blur md:-mx-6 md:px-6">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="checklist-progress">
          {hydrated
            ? defects
              ? t('{answered} of {total} answered · {defects} defective', { answered, total: CHECKLIST_COUNT, defects })
              : t('{answered} of {total} answered', { answered, total: CHECKLIST_COUNT })
            : t('Answer each of the {total} items: Ok or Defective.', { total: CHECKLIST_COUNT })}
        </p>
        {hydrated ? (
          <Button type="button" variant="outline" className="min-h-11 shrink-0" onClick={onAllOk}>
            <CheckCheck aria-hidden /> {t('Mark all Ok')}
          </Button>
        ) : null}
      </div>
      {SECTIONS.map(({ section, items }) => (
        <fieldset key={section} className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border p-3">
          <legend className="px-1 text-base font-semibold">{t(section)}</legend>
          {items.map((item) => {
            const value = answers[item.key]
            const error = errors[item.key]
            return (
              <div key={item.key} role="radiogroup" aria-labelledby={`${item.key}-label`} className="grid gap-1.5" data-item={item.key}>
                <span id={`${item.key}-label`} className="text-sm font-medium break-words">
                  {t(item.label)}
                </span>
                <div className="grid grid-cols-2 gap-2">
                  <Answer name={item.key} value="ok" label={t('Ok')} tone="ok" checked={value === false} invalid={!!error} onChange={() => onAnswer(item.key, false)} />
                  <Answer
                    name={item.key}
                    value="defective"
                    label={t('Defective')}
                    tone="defective"
                    checked={value === true}
                    invalid={!!error}
                    onChange={() => onAnswer(item.key, true)}
                  />
                </div>
                <FieldError id={`${item.key}-error`} name={item.key} message={error} />
              </div>
            )
          })}
        </fieldset>
      ))}
    </section>
  )
}
