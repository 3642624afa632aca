import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { useT } from '#app/utils/i18n.tsx'

/** One problem of a staged CSV upload: its row and column (none for the whole file), what was read there, why. */
export interface ImportProblem {
  row: number | null
  column: string | null
  read?: string | null
  message: string
}

/** The table of a staged upload's problems, shared by the fleet import (decision 076) and the fuel card import (decision 085). */
export function ProblemTable({ items, testId, caption, withRead = false }: { items: ImportProblem[]; testId: string; caption: string; withRead?: boolean }) {
  const { t } = useT()
  return (
    <div className="overflow-x-auto">
      <Table data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <TableHeader>
          <TableRow>
            <TableHead>{t('Row')}</TableHead>
            <TableHead>{t('Column')}</TableHead>
            {withRead ? <TableHead>{t('Read')}</TableHead> : null}
            <TableHead>{t('Problem')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.map((p, i) => (
            <TableRow key={`${p.row}-${p.column}-${i}`} data-row={p.row ?? ''} data-column={p.column ?? ''}>
              <TableCell>{p.row ?? '—'}</TableCell>
              <TableCell className="font-mono text-xs">{p.column ?? '—'}</TableCell>
              {withRead ? <TableCell className="max-w-40 break-words font-mono text-xs">{p.read ?? ''}</TableCell> : null}
              <TableCell className="whitespace-normal break-words">{p.message}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

/**
 * The two problem cards of a staged upload's preview: the columns of the file that need fixing, and the
 * rows with problems that are skipped. Each card shows only when it has something; the test ids are the caller's.
 */
export function ImportProblemCards({
  fileProblems,
  problems,
  problemRows,
  fileProblemsTestId,
  problemsTestId,
  withRead = false,
}: {
  fileProblems: ImportProblem[]
  problems: ImportProblem[]
  problemRows: number
  fileProblemsTestId: string
  problemsTestId: string
  withRead?: boolean
}) {
  const { t } = useT()
  return (
    <>
      {fileProblems.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-base text-destructive">{t('The columns of the file need fixing')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ProblemTable items={fileProblems} testId={fileProblemsTestId} caption={t('The columns of the file need fixing')} withRead={withRead} />
          </CardContent>
        </Card>
      ) : null}
      {problems.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-base">{t('Rows with problems ({n}): they are skipped', { n: problemRows })}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            <p className="text-sm text-muted-foreground">
              {t('To import them too, correct these rows in your file and upload it again: the new upload is checked from the start.')}
            </p>
            <ProblemTable items={problems} testId={problemsTestId} caption={t('Rows with problems')} withRead={withRead} />
          </CardContent>
        </Card>
      ) : null}
    </>
  )
}
