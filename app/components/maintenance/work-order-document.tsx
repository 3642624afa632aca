/**
 * The printable work checklist of a "Send to repair shop" action (issue 35 point 4): ONE
 * component for the print page and the server-side PDF (rendered to static HTML). The bus, each
 * task with its checklist and a box to tick, and blank lines for the odometer, the engine hours
 * and the mechanic's signature. Dates in the reader's format.
 */
import { formatDateOnly, formatNumber } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { useNonce } from '#app/utils/nonce.tsx'
import { formatOdometer } from '#catalog/odometer.ts'
import type { WorkOrder } from '#server/repairs/work-order.server.ts'

const CSS = `
.wo{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;color:#111;padding:16px 20px;font-size:13px;line-height:1.4}
.wo h2{font-size:20px;margin:0 0 2px}
.wo .wo-sub{color:#444;margin:0 0 12px}
.wo dl{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,150px),1fr));gap:6px 16px;margin:0 0 14px}
.wo dt{font-size:11px;color:#555;text-transform:uppercase;letter-spacing:.03em}
.wo dd{margin:0;font-weight:600;word-break:break-word}
.wo ol{list-style:none;margin:0 0 16px;padding:0}
.wo li{border:1px solid #bbb;border-radius:4px;padding:8px 10px;margin:0 0 8px;break-inside:avoid;page-break-inside:avoid}
.wo .wo-task{display:flex;gap:8px;align-items:flex-start;font-weight:600}
.wo .wo-box{flex:none;width:14px;height:14px;border:1.5px solid #111;margin-top:2px;text-align:center;font-size:11px;line-height:12px}
.wo .wo-check{white-space:pre-line;margin:4px 0 0 22px;color:#222;font-weight:400}
.wo .wo-lines{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,200px),1fr));gap:14px 20px;break-inside:avoid;page-break-inside:avoid}
.wo .wo-line{border-bottom:1px solid #111;min-height:12mm;display:flex;align-items:flex-end;font-size:11px;color:#555;padding-bottom:2px}
.wo .wo-line span{transform:translateY(14px)}
`

export function WorkOrderDocument({ order }: { order: WorkOrder }) {
  const { t, locale } = useT()
  const nonce = useNonce()
  const v = order.vehicle
  return (
    <article className="wo" data-testid="work-order">
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: CSS }} />
      <h2>{t('Work checklist {code}', { code: order.repairIdentifier })}</h2>
      <p className="wo-sub">
        {t('Scheduled maintenance sent on {date} by {owner}', { date: formatDateOnly(order.sentOn, locale), owner: order.ownerCompanyName })}
        {' · '}
        {order.shopName ? t('Repair shop: {shop}', { shop: order.shopName }) : t('Waiting for a repair shop')}
      </p>
      <dl>
        <div>
          <dt>{t('Bus')}</dt>
          <dd>{v.vehicleIdentifier}</dd>
        </div>
        <div>
          <dt>{t('Make and model')}</dt>
          <dd>
            {v.make} {v.model}
            {v.year ? ` (${v.year})` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('License plate')}</dt>
          <dd>{v.licensePlate}</dd>
        </div>
        <div>
          <dt>VIN</dt>
          <dd>{v.vin}</dd>
        </div>
        <div>
          <dt>{t('Last odometer recorded')}</dt>
          <dd>{v.odometer === null ? '—' : formatOdometer(v.odometer, locale)}</dd>
        </div>
        <div>
          <dt>{t('Last engine hours recorded')}</dt>
          <dd>{v.engineHours === null ? '—' : formatNumber(v.engineHours, locale)}</dd>
        </div>
      </dl>
      <ol aria-label={t('Tasks')}>
        {order.tasks.map((task) => (
          <li key={task.id}>
            <div className="wo-task">
              <span className="wo-box" aria-hidden="true">
                {task.completed ? '✓' : ''}
              </span>
              <span>{task.name}</span>
            </div>
            {task.checklist ? <p className="wo-check">{task.checklist}</p> : null}
          </li>
        ))}
      </ol>
      <div className="wo-lines">
        <div className="wo-line">
          <span>{t('Odometer at completion')}</span>
        </div>
        <div className="wo-line">
          <span>{t('Engine hours at completion')}</span>
        </div>
        <div className="wo-line">
          <span>{t('Date')}</span>
        </div>
        <div className="wo-line">
          <span>{t('Mechanic’s name and signature')}</span>
        </div>
      </div>
    </article>
  )
}
