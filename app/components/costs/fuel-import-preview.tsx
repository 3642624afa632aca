import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { FormError } from '#app/components/forms/field.tsx'
import { ImportProblemCards } from '#app/components/import/import-problems.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { fuelUnitLabel } from '#catalog/costs.ts'
import { formatMoney, milliToDecimal } from '#catalog/money.ts'
import type { FuelImportPreviewData } from '#app/routes/_app+/fuel-import-page.server.ts'

type View = NonNullable<FuelImportPreviewData['view']>
/** The preview of a staged fuel card upload, its Import and Discard buttons (decision 085); or why there is none. */
export function FuelImportPreviewPage() {
  const { title, companyId, view, gone } = useLoaderData<FuelImportPreviewData>()
  const { t } = useT()
  if (!view) {
    return (
      <div className="min-w-0">
        <PageHeader title={title} />
        <p className="max-w-3xl rounded-md border px-3 py-2 text-sm" role="alert" data-testid="fuel-import-gone">
          {gone}{' '}
          <Link className="underline" to={`/fuel/${companyId}/import`}>
            {t('Upload a file')}
          </Link>
        </p>
      </div>
    )
  }
  return <Preview companyId={companyId} title={title} view={view} />
}

function Preview({ companyId, title, view }: { companyId: number; title: string; view: View }) {
  const actionData = useActionData<{ formError?: string }>()
  const busy = useNavigation().state === 'submitting'
  const { t, locale } = useT()
  const money = (cents: number) => formatMoney(cents, view.currency, locale)
  return (
    <div className="min-w-0">
      <PageHeader
        title={title}
        description={t('{file}: {total} rows, {valid} ready to import, {problems} with problems.', {
          file: view.fileName,
          total: view.totalRows,
          valid: view.validRows,
          problems: view.problemRows,
        })}
        actions={
          <Button asChild variant="outline">
            <Link to={`/fuel/${companyId}/import`}>{t('Upload another file')}</Link>
          </Button>
        }
      />
      <div className="grid max-w-5xl gap-4">
        <FormError message={actionData?.formError} testId="fuel-import-error" />
        {view.status === 'imported' ? (
          <p className="rounded-md border px-3 py-2 text-sm" data-testid="fuel-import-done">
            {t('This file has already been imported: {n} fill-ups.', { n: view.importedCount ?? 0 })}{' '}
            {view.changedRows > 0 ? t('{n} rows had become invalid since the preview and were skipped.', { n: view.changedRows }) : null}{' '}
            <Link className="underline" to={`/fuel/${companyId}`}>
              {t('Back to the fuel log')}
            </Link>
          </p>
        ) : null}
        {view.rowsRemoved ? (
          <p className="text-sm text-muted-foreground" data-testid="fuel-import-rows-removed">
            {t('The rows and problems of this upload were removed a week after the import; the counts are kept.')}
          </p>
        ) : null}
        {view.ignoredColumns.length > 0 ? (
          <p className="break-words text-sm text-muted-foreground" data-testid="fuel-import-ignored">
            {t('Columns not read: {names}', { names: view.ignoredColumns.join(', ') })}
          </p>
        ) : null}
        <ImportProblemCards
          fileProblems={view.fileProblems}
          problems={view.problems}
          problemRows={view.problemRows}
          fileProblemsTestId="fuel-import-file-problems"
          problemsTestId="fuel-import-problems"
          withRead
        />
        {view.sample.length > 0 ? (
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-base">{t('Fill-ups to import ({n}), {total} in all', { n: view.validRows, total: money(view.totalCents) })}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="grid gap-2">
              <div className="overflow-x-auto">
                <Table data-testid="fuel-import-sample">
                  <caption className="sr-only">{t('Fill-ups to import')}</caption>
                  <TableHeader>
                    <TableRow>
                      <TableHead>{t('Row')}</TableHead>
                      <TableHead>{t('Bus')}</TableHead>
                      <TableHead>{t('Date')}</TableHead>
                      <TableHead className="text-right">{t('Odometer')}</TableHead>
                      <TableHead className="text-right">{t('Quantity')}</TableHead>
                      <TableHead className="text-right">{t('Total')}</TableHead>
                      <TableHead>{t('Station')}</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {view.sample.map((r) => (
                      <TableRow key={r.row} data-row={r.row}>
                        <TableCell>{r.row}</TableCell>
                        <TableCell className="font-mono text-xs">{r.vehicleIdentifier}</TableCell>
                        <TableCell className="whitespace-nowrap">{formatDateOnly(r.date, locale)}</TableCell>
                        <TableCell className="text-right tabular-nums">{r.odometer.toLocaleString(locale === 'es' ? 'es-US' : 'en-US')}</TableCell>
                        <TableCell className="whitespace-nowrap text-right tabular-nums">
                          {milliToDecimal(r.quantityMilli)} {t(fuelUnitLabel(r.unit))}
                          {r.full ? '' : ` (${t('partial')})`}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{money(r.totalCents)}</TableCell>
                        <TableCell className="max-w-48 break-words">{r.station ?? ''}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </div>
              {view.validRows > view.sample.length ? (
                <p className="text-xs text-muted-foreground">{t('The first {n} are shown.', { n: view.sample.length })}</p>
              ) : null}
            </CardContent>
          </Card>
        ) : null}
        {view.status === 'staged' ? (
          <div className="flex flex-wrap items-start gap-2">
            {view.canImport ? (
              <Form method="post" className="grid gap-2" data-testid="fuel-import-commit-form">
                {view.problemRows > 0 ? <p className="text-sm">{t('{n} rows with problems will be skipped.', { n: view.problemRows })}</p> : null}
                <div>
                  <Button type="submit" disabled={busy} data-testid="fuel-import-commit">
                    {t('Import {n} fill-ups', { n: view.validRows })}
                  </Button>
                </div>
              </Form>
            ) : null}
            <Form method="post" className="self-end" data-testid="fuel-import-discard-form">
              <input type="hidden" name="intent" value="discard" />
              <Button type="submit" variant="outline" disabled={busy} data-testid="fuel-import-discard">
                {t('Discard this upload')}
              </Button>
            </Form>
          </div>
        ) : null}
      </div>
    </div>
  )
}
