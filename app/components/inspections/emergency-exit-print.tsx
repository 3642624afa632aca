import { Fragment } from 'react'
import { EMERGENCY_EXIT_ITEM_STATUSES } from '#catalog/compliance.ts'
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

const statusLabel = (status: number) => EMERGENCY_EXIT_ITEM_STATUSES.find((s) => s.value === status)?.label ?? 'Unknown'

/** The printable check: the same component for the page and the server-side PDF (inline CSS, data: pictures). */
export function EmergencyExitCheckDocument({ check, fingerprint }: { check: EmergencyExitCheckPrintView; fingerprint?: FingerprintView }) {
  const facts: [string, React.ReactNode][] = [
    ['Vehicle', `${check.vehicleIdentifier} · ${check.make} ${check.model}`],
    ['License plate', check.licensePlate],
    ['Check date', check.checkDate],
    ['Checked by', `${check.inspectorName} (${check.filerRole}, ${check.companyName})`],
    ['Next check due', check.nextDueDate],
    ['Repair action', check.repairIdentifier ?? 'None'],
    [
      'Signature',
      check.inspectorSignature ? (
        <img key="s" className="opd-signature" src={`data:image/png;base64,${check.inspectorSignature}`} alt={`Signature of ${check.inspectorName}`} />
      ) : check.signatureName ? (
        `Signed by typed name: ${check.signatureName}`
      ) : (
        '—'
      ),
    ],
  ]
  return (
    <article className="opd" aria-label={`Emergency-exit check ${check.id}`}>
      <PrintStyles />
      <div className="opd-head">
        <div>
          <h1>Emergency exits: 90-day check</h1>
          <p className="opd-sub">
            {check.make} {check.model} · {check.vehicleIdentifier} · {check.checkDate}
          </p>
        </div>
        <span className={`opd-badge ${check.isSatisfactory ? 'opd-good' : 'opd-bad'}`}>{check.isSatisfactory ? 'Satisfactory' : 'Unsatisfactory'}</span>
      </div>
      <p className="opd-muted">Push-out windows, emergency doors and emergency door marking lights are inspected at least every 90 days (49 CFR 396.3(b)(4)).</p>
      <section aria-label="Info">
        <h2>Info</h2>
        <dl>
          {facts.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
        </dl>
      </section>
      <section aria-label="Items">
        <h2>Items (3)</h2>
        <table className="opd-items3">
          <thead>
            <tr>
              <th>Item</th>
              <th className="opd-answer">Status</th>
              <th>Comment</th>
            </tr>
          </thead>
          <tbody>
            {check.items.map((i) => (
              <tr key={i.key} data-item={i.key}>
                <td>{i.label}</td>
                <td className="opd-answer">
                  <span className={i.status === 1 ? 'opd-bad' : 'opd-good'}>{statusLabel(i.status)}</span>
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
