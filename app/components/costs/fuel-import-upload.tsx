import { Link, useLoaderData } from '@remix-run/react'
import { DownloadIcon } from 'lucide-react'
import { ImportUploadCard } from '#app/components/import/import-upload-card.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useT } from '#app/utils/i18n.tsx'
import type { FuelImportPageData } from '#app/routes/_app+/fuel-import-page.server.ts'

/** The upload form of the fuel card import (decision 085): a plain multipart form, no JavaScript needed. */
export function FuelImportUpload() {
  const { title, companyId, maxMb, maxRows, maxStaged, recent } = useLoaderData<FuelImportPageData>()
  const { t, locale } = useT()
  return (
    <div className="min-w-0">
      <PageHeader
        title={title}
        description={t("Add a month of fill-ups and charges at once from your fuel card's export: one row per fill-up.")}
        actions={
          <Button asChild variant="outline">
            <Link to={`/fuel/${companyId}`}>{t('Back to the fuel log')}</Link>
          </Button>
        }
      />
      <div className="grid max-w-3xl gap-4">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-base">{t('1. Export the file from your fuel card')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p>
              {t(
                'Columns are found by their names, as card exports write them: date (and time), card number, plate or bus identifier, odometer, quantity, unit (gal, L or kWh; the bus’s unit when missing), total, station, full (yes or no; yes when missing). Other columns are ignored.',
              )}
            </p>
            <p>{t('Each row is matched to a bus by its fuel card, its plate or its identifier. Dates as YYYY-MM-DD or MM/DD/YYYY; without a time, noon.')}</p>
            <p className="text-muted-foreground">
              {t('Comma or semicolon separated, UTF-8, at most {rows} rows and {mb} MB (a month of a 200-bus fleet).', {
                rows: maxRows.toLocaleString(locale === 'es' ? 'es-US' : 'en-US'),
                mb: maxMb,
              })}
            </p>
            <div>
              <Button asChild variant="outline">
                <a href={`/fuel/${companyId}/import-template.csv`} download data-testid="fuel-import-template">
                  <DownloadIcon aria-hidden />
                  {t('Download the template')}
                </a>
              </Button>
            </div>
          </CardContent>
        </Card>
        <ImportUploadCard testIdPrefix="fuel-import" fieldId="fuel-import-file" note={t('Nothing is recorded yet: the next page shows each row’s bus and any problems. At most {n} uploads may wait to be imported.', { n: maxStaged })} />
        {recent.length > 0 ? (
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-base">{t('Recent uploads')}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-1 text-sm" data-testid="fuel-import-recent">
                {recent.map((r) => (
                  <li key={r.id} className="break-words">
                    <Link className="underline" to={`/fuel/${companyId}/import/${r.id}`}>
                      {r.fileName}
                    </Link>{' '}
                    <span className="text-muted-foreground">
                      {r.status === 'imported'
                        ? t('{n} fill-ups imported', { n: r.importedCount ?? 0 })
                        : t('{valid} of {total} rows ready, not imported', { valid: r.validRows, total: r.totalRows })}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        ) : null}
      </div>
    </div>
  )
}
