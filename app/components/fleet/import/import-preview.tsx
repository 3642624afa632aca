import * as React from 'react'
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react'
import { FormError } from '#app/components/forms/field.tsx'
import { ImportProblemCards, ProblemTable } from '#app/components/import/import-problems.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useT } from '#app/utils/i18n.tsx'
import type { FleetImportPreviewData } from '#app/routes/_app+/fleet-import-page.server.ts'

type View = NonNullable<FleetImportPreviewData['view']>
/** Reads the progress route's NDJSON lines as they come. */
async function* ndjson(response: Response): AsyncGenerator<Record<string, unknown>> {
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (value) buffer += decoder.decode(value, { stream: true })
    let nl
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl).trim()
      buffer = buffer.slice(nl + 1)
      if (line) yield JSON.parse(line) as Record<string, unknown>
    }
    if (done) return
  }
}

/** The preview of a staged import and its Import button (decision 076); or why there is none. */
export function FleetImportPreviewPage() {
  const { title, companyId, view, gone } = useLoaderData<FleetImportPreviewData>()
  const { t } = useT()
  if (!view) {
    return (
      <div className="min-w-0">
        <PageHeader title={title} />
        <div className="grid max-w-5xl gap-4">
          <p className="rounded-md border px-3 py-2 text-sm" role="alert" data-testid="import-gone">
            {gone}{' '}
            <Link className="underline" to={`/fleet/${companyId}/import`}>
              {t('Upload a file')}
            </Link>
          </p>
        </div>
      </div>
    )
  }
  return <Preview companyId={companyId} title={title} view={view} />
}

function Preview({ companyId, title, view }: { companyId: number; title: string; view: View }) {
  const actionData = useActionData<{ formError?: string }>()
  const navigation = useNavigation()
  const navigate = useNavigate()
  const { t } = useT()
  const [progress, setProgress] = React.useState<{ done: number; total: number } | null>(null)
  const [clientError, setClientError] = React.useState<string | null>(null)
  const busy = navigation.state === 'submitting' || progress !== null

  // With JavaScript: the same import through the progress route, with a bar; without, the plain post.
  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    if (typeof window.ReadableStream === 'undefined') return
    event.preventDefault()
    setClientError(null)
    setProgress({ done: 0, total: view.validRows })
    try {
      const response = await fetch(`/fleet/${companyId}/import/${view.id}/progress`, { method: 'POST', headers: { Accept: 'application/x-ndjson' } })
      if (!response.ok || !response.body) throw new Error(t('The import could not be started'))
      for await (const line of ndjson(response)) {
        if (typeof line.done === 'number') setProgress({ done: line.done, total: Number(line.total) })
        if (line.ok === true) {
          navigate(`/fleet/${companyId}/import/${view.id}?done=1`)
          return
        }
        if (line.ok === false) throw new Error(String(line.message))
      }
      throw new Error(t('The import could not be started'))
    } catch (e) {
      setProgress(null)
      setClientError(e instanceof Error ? e.message : String(e))
    }
  }

  const importable = view.validRows
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
            <Link to={`/fleet/${companyId}/import`}>{t('Upload another file')}</Link>
          </Button>
        }
      />
      <div className="grid max-w-5xl gap-4">
        <FormError message={clientError ?? actionData?.formError} testId="import-error" />
        {view.status === 'imported' ? (
          <p className="rounded-md border px-3 py-2 text-sm" data-testid="import-done">
            {t('This file has already been imported: {n} vehicles.', { n: view.importedCount ?? 0 })}{' '}
            <Link className="underline" to={`/fleet/${companyId}`}>
              {t('Back to the fleet')}
            </Link>
          </p>
        ) : null}
        {view.rowsRemoved ? (
          <p className="text-sm text-muted-foreground" data-testid="import-rows-removed">
            {t('The rows and problems of this upload were removed a week after the import; the counts are kept.')}
          </p>
        ) : null}
        <ImportProblemCards
          fileProblems={view.fileProblems}
          problems={view.problems}
          problemRows={view.problemRows}
          fileProblemsTestId="import-file-problems"
          problemsTestId="import-problems"
        />
        {view.warnings.length > 0 ? (
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-base">{t('Warnings ({n} rows): imported as they are', { n: view.warningRows })}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ProblemTable items={view.warnings} testId="import-warnings" caption={t('Warnings')} />
            </CardContent>
          </Card>
        ) : null}
        {view.filled.length > 0 ? (
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-base">{t('Filled from the VIN')}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-1 text-sm" data-testid="import-filled">
                {view.filled.map((f) => (
                  <li key={f.row} className="break-words">
                    {t('Row {row}', { row: f.row })} ({f.vin}):{' '}
                    {Object.entries(f.fields)
                      .map(([k, v]) => `${k} = ${v}`)
                      .join(', ')}
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ) : null}
        {view.canImport ? (
          <Form method="post" onSubmit={onSubmit} className="grid gap-2" data-testid="import-commit-form">
            {view.problemRows > 0 ? (
              <p className="text-sm">{t('{n} rows with problems will be skipped.', { n: view.problemRows })}</p>
            ) : null}
            <div>
              <Button type="submit" disabled={busy} data-testid="import-commit">
                {t('Import {n} vehicles', { n: importable })}
              </Button>
            </div>
            {progress ? (
              <div className="grid gap-1" data-testid="import-progress">
                <progress className="h-2 w-full" max={progress.total || 1} value={progress.done} aria-label={t('Import progress')} />
                <p className="text-xs text-muted-foreground" aria-live="polite">
                  {t('{done} of {total} vehicles written', { done: progress.done, total: progress.total })}
                </p>
              </div>
            ) : null}
          </Form>
        ) : null}
      </div>
    </div>
  )
}
