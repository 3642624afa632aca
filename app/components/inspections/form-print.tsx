/**
 * The filed forms as documents: ONE component per kind, used by the detail dialogs, the print
 * pages (/PrintPreInspection, /PrintInspection) and the server-side PDFs (rendered to static
 * HTML). Self-contained: its CSS is inlined in a <style> element (no stylesheet to fetch), its
 * pictures are data: URLs or same-origin paths given by the caller, and every record text is
 * React text — never markup.
 */
import { DAMAGE_SIDES, preInspectionAnswerLabel, preInspectionItemsBySection } from '#catalog/checklists.ts'
import { inspectionItemsBySection, inspectionItemStatusLabel } from '#catalog/inspection-checklist.ts'
import { formatOdometer } from '#catalog/odometer.ts'
import type { FormPhoto, FormRecordContext, FormVehicle, InspectionForm, PreInspectionForm } from '#server/inspections/read-forms.server.ts'
import { formatDateOnly, formatInstant } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import type { Locale } from '#catalog/i18n.ts'
import { useNonce } from '#app/utils/nonce.tsx'

/** The forms as the read use cases answer them (API.md): one definition, the server's. */
export type PreInspectionFormView = PreInspectionForm
export type InspectionFormView = InspectionForm
export type FormVehicleView = FormVehicle
export type FormPhotoView = FormPhoto
export type FormRecordContextView = FormRecordContext

/** The fingerprint block of a PDF or print page (decision 032). */
export interface FingerprintView {
  fingerprint: string
  verifyUrl: string
  /** A data: URL of the QR of `verifyUrl`. */
  verifyQr: string
}

export const PRINT_CSS = `
.opd{box-sizing:border-box;background:#fff;color:#111;font-family:system-ui,"DejaVu Sans","Liberation Sans",Arial,sans-serif;font-size:13px;line-height:1.4;padding:12px;max-width:210mm;margin:0 auto}
.opd *{box-sizing:border-box}
.opd h1{font-size:20px;margin:0 0 2px}
.opd h2{font-size:14px;margin:0 0 6px;padding-bottom:3px;border-bottom:1px solid #ddd}
.opd h2.opd-title{font-size:20px;margin:0 0 2px;padding:0;border:0}
.opd .opd-sub{color:#555;margin:0 0 10px}
.opd .opd-badge{display:inline-block;border-radius:999px;padding:1px 8px;font-size:12px;font-weight:600;border:1px solid currentColor}
.opd .opd-good{color:#166534}
.opd .opd-bad{color:#b91c1c}
.opd .opd-muted{color:#555}
.opd .opd-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,300px),1fr));gap:10px;align-items:start}
.opd section{border:1px solid #ddd;border-radius:6px;padding:8px 10px;margin:0 0 10px;break-inside:avoid;page-break-inside:avoid;min-width:0}
.opd .opd-grid section{margin:0}
.opd section.opd-items{break-inside:auto;page-break-inside:auto;-webkit-box-decoration-break:clone;box-decoration-break:clone}
.opd .opd-items h2{break-after:avoid;page-break-after:avoid}
.opd .opd-items tr{break-inside:avoid;page-break-inside:avoid}
.opd dl{display:grid;grid-template-columns:minmax(0,2fr) minmax(0,3fr);gap:2px 10px;margin:0}
.opd dt{color:#555}
.opd dd{margin:0;min-width:0;overflow-wrap:anywhere;white-space:pre-wrap}
.opd table{width:100%;border-collapse:collapse;table-layout:fixed}
.opd td,.opd th{text-align:left;vertical-align:top;padding:3px 4px;border-top:1px solid #eee;overflow-wrap:anywhere;white-space:pre-wrap}
.opd th{font-weight:600;color:#555;border-top:0}
.opd .opd-answer{width:8.5em}
.opd .opd-text{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
.opd .opd-images{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,160px),1fr));gap:8px}
.opd figure{margin:0;min-width:0}
.opd figure img{display:block;max-width:100%;height:auto;max-height:60mm;object-fit:contain;border:1px solid #ddd;border-radius:4px;background:#fafafa}
.opd figcaption{font-size:11px;color:#555;overflow-wrap:anywhere}
.opd .opd-signature{max-width:min(220px,100%);max-height:30mm;height:auto;border:1px solid #ddd;border-radius:4px;background:#fff}
.opd .opd-head{display:flex;flex-wrap:wrap;gap:10px;justify-content:space-between;align-items:flex-start;margin-bottom:10px}
.opd .opd-qr{width:96px;height:96px}
.opd .opd-fingerprint{display:flex;gap:10px;align-items:center;border:1px dashed #999;border-radius:6px;padding:8px 10px;margin-top:10px;break-inside:avoid;page-break-inside:avoid;break-before:avoid;page-break-before:avoid}
.opd .opd-end{break-inside:avoid;page-break-inside:avoid}
.opd .opd-fingerprint img{width:80px;height:80px;flex:none}
.opd .opd-fingerprint>div{min-width:0}
.opd .opd-mono{font-family:"DejaVu Sans Mono","Liberation Mono",ui-monospace,monospace}
.opd .opd-link{overflow-wrap:anywhere;font-size:11px}
@media (max-width:560px){.opd .opd-items3 thead{display:none}.opd .opd-items3 tr{display:grid;grid-template-columns:minmax(0,1fr);border-top:1px solid #eee;padding:3px 0}.opd .opd-items3 td{border-top:0;padding:1px 4px;width:auto}.opd .opd-items3 td:empty{display:none}.opd .opd-items3 td:last-child{color:#333;font-style:italic}}
@media print{.opd{padding:0;max-width:none}.opd-noprint{display:none!important}}
`

