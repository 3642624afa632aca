/**
 * The lease agreement as a document (decision 064): ONE component for the lease page, its print
 * page (/PrintLease/{id}) and the server-side PDF (rendered to static HTML). The text is the
 * fixed text of the lease's version (server/leases/lease-text.ts) in the reader's language,
 * filled with the snapshot kept when it was drafted, and says that the English text governs
 * (decision 081). Self-contained like the inspection documents: the shared print CSS, pictures
 * as data: URLs, every record text as React text.
 */
import type { LeaseSide } from '#catalog/compliance.ts'
import type { FingerprintView } from '#app/components/inspections/form-print.tsx'
import { FingerprintBlock, PrintStyles } from '#app/components/inspections/form-print.tsx'
import { formatDateOnly, formatInstant, INTL_LOCALE } from '#app/utils/dates.ts'
import { useT, type Translate } from '#app/utils/i18n.tsx'
import type { Locale } from '#catalog/i18n.ts'
import { useNonce } from '#app/utils/nonce.tsx'
import type { LeaseAgreementView } from '#server/leases/lease-agreements.server.ts'
import { LEASE_GOVERNING_TEXT, LEASE_STATE_LABELS, leaseDate, leaseText } from '#server/leases/lease-text.ts'

export type LeaseView = LeaseAgreementView

// On paper the lease fits one A4 page in both languages: run-in clause headings, the facts in one
// row, the state on the line under the title, signature lines as tall as a signature. A longer
// one breaks between clauses, and the signatures never start a page alone: they take the last
// clause with them (issue 39, decision 081).
const LEASE_CSS = `
.opd .opd-lease-title{font-size:19px;margin:0 0 2px;padding:0;border:0}
.opd .opd-lease-title+.opd-sub{margin:0 0 2px}
.opd .opd-governs{margin:0 0 10px;font-style:italic}
.opd section.opd-lease{break-inside:auto;page-break-inside:auto}
.opd .opd-lease>div{margin:0 0 6px;break-inside:avoid;page-break-inside:avoid}
.opd .opd-lease>div:last-child{margin:0}
.opd .opd-lease h3{display:inline;font-size:13px;margin:0}
.opd .opd-lease p{display:inline;margin:0}
.opd .opd-signatures{break-before:avoid;page-break-before:avoid}
.opd .opd-sigs{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,240px),1fr));gap:12px;margin-top:4px}
.opd .opd-sigline{border-bottom:1px solid #111;min-height:18mm;display:flex;align-items:flex-end;padding:2px 0}
.opd .opd-sigline img{max-height:16mm;max-width:100%}
.opd .opd-typed{font-family:"DejaVu Serif","Liberation Serif",Georgia,serif;font-style:italic;font-size:20px}
@media print{
.opd.opd-lease-doc{font-size:12px;line-height:1.35}
.opd .opd-lease-facts{grid-template-columns:repeat(4,minmax(0,1fr))}
.opd .opd-lease-facts dl{grid-template-columns:minmax(0,1fr)}
.opd .opd-lease-facts dt{font-size:11px}
}
`

/** The day the lease was drafted, in the lessee's time zone (as its term). */
function draftedOn(lease: LeaseView, locale: Locale): string {
  try {
    return new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: 'long', timeZone: lease.operator.timeZone }).format(new Date(lease.createdAt))
  } catch {
    return leaseDate(lease.createdAt)
  }
}

/** A side's signing time, in that side's company time zone, naming the zone ("Nov 27, 2026, 9:14 AM PST"). */
export function signedAtText(lease: LeaseView, side: LeaseSide, iso: string, locale: Locale = 'en'): string {
  return formatInstant(iso, side === 'Owner' ? lease.owner.timeZone : lease.operator.timeZone, locale)
}

/** A calendar date of the term: the lease's own format in English, the page's language otherwise. */
const termDate = (day: string, locale: Locale) => (locale === 'en' ? leaseDate(day) : formatDateOnly(day, locale))

function SignatureBlock({ lease, side, t, locale }: { lease: LeaseView; side: LeaseSide; t: Translate; locale: Locale }) {
  const text = leaseText(lease.textVersion, locale)
  const signed = lease.signatures.find((s) => s.side === side)
  const party = side === 'Owner' ? lease.owner : lease.operator
  return (
    <div data-side={side}>
      <div className="opd-muted">{text.signatureLines[side]}</div>
      <div className="opd-sigline">
        {signed?.signature ? (
          <img src={`data:image/png;base64,${signed.signature}`} alt={t('Signature of {name}', { name: signed.signerName })} />
        ) : signed ? (
          <span className="opd-typed">{signed.signerName}</span>
        ) : null}
      </div>
      <dl>
        <dt>{t('Company')}</dt>
        <dd>{party.name}</dd>
        <dt>{t('Name')}</dt>
        <dd>{signed ? signed.signerName : t('Not signed yet')}</dd>
        <dt>{t('Signed')}</dt>
        <dd>{signed ? signedAtText(lease, side, signed.signedAt, locale) : '—'}</dd>
        {signed?.typed ? (
          <>
            <dt>{t('Signature')}</dt>
            <dd>{t('Signed by typed name: {name}', { name: signed.signerName })}</dd>
          </>
        ) : null}
      </dl>
    </div>
  )
}

