import { Fragment } from 'react'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { EMERGENCY_EXIT_ITEM_STATUSES } from '#catalog/compliance.ts'
import { msg } from '#catalog/i18n.ts'
import { FingerprintBlock, PrintStyles, type FingerprintView } from './form-print.tsx'

/** What the print page and its PDF show of a 90-day emergency-exit check (decision 065). */
export interface EmergencyExitCheckPrintView {
  id: number
  vehicleIdentifier: string
  make: string
  model: string
  licensePlate: string
  companyName: string
  filerRole: string
  inspectorName: string
  checkDate: string
  isSatisfactory: boolean
  signatureName: string | null
  inspectorSignature: string | null
  items: { key: string; label: string; status: number; comments: string | null }[]
  repairIdentifier: string | null
  nextDueDate: string
}

const statusLabel = (status: number) => EMERGENCY_EXIT_ITEM_STATUSES.find((s) => s.value === status)?.label ?? msg('Unknown')

/** The printable check: the same component for the page and the server-side PDF (inline CSS, data: pictures). */
export function EmergencyExitCheckDocument({ check, fingerprint }: { check: EmergencyExitCheckPrintView; fingerprint?: FingerprintView }) {
  const { t, locale } = useT()
  const facts: [string, React.ReactNode][] = [
    [t('Vehicle'), `${check.vehicleIdentifier} · ${check.make} ${check.model}`],
    [t('License plate'), check.licensePlate],
    [t('Check date'), formatDateOnly(check.checkDate, locale)],
    [t('Checked by'), `${check.inspectorName} (${t(check.filerRole)}, ${check.companyName})`],
    [t('Next check due'), formatDateOnly(check.nextDueDate, locale)],
    [t('Repair action'), check.repairIdentifier ?? t('None')],
    [
      t('Signature'),
      check.inspectorSignature ? (
        <img key="s" className="opd-signature" src={`data:image/png;base64,${check.inspectorSignature}`} alt={t('Signature of {name}', { name: check.inspectorName })} />
      ) : check.signatureName ? (
        t('Signed by typed name: {name}', { name: check.signatureName })
      ) : (
        '—'
      ),
    ],
  ]
  return (
    <article className="opd" aria-label={t('Emergency-exit check {id}', { id: check.id })}>
      <PrintStyles />
      <div className="opd-head">
        <div>
          <h1>{t('Emergency exits: 90-day check')}</h1>
          <p className="opd-sub">
            {check.make} {check.model} · {check.vehicleIdentifier} · {formatDateOnly(check.checkDate, locale)}
          </p>
        </div>
        <span className={`opd-badge ${check.isSatisfactory ? 'opd-good' : 'opd-bad'}`}>{check.isSatisfactory ? t('Satisfactory') : t('Unsatisfactory')}</span>
      </div>
      <p className="opd-muted">{t('Push-out windows, emergency doors and emergency door marking lights are inspected at least every 90 days (49 CFR 396.3(b)(4)).')}</p>
      <section aria-label={t('Info')}>
        <h2>{t('Info')}</h2>
        <dl>
          {facts.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      </section>
      <section aria-label={t('Items')}>
        <h2>{t('Items (3)')}</h2>
        <table className="opd-items3">
          <thead>
            <tr>
              <th>{t('Item')}</th>
              <th className="opd-answer">{t('Status')}</th>
              <th>{t('Comment')}</th>
            </tr>
          </thead>
          <tbody>
            {check.items.map((i) => (
              <tr key={i.key} data-item={i.key}>
                <td>{t(i.label)}</td>
                <td className="opd-answer">
                  <span className={i.status === 1 ? 'opd-bad' : 'opd-good'}>{t(statusLabel(i.status))}</span>
                </td>
                <td>{i.comments ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {/* The fingerprint with the QR and link that check this copy (decision 032), as the inspection prints carry. */}
      {fingerprint ? <FingerprintBlock fp={fingerprint} /> : null}
    </article>
  )
}