/** The document's own CSS, once per document (a constant: not record text). */
export function PrintStyles() {
  // The page's CSP nonce (decision 046); none in the PDF's own document, whose policy allows its inline CSS.
  const nonce = useNonce()
  return <style nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />
}

const png = (base64: string) => `data:image/png;base64,${base64}`
const jpegOrPng = (base64: string) => (base64.startsWith('/9j/') ? `data:image/jpeg;base64,${base64}` : base64.startsWith('UklGR') ? `data:image/webp;base64,${base64}` : `data:image/png;base64,${base64}`)

/** An instant in the record's company's zone, the zone named (decision 063; the same on the server and in the browser). */
function timeText(iso: string | null | undefined, timeZone: string | undefined, locale: Locale): string {
  return iso ? formatInstant(iso, timeZone, locale) : '—'
}

const text = (value: string | null | undefined) => (value && value.trim() ? value : '—')

function Answer({ bad, label }: { bad: boolean; label: string }) {
  return <span className={bad ? 'opd-bad' : 'opd-good'}>{label}</span>
}

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl>
      {rows.map(([k, v]) => (
        <FactRow key={k} label={k} value={v} />
      ))}
    </dl>
  )
}
function FactRow({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  )
}

export type PhotosState = FormPhotoView[] | 'loading' | { error: string }

function PhotosBlock({ photos, prefix }: { photos: PhotosState; prefix: string }) {
  const { t } = useT()
  if (photos === 'loading') return <p className="opd-muted" role="status">{t('Loading images')}</p>
  if (!Array.isArray(photos)) return <p className="opd-bad">{photos.error}</p>
  if (!photos.length) return <p className="opd-muted">{t('No extra photos.')}</p>
  return (
    <div className="opd-images">
      {photos.map((p, i) => (
        <figure key={`${prefix}-${i}`}>
          <img src={jpegOrPng(p.photo)} alt={p.name || t('Photo {number}', { number: i + 1 })} />
          <figcaption>{p.name}</figcaption>
        </figure>
      ))}
    </div>
  )
}

export function FingerprintBlock({ fp }: { fp: FingerprintView }) {
  const { t } = useT()
  return (
    <div className="opd-fingerprint" data-testid="fingerprint">
      <img src={fp.verifyQr} alt={t('QR code of the link that checks this copy')} />
      <div>
        <div>
          {t('Fingerprint:')} <strong className="opd-mono" data-fingerprint={fp.fingerprint}>{fp.fingerprint}</strong>
        </div>
        <div className="opd-muted">{t('Check this printed copy against the records: scan the code or open')}</div>
        <div className="opd-link opd-mono">{fp.verifyUrl}</div>
      </div>
    </div>
  )
}

/** The companies a record names (decision 063): the owner, the operator and the repair shop. */
function CompaniesBlock({ context, operatorNone }: { context: FormRecordContextView; operatorNone: string }) {
  const { t } = useT()
  return (
    <section aria-label={t('Companies')}>
      <h2>{t('Companies')}</h2>
      <Facts
        rows={[
          [t('Owner'), text(context.ownerCompany.name)],
          [t('Operator'), context.operatorCompany ? text(context.operatorCompany.name) : operatorNone],
          [t('Repair shop'), context.repairShop ? text(context.repairShop.name) : t('None')],
        ]}
      />
    </section>
  )
}

/** A document's title line: kind, vehicle, date and the overall result. */
function DocumentHead({
  title,
  titleAs: Title = 'h1',
  vehicle,
  date,
  isSatisfactory,
}: {
  title: string
  titleAs?: 'h1' | 'h2'
  vehicle: FormVehicleView
  date: string
  isSatisfactory: boolean
}) {
  const { t, locale } = useT()
  return (
    <div className="opd-head">
      <div>
        <Title className="opd-title">{title}</Title>
        <p className="opd-sub">
          {vehicle.make} {vehicle.model} · {vehicle.vehicleIdentifier} · {formatDateOnly(date, locale)}
        </p>
      </div>
      <span className={`opd-badge ${isSatisfactory ? 'opd-good' : 'opd-bad'}`}>{isSatisfactory ? t('Satisfactory') : t('Unsatisfactory')}</span>
    </div>
  )
}