/**
 * `titleAs`: the lease's title is the document's `h1` in the PDF; inside a page that has its own
 * `h1` (the lease page, the print page's toolbar) it is an `h2`.
 */
export function LeaseDocument({ lease, fingerprint, titleAs = 'h1' }: { lease: LeaseView; fingerprint?: FingerprintView; titleAs?: 'h1' | 'h2' }) {
  const { t, locale } = useT()
  const text = leaseText(lease.textVersion, locale)
  const address = (a: string | null) => (a && a.trim() ? a : `(${text.addressMissing})`)
  const Title = titleAs
  // The page's CSP nonce (decision 046); none in the PDF's own document.
  const nonce = useNonce()
  return (
    <article className="opd opd-lease-doc" aria-label={t('Lease agreement')}>
      <PrintStyles />
      <style nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: LEASE_CSS }} />
      <Title className="opd-lease-title">{text.title}</Title>
      <p className="opd-sub">
        {text.citation} · {t('Lease no. {id} · Text {version} · Drafted {date}', { id: lease.id, version: lease.textVersion, date: draftedOn(lease, locale) })}{' '}
        <span className={`opd-badge ${lease.state === 'signed' ? 'opd-good' : 'opd-bad'}`}>{t(LEASE_STATE_LABELS[lease.state])}</span>
      </p>
      <p className="opd-governs" data-testid="lease-governing-text">
        {t(LEASE_GOVERNING_TEXT)}
      </p>
      <div className="opd-grid opd-lease-facts">
        <section aria-label={t('Lessor')}>
          <h2>{t('Lessor (owner)')}</h2>
          <dl>
            <dt>{t('Company')}</dt>
            <dd>{lease.owner.name}</dd>
            <dt>{t('Address')}</dt>
            <dd>{address(lease.owner.address)}</dd>
          </dl>
        </section>
        <section aria-label={t('Lessee')}>
          <h2>{t('Lessee (operator)')}</h2>
          <dl>
            <dt>{t('Company')}</dt>
            <dd>{lease.operator.name}</dd>
            <dt>{t('Address')}</dt>
            <dd>{address(lease.operator.address)}</dd>
          </dl>
        </section>
        <section aria-label={t('Vehicle')}>
          <h2>{t('Vehicle')}</h2>
          <dl>
            <dt>{t('Identifier')}</dt>
            <dd>{lease.vehicle.vehicleIdentifier}</dd>
            <dt>{t('VIN')}</dt>
            <dd className="opd-mono">{lease.vehicle.vin}</dd>
            <dt>{t('License plate')}</dt>
            <dd>{lease.vehicle.licensePlate || '—'}</dd>
          </dl>
        </section>
        <section aria-label={t('Term')}>
          <h2>{t('Term')}</h2>
          <dl>
            <dt>{t('Start')}</dt>
            <dd>{termDate(lease.startDate, locale)}</dd>
            <dt>{t('End')}</dt>
            <dd>{lease.endDate ? termDate(lease.endDate, locale) : t('Open-ended')}</dd>
            {lease.assignmentEndedAt ? (
              <>
                <dt>{t('Ended early')}</dt>
                <dd>{formatInstant(lease.assignmentEndedAt, lease.operator.timeZone, locale)}</dd>
              </>
            ) : null}
          </dl>
        </section>
      </div>
      <section className="opd-lease" aria-label={t('Terms of the lease')}>
        <h2>{t('Terms')}</h2>
        {text.paragraphs(leaseTerms(lease)).map((p) => (
          <div key={p.heading}>
            <h3>{p.heading}</h3> <p>{p.text}</p>
          </div>
        ))}
      </section>
      <section className="opd-signatures" aria-label={t('Signatures')}>
        <h2>{t('Signatures')}</h2>
        <div className="opd-sigs">
          <SignatureBlock lease={lease} side="Owner" t={t} locale={locale} />
          <SignatureBlock lease={lease} side="Operator" t={t} locale={locale} />
        </div>
      </section>
      {fingerprint ? <FingerprintBlock fp={fingerprint} /> : null}
    </article>
  )
}

/** The snapshot the fixed text is filled with. */
export function leaseTerms(lease: LeaseView) {
  return {
    ownerName: lease.owner.name,
    ownerAddress: lease.owner.address,
    operatorName: lease.operator.name,
    operatorAddress: lease.operator.address,
    vehicleIdentifier: lease.vehicle.vehicleIdentifier,
    vin: lease.vehicle.vin,
    licensePlate: lease.vehicle.licensePlate,
    startDate: lease.startDate,
    endDate: lease.endDate,
  }
}
