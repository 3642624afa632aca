/**
 * The annual inspection report (49 CFR 396.21, decision 066): the inspection's own document
 * (form-print.tsx) under the report's title, with the facts the rule asks for first — the
 * vehicle and the motor carrier (the operator on that date, the owner), the inspector and the
 * qualification (396.19), the repair shop, the date and the result, in two columns.
 * Used by the report's page and its PDF (static HTML): record texts are React text only.
 */
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { ANNUAL_TEXT } from '#catalog/annual-inspection.ts'
import type { AnnualInspectionReport } from '#server/inspections/annual-inspections.server.ts'
import {
  InspectionDocument,
  type FingerprintView,
  type FormPhotoView,
  type FormVehicleView,
  type InspectionFormView,
} from './form-print.tsx'

export type AnnualReportView = AnnualInspectionReport

const text = (v: string | null | undefined) => (v && v.trim() ? v : '—')

/** The report's facts: what 49 CFR 396.21(a) names, and the next due date of a passed one. */
export function AnnualReportFacts({ report }: { report: AnnualReportView }) {
  const { t, locale } = useT()
  const v = report.vehicle
  // Two columns: the vehicle and whose it is; when, with what result, where. Then who inspected,
  // across the page: a qualification is up to 200 characters.
  const vehicleRows: [string, React.ReactNode][] = [
    [t('Vehicle identifier'), <strong key="id">{v.vehicleIdentifier}</strong>],
    [t('VIN'), text(v.vin)],
    [t('License plate'), text(v.licensePlate)],
    [t('Make and model'), `${v.make} ${v.model}`.trim() || '—'],
    [t(ANNUAL_TEXT.motorCarrier), report.operatorCompany ? text(report.operatorCompany.name) : t('None on this date')],
    [t('Owner'), text(report.ownerCompany.name)],
  ]
  const inspectionRows: [string, React.ReactNode][] = [
    [t('Inspection date'), formatDateOnly(report.inspectionDate, locale)],
    [
      t('Result'),
      <strong key="r" className={report.isSatisfactory ? 'opd-good' : 'opd-bad'} data-annual-result={report.result}>
        {t(report.result)}
      </strong>,
    ],
    [t('Next inspection due'), report.nextInspectionDue ? formatDateOnly(report.nextInspectionDue, locale) : t('Not set: the vehicle did not pass')],
    [t('Repair shop'), text(report.shop?.name)],
    [t('Shop address'), text(report.shop?.address)],
  ]
  const inspectorRows: [string, React.ReactNode][] = [
    [t('Inspector'), text(report.inspectorName)],
    [t('Qualification (49 CFR 396.19)'), text(report.inspectorQualification)],
  ]
  return (
    <section aria-label={t('Annual inspection')} data-testid="annual-report-facts">
      <h2>{t('Annual inspection (49 CFR 396.17)')}</h2>
      <div className="opd-grid">
        <AnnualFacts rows={vehicleRows} />
        <AnnualFacts rows={inspectionRows} />
      </div>
      <div style={{ marginTop: 4 }}>
        <AnnualFacts rows={inspectorRows} />
      </div>
      <p className="opd-muted" style={{ margin: '6px 0 0', fontSize: 11 }}>
        {t(ANNUAL_TEXT.reportHelp)}
      </p>
    </section>
  )
}

/** Labels as wide as they need, up to half the width: "Operator (motor carrier)" on one line. */
function AnnualFacts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl style={{ gridTemplateColumns: 'fit-content(50%) minmax(0, 1fr)' }}>
      {rows.map(([k, value]) => (
        <AnnualFact key={k} label={k} value={value} />
      ))}
    </dl>
  )
}

function AnnualFact({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  )
}

/** The whole report: the inspection's document with the report's title (`h1` in the PDF, `h2` under the page's toolbar) and facts. */
export function AnnualReportDocument({
  report,
  form,
  vehicle,
  vehicleQr,
  photos,
  fingerprint,
  titleAs,
}: {
  report: AnnualReportView
  form: InspectionFormView
  vehicle: FormVehicleView
  vehicleQr: string
  photos: FormPhotoView[]
  fingerprint: FingerprintView
  titleAs?: 'h1' | 'h2'
}) {
  const { t } = useT()
  return (
    <InspectionDocument
      title={t(ANNUAL_TEXT.reportTitle)}
      titleAs={titleAs}
      lead={<AnnualReportFacts report={report} />}
      form={form}
      vehicle={vehicle}
      vehicleQr={vehicleQr}
      photos={photos}
      fingerprint={fingerprint}
    />
  )
}
