import { Link } from '@remix-run/react'
import { DownloadIcon, UploadIcon } from 'lucide-react'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { useT } from '#app/utils/i18n.tsx'

/**
 * The fleet page's CSV buttons (decision 076): Export CSV downloads the table with its current
 * filters and sort (the page's own query string); Import CSV (owners) opens the upload page.
 */
export function FleetCsvActions({ scope, companyId, search }: { scope: 'owner' | 'operator'; companyId: number; search: string }) {
  const { t } = useT()
  const base = scope === 'owner' ? `/fleet/${companyId}` : `/fleetOperator/${companyId}`
  return (
    <>
      <a href={`${base}/export.csv${search}`} download className={buttonVariants({ variant: 'outline' })} data-testid="export-csv">
        <DownloadIcon aria-hidden="true" />
        {t('Export CSV')}
      </a>
      {scope === 'owner' ? (
        <Link to={`/fleet/${companyId}/import`} className={buttonVariants({ variant: 'outline' })} data-testid="import-csv">
          <UploadIcon aria-hidden="true" />
          {t('Import CSV')}
        </Link>
      ) : null}
    </>
  )
}