/** Pre-inspection detail (spec section 2): Info, the six checklist sections, Damage Report, Additional Comments, Final Status, Time Log, Images. */
export function PreInspectionDocument({
  form,
  vehicle,
  photos,
  fingerprint,
  recordContext,
}: {
  form: PreInspectionFormView
  vehicle: FormVehicleView
  photos: PhotosState
  fingerprint?: FingerprintView
  /** Whose record it is: its companies and the zone of its times (absent: UTC, named). */
  recordContext?: FormRecordContextView
}) {
  const { t, locale } = useT()
  const timeZone = recordContext?.timeZone
  const sides = DAMAGE_SIDES.map((s) => ({ ...s, text: form[s.key], image: form[s.imageField] }))
  const sideImages = sides.filter((s) => s.image)
  return (
    <article className="opd" aria-label={t('Pre-inspection {id}', { id: form.id })}>
      <PrintStyles />
      <DocumentHead title={t('Pre-inspection')} vehicle={vehicle} date={form.date} isSatisfactory={form.isSatisfactory} />
      <div className="opd-grid">
        <section aria-label={t('Info')}>
          <h2>{t('Info')}</h2>
          <Facts
            rows={[
              [t('Driver'), text(form.driverName)],
              [t('Date'), formatDateOnly(form.date, locale)],
              [t('Vehicle'), `${vehicle.make} ${vehicle.model}`],
              [t('Vehicle code'), vehicle.vehicleIdentifier],
              [t('License plate'), text(vehicle.licensePlate)],
              [t('VIN'), text(vehicle.vin)],
              [t('Odometer at start'), formatOdometer(form.odometerStart, locale)],
              [t('Odometer at end'), form.odometerEnd === null ? '—' : formatOdometer(form.odometerEnd, locale)],
            ]}
          />
        </section>
        {recordContext ? <CompaniesBlock context={recordContext} operatorNone="—" /> : null}
        {preInspectionItemsBySection().map(({ section, items }) => (
          <section key={section} aria-label={t(section)}>
            <h2>{t(section)}</h2>
            <table>
              <tbody>
                {items.map((item) => {
                  const bad = (form as unknown as Record<string, unknown>)[item.key] === true
                  return (
                    <tr key={item.key} data-item={item.key}>
                      <td>{t(item.label)}</td>
                      <td className="opd-answer">
                        <Answer bad={bad} label={t(preInspectionAnswerLabel(bad))} />
                      </td>
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </section>
        ))}
        <section aria-label={t('Damage Report')}>
          <h2>{t('Damage Report')}</h2>
          <Facts rows={sides.map((s) => [t(s.label), text(s.text as string | null)])} />
        </section>
        <section aria-label={t('Additional Comments')}>
          <h2>{t('Additional Comments')}</h2>
          <p className="opd-text">{text(form.comments)}</p>
        </section>
        <section aria-label={t('Final Status')}>
          <h2>{t('Final Status')}</h2>
          <Facts
            rows={[
              [t('Condition'), <Answer key="c" bad={!form.isSatisfactory} label={form.isSatisfactory ? t('Satisfactory') : t('Unsatisfactory')} />],
              [t('Defects corrected'), form.defectsCorrected ? t('Yes') : t('No')],
              [t('Defects need correction'), form.defectsNeedCorrection ? t('Yes') : t('No')],
              ...(form.acknowledgedRepairs?.length
                ? ([[t('Repairs acknowledged'), form.acknowledgedRepairs.map((r) => r.repairIdentifier).join(', ')]] as [string, React.ReactNode][])
                : []),
              [
                t("Driver's signature"),
                form.driverSignature ? (
                  <img key="s" className="opd-signature" src={png(form.driverSignature)} alt={t('Signature of {name}', { name: form.driverName })} />
                ) : form.signatureName ? (
                  t('Signed by typed name: {name}', { name: form.signatureName })
                ) : (
                  '—'
                ),
              ],
            ]}
          />
        </section>
        <section aria-label={t('Time Log')}>
          <h2>{t('Time Log')}</h2>
          <Facts
            rows={[
              [t('Time in'), timeText(form.timeIn, timeZone, locale)],
              [t('Time out'), timeText(form.timeOut, timeZone, locale)],
            ]}
          />
        </section>
      </div>
      {/* The last block and the fingerprint stay together: the fingerprint never sits alone on a last page. */}
      <div className="opd-end">
        <section aria-label={t('Images')} style={{ marginTop: 10 }}>
          <h2>{t('Images')}</h2>
          {sideImages.length ? (
            <div className="opd-images" style={{ marginBottom: 8 }}>
              {sideImages.map((s) => (
                <figure key={s.key}>
                  <img src={jpegOrPng(s.image as string)} alt={t('Damage, {side}', { side: t(s.label).toLowerCase() })} />
                  <figcaption>{t(s.label)}</figcaption>
                </figure>
              ))}
            </div>
          ) : null}
          <PhotosBlock photos={photos} prefix="pre" />
        </section>
        {fingerprint ? <FingerprintBlock fp={fingerprint} /> : null}
      </div>
    </article>
  )
}

/** Inspection detail (spec section 2): inspector, date, make and model, VIN, vehicle code with QR, signature; six sections; Images. */
export function InspectionDocument({
  form,
  vehicle,
  vehicleQr,
  photos,
  fingerprint,
  recordContext,
  title,
  titleAs,
  lead,
}: {
  form: InspectionFormView
  vehicle: FormVehicleView
  /** The vehicle code's QR: a data: URL (PDF) or the app's `/vehicles/{id}/qr.svg`. */
  vehicleQr: string
  photos: PhotosState
  fingerprint?: FingerprintView
  /** Whose record it is: its companies (the operator of the inspection's date). */
  recordContext?: FormRecordContextView
  /** The annual inspection report (decision 066): its own title (shown as it is), and its facts before the items. */
  title?: string
  /** The title is the document's `h1` (the PDF); an `h2` inside a page whose toolbar has the `h1` (the annual report's page). */
  titleAs?: 'h1' | 'h2'
  lead?: React.ReactNode
}) {
  const { t, locale } = useT()
  const heading = title ?? t('Inspection')
  return (
    <article className="opd" aria-label={`${heading} ${form.id}`}>
      <PrintStyles />
      <DocumentHead title={heading} titleAs={titleAs} vehicle={vehicle} date={form.inspectionDate} isSatisfactory={form.isSatisfactory} />
      {lead}
      <div className="opd-grid">
        <section aria-label={t('Info')}>
          <h2>{t('Info')}</h2>
          <Facts
            rows={[
              [t('Inspector'), text(form.inspectorName)],
              [t('Date'), formatDateOnly(form.inspectionDate, locale)],
              [t('Make and model'), `${vehicle.make} ${vehicle.model}`],
              [t('VIN'), text(vehicle.vin)],
              [t('License plate'), text(vehicle.licensePlate)],
              ...(form.odometer != null ? ([[t('Odometer'), formatOdometer(form.odometer, locale)]] as [string, string][]) : []),
              [
                t("Inspector's signature"),
                form.inspectorSignature ? (
                  <img key="s" className="opd-signature" src={png(form.inspectorSignature)} alt={t('Signature of {name}', { name: form.inspectorName })} />
                ) : form.signatureName ? (
                  t('Signed by typed name: {name}', { name: form.signatureName })
                ) : (
                  '—'
                ),
              ],
            ]}
          />
        </section>
        <section aria-label={t('Vehicle code')}>
          <h2>{t('Vehicle code')}</h2>
          <div style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
            <img className="opd-qr" src={vehicleQr} alt={t('QR code of {vehicle}', { vehicle: vehicle.vehicleIdentifier })} width={96} height={96} />
            <strong className="opd-mono">{vehicle.vehicleIdentifier}</strong>
          </div>
        </section>
        {recordContext ? <CompaniesBlock context={recordContext} operatorNone={t('None on this date')} /> : null}
      </div>
      {inspectionItemsBySection().map(({ section, items }) => (
        <section key={section} className="opd-items" aria-label={t(section)}>
          <h2>
            {t(section)} ({items.length})
          </h2>
          <table className="opd-items3">
            <thead>
              <tr>
                <th>{t('Item')}</th>
                <th className="opd-answer">{t('Status')}</th>
                <th>{t('Comment')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const answer = ((form as unknown as Record<string, unknown>)[item.key] ?? { status: 2, comments: null }) as { status: number; comments: string | null }
                return (
                  <tr key={item.key} data-item={item.key}>
                    <td>{t(item.label)}</td>
                    <td className="opd-answer">
                      <span className={answer.status === 1 ? 'opd-bad' : answer.status === 0 ? 'opd-good' : 'opd-muted'}>{t(inspectionItemStatusLabel(answer.status))}</span>
                    </td>
                    <td>{answer.comments || ''}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </section>
      ))}
      <div className="opd-end">
        <section aria-label={t('Images')}>
          <h2>{t('Images')}</h2>
          <PhotosBlock photos={photos} prefix="insp" />
        </section>
        {fingerprint ? <FingerprintBlock fp={fingerprint} /> : null}
      </div>
    </article>
  )
}
