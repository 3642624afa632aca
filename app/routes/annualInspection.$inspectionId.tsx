import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { AnnualReportDocument } from '#app/components/inspections/annual-report.tsx'
import { PrintPage } from '#app/components/print-page.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { ANNUAL_TEXT, annualDecalPath, annualReportPdfPath } from '#catalog/annual-inspection.ts'
import { annualReportPageLoader } from './annual-inspection.server.ts'

/**
 * /annualInspection/{inspectionId}: the annual inspection report (49 CFR 396.21, decision 066),
 * printable, in the print pages' frame (Print, Download PDF, Back to where its readers list it);
 * the decal's QR code opens it. Its PDF and the decal's.
 */
export const loader = (args: LoaderFunctionArgs) => annualReportPageLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { t } = useT()
  const { title, backHref, record, message } = useLoaderData<typeof loader>()
  const id = record?.report.id
  return (
    <PrintPage title={title} pdfHref={id ? annualReportPdfPath(id) : null} backHref={backHref} missing={record ? null : (message ?? t(ANNUAL_TEXT.notFound))}>
      {record ? (
        <>
          <p className="opd-noprint mx-3 mb-2 flex flex-wrap items-center gap-2 text-sm print:hidden">
            {record.report.decalUrl ? (
              <a href={annualDecalPath(record.report.id)} download className="rounded-md border px-3 py-1.5 hover:bg-muted" data-testid="decal-link">
                {t('Print the decal (4 × 3 in label)')}
              </a>
            ) : null}
            <span className="text-muted-foreground">{record.report.decalUrl ? t(ANNUAL_TEXT.decalHelp) : t(ANNUAL_TEXT.failedNoDecal)}</span>
          </p>
          <AnnualReportDocument
            report={record.report}
            form={record.form}
            vehicle={record.vehicle}
            vehicleQr={record.vehicleQr}
            photos={record.photos}
            fingerprint={record.fingerprint}
            titleAs="h2"
          />
        </>
      ) : null}
    </PrintPage>
  )
}
