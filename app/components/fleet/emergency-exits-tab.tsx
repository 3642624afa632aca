import { Link } from '@remix-run/react'
import { DoorOpenIcon } from 'lucide-react'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { DUE_STATE_LABELS } from '#catalog/compliance.ts'

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
  if (!data) return null
  const tone = data.dueState === 'overdue' ? 'text-danger' : data.dueState === 'due-soon' ? 'text-warning-foreground dark:text-warning' : 'text-muted-foreground'
  const when = data.daysLeft > 0 ? `in ${data.daysLeft} day${data.daysLeft === 1 ? '' : 's'}` : data.daysLeft === 0 ? 'today' : `${-data.daysLeft} day${data.daysLeft === -1 ? '' : 's'} ago`
  return (
    <div className="grid gap-3" data-testid="emergency-exits-tab">
      <p className={`text-sm font-medium ${tone}`} data-due-state={data.dueState}>
        {DUE_STATE_LABELS[data.dueState]}: next 90-day check due <time dateTime={data.nextDueDate}>{data.nextDueDate}</time> ({when})
        {data.lastCheckDate ? '' : ', never checked'}.
      </p>
      <p className="text-xs text-muted-foreground">Push-out windows, emergency doors and emergency door marking lights, at least every 90 days (49 CFR 396.3(b)(4)).</p>
      {data.checks.length === 0 ? (
        <EmptyState icon={DoorOpenIcon} titleAs="p" title="No emergency-exit checks yet" description="A mechanic of its repair shop or a driver of its operator files the check from the bus; it will be listed here." />
      ) : (
        <Table containerProps={{ 'aria-label': 'Emergency-exit checks' }}>
          <TableHeader>
            <TableRow>
              <TableHead>Check date</TableHead>
              <TableHead>Result</TableHead>
              <TableHead>Checked by</TableHead>
              <TableHead className="sr-only">Print</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.checks.map((c) => (
              <TableRow key={c.id}>
                <TableCell cell="key">
                  <time dateTime={c.checkDate}>{c.checkDate}</time>
                </TableCell>
                <TableCell label="Result">
                  <span className={c.isSatisfactory ? '' : 'text-danger'}>{c.isSatisfactory ? 'Satisfactory' : 'Unsatisfactory'}</span>
                  {c.repairActionId ? <span className="text-muted-foreground"> · repair opened</span> : null}
                </TableCell>
                <TableCell label="Checked by">
                  {c.inspectorName} ({c.filerRole})
                </TableCell>
                <TableCell cell="actions">
                  <Link to={`/PrintEmergencyExitCheck/${companyId}?id=${c.id}`} className="text-sm text-primary underline-offset-4 hover:underline">
                    Print <span className="sr-only">the check of {c.checkDate}</span>
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
