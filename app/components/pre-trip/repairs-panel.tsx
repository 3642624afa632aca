import { ShieldCheck, Wrench } from 'lucide-react'
import { FieldError } from '#app/components/forms/field.tsx'
import { formatInstant } from '#app/utils/dates.ts'
import { OUT_OF_SERVICE_LABEL } from '#catalog/defects.ts'
import type { CertifiedRepairView, OpenRepairView, RepairTaskView } from './types.ts'
import { ACK_FIELD } from './types.ts'
import { useT } from '#app/utils/i18n.tsx'
import { repairTaskName } from '#app/components/repairs/task-name.ts'

function Tasks({ tasks }: { tasks: RepairTaskView[] }) {
  const { t } = useT()
  if (!tasks.length) return null
  return (
    <ul className="mt-1 list-disc pl-5 text-sm">
      {tasks.map((task, i) => (
        <li key={i} className="break-words">
          {repairTaskName(t, task.name)}
          {task.description ? <span className="text-muted-foreground"> — {task.description}</span> : null}
          <span className="text-muted-foreground"> ({t(task.status)})</span>
        </li>
      ))}
    </ul>
  )
}

/**
 * The vehicle's open repairs and the certified ones the driver has not yet acknowledged: the
 * driver's review of the last report and its certification (a checkbox per certification).
 */
export function RepairsPanel({
  open,
  certified,
  acknowledged,
  timeZone,
  error,
  onAcknowledge,
}: {
  open: OpenRepairView[]
  certified: CertifiedRepairView[]
  acknowledged: number[]
  timeZone: string
  error?: string
  onAcknowledge: (id: number, checked: boolean) => void
}) {
  const { t, locale } = useT()
  if (!open.length && !certified.length) return null
  return (
    <section aria-labelledby="repairs-title" className="grid min-w-0 grid-cols-1 gap-3 rounded-lg border p-3">
      <h2 id="repairs-title" className="text-lg font-semibold">
        {t('Repairs of this vehicle')}
      </h2>
      {open.map((r) => (
        <div key={r.id} className="rounded-md bg-muted/50 p-2" data-testid="open-repair">
          <p className="flex items-start gap-2 text-sm font-medium">
            <Wrench className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">
              {t('Open repair {code} · reported {time}', { code: r.repairIdentifier, time: formatInstant(r.createdAt, timeZone, locale) })}
              {r.outOfService ? <span className="ml-2 inline-block rounded bg-destructive px-1.5 text-xs text-destructive-foreground">{t(OUT_OF_SERVICE_LABEL)}</span> : null}
            </span>
          </p>
          <Tasks tasks={r.tasks} />
        </div>
      ))}
      {certified.map((r) => (
        <div key={r.id} className="rounded-md border border-success/50 p-2" data-testid="certified-repair">
          <p className="flex items-start gap-2 text-sm font-medium">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            <span className="min-w-0 break-words">
              {r.certifiedBy
                ? t('Repair {code} certified by {name} on {time}', { code: r.repairIdentifier, name: r.certifiedBy, time: formatInstant(r.repairedAt, timeZone, locale) })
                : t('Repair {code} certified on {time}', { code: r.repairIdentifier, time: formatInstant(r.repairedAt, timeZone, locale) })}
            </span>
          </p>
          <Tasks tasks={r.tasks} />
          <label className="mt-2 flex min-h-11 cursor-pointer items-center gap-3 text-sm">
            <input
              type="checkbox"
              name={ACK_FIELD}
              value={r.id}
              required
              checked={acknowledged.includes(r.id)}
              onChange={(e) => onAcknowledge(r.id, e.currentTarget.checked)}
              aria-invalid={error && !acknowledged.includes(r.id) ? true : undefined}
              className="size-5 shrink-0 accent-primary"
            />
            {t('I have reviewed the last report and this certification')}
          </label>
        </div>
      ))}
      <FieldError name={ACK_FIELD} message={error} />
    </section>
  )
}
