import { Link, useLoaderData } from '@remix-run/react'
import { DownloadIcon } from 'lucide-react'
import { ImportUploadCard } from '#app/components/import/import-upload-card.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { FLEET_CSV_MAX_ROWS } from '#catalog/fleet-csv.ts'
import type { fleetImportPageLoader } from '#app/routes/_app+/fleet-import-page.server.ts'

/** The upload form of the fleet import (decision 076): a plain multipart form, no JavaScript needed. */
export function FleetImportUpload() {
  const { title, companyId, maxMb, recent } = useLoaderData<typeof fleetImportPageLoader>()
  const { t } = useT()
  return (
    <div className="min-w-0">
      <PageHeader
        title={title}
        description={t('Add many vehicles at once from a CSV file: one row per vehicle, with the columns of the template.')}
        actions={
          <Button asChild variant="outline">
            <Link to={`/fleet/${companyId}`}>{t('Back to the fleet')}</Link>
          </Button>
        }
      />
      <div className="grid max-w-3xl gap-4">
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2 className="text-base">{t('1. Fill in the template')}</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm">
            <p>
              {t(
                'Columns are the vehicle fields; vin and licensePlate are required, make, model and yearBuild are filled from the VIN when left empty. Yes/No for the features, YYYY-MM-DD for dates, the names of the lists for fuel type, transmission and powertrain.',
              )}
            </p>
            <p className="text-muted-foreground">{t('Comma or semicolon separated, UTF-8, at most {rows} rows and {mb} MB.', { rows: FLEET_CSV_MAX_ROWS.toLocaleString('en-US'), mb: maxMb })}</p>
            <div>
              <Button asChild variant="outline">
                <a href={`/fleet/${companyId}/import-template.csv`} download data-testid="import-template">
                  <DownloadIcon aria-hidden />
                  {t('Download the template')}
                </a>
              </Button>
            </div>
          </CardContent>
        </Card>
        <ImportUploadCard testIdPrefix="import" fieldId="import-file" note={t('Nothing is added to the fleet yet: the next page shows what each row would become and any problems.')} />
        {recent.length > 0 ? (
          <Card>
            <CardHeader>
              <CardTitle asChild>
                <h2 className="text-base">{t('Recent uploads')}</h2>
              </CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-1 text-sm">
                {recent.map((r) => (
                  <li key={r.id} className="break-words">
                    <Link className="underline" to={`/fleet/${companyId}/import/${r.id}`}>
                      {r.fileName}
                    </Link>{' '}
                    <span className="text-muted-foreground">
                      {r.status === 'imported'
                        ? t('{n} vehicles imported', { n: r.importedCount ?? 0 })
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
