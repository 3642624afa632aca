import { Link } from '@remix-run/react'
import { DoorOpenIcon } from 'lucide-react'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { DUE_STATE_LABELS } from '#catalog/compliance.ts'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'

/** The vehicle's "Emergency exits" tab (decision 065): the next 90-day check's due date and state, and the checks filed. */
export interface EmergencyExitsView {
  today: string
  lastCheckDate: string | null
  nextDueDate: string
  dueState: 'overdue' | 'due-soon' | 'ok'
  daysLeft: number
  checks: { id: number; checkDate: string; isSatisfactory: boolean; inspectorName: string; filerRole: string; repairActionId: number | null }[]
}

export function EmergencyExitsTab({ data, companyId }: { data: EmergencyExitsView | null; companyId: string }) {
  const { t, locale } = useT()
  if (!data) return null
  const tone = data.dueState === 'overdue' ? 'text-danger' : data.dueState === 'due-soon' ? 'text-warning-foreground dark:text-warning' : 'text-muted-foreground'
  const when =
    data.daysLeft > 0
      ? t('{count, plural, one {in # day} other {in # days}}', { count: data.daysLeft })
      : data.daysLeft === 0
        ? t('today')
        : t('{count, plural, one {# day ago} other {# days ago}}', { count: -data.daysLeft })
  const due = { state: t(DUE_STATE_LABELS[data.dueState]), date: formatDateOnly(data.nextDueDate, locale), when }
  return (
    <div className="grid gap-3" data-testid="emergency-exits-tab">
      <p className={`text-sm font-medium ${tone}`} data-due-state={data.dueState}>
        {data.lastCheckDate ? t('{state}: next 90-day check due {date} ({when}).', due) : t('{state}: next 90-day check due {date} ({when}), never checked.', due)}
      </p>
      <p className="text-xs text-muted-foreground">{t('Push-out windows, emergency doors and emergency door marking lights, at least every 90 days (49 CFR 396.3(b)(4)).')}</p>
      {data.checks.length === 0 ? (
        <EmptyState icon={DoorOpenIcon} titleAs="p" title={t('No emergency-exit checks yet')} description={t('A mechanic of its repair shop or a driver of its operator files the check from the bus; it will be listed here.')} />
      ) : (
        <Table containerProps={{ 'aria-label': t('Emergency-exit checks') }}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('Check date')}</TableHead>
              <TableHead>{t('Result')}</TableHead>
              <TableHead>{t('Checked by')}</TableHead>
              <TableHead className="sr-only">{t('Print')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.checks.map((c) => (
              <TableRow key={c.id}>
                <TableCell cell="key">
                  <time dateTime={c.checkDate}>{formatDateOnly(c.checkDate, locale)}</time>
                </TableCell>
                <TableCell label={t('Result')}>
                  <span className={c.isSatisfactory ? '' : 'text-danger'}>{c.isSatisfactory ? t('Satisfactory') : t('Unsatisfactory')}</span>
                  {c.repairActionId ? <span className="text-muted-foreground"> · {t('repair opened')}</span> : null}
                </TableCell>
                <TableCell label={t('Checked by')}>
                  {c.inspectorName} ({t(c.filerRole)})
                </TableCell>
                <TableCell cell="actions">
                  <Link to={`/PrintEmergencyExitCheck/${companyId}?id=${c.id}`} className="text-sm text-primary underline-offset-4 hover:underline">
                    {t('Print')} <span className="sr-only">{t('the check of {date}', { date: formatDateOnly(c.checkDate, locale) })}</span>
                  </Link>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  )
}
