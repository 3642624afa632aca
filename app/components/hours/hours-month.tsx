import { useT } from '#app/utils/i18n.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import type { MonthForPage } from '#app/routes/_app+/hours-pages.server.ts'

/** The days of a driver's month: the short-haul time record (395.1(e)(1)) and the day's totals. Page and PDF. */
export function MonthDaysTable({ view, compact = false }: { view: MonthForPage; compact?: boolean }) {
  const { t, locale } = useT()
  const cell = compact ? { padding: '2px 4px', borderBottom: '1px solid #ddd', textAlign: 'left' as const, verticalAlign: 'top' as const } : undefined
  const c = compact ? undefined : 'border-b px-2 py-1 text-left align-top'
  return (
    <table className={compact ? undefined : 'w-full min-w-[40rem] text-sm'} style={compact ? { width: '100%', borderCollapse: 'collapse', fontSize: '9pt' } : undefined} data-testid="hours-month-days">
      <thead>
        <tr>
          <th className={c} style={cell}>{t('Date')}</th>
          <th className={c} style={cell}>{t('Time on duty')}</th>
          <th className={c} style={cell}>{t('Time released')}</th>
          <th className={c} style={cell}>{t('Total hours on duty')}</th>
          <th className={c} style={cell}>{t('Driving hours')}</th>
          <th className={c} style={cell}>{t('On duty this calendar day')}</th>
          <th className={c} style={cell}>{t('Within 14 hours')}</th>
          <th className={c} style={cell}>{t('Warnings')}</th>
        </tr>
      </thead>
      <tbody>
        {view.days.map((d) => (
          <tr key={d.date} data-date={d.date} data-over14={d.over14 ? 'true' : undefined}>
            <td className={c} style={cell ? { ...cell, whiteSpace: 'nowrap' } : undefined}>
              <time dateTime={d.date}>{formatDateOnly(d.date, locale)}</time>
              {d.clockChange ? <div className={compact ? undefined : 'text-xs text-muted-foreground'}>{d.clockChange}</div> : null}
            </td>
            <td className={c} style={cell}>{d.timeOn}</td>
            <td className={c} style={cell}>{d.timeReleased}</td>
            <td className={c} style={cell}>{d.dutyDayOnDuty}</td>
            <td className={c} style={cell}>{d.dutyDayDriving}</td>
            <td className={c} style={cell}>{d.onDuty === '0:00' ? '' : `${d.onDuty} (${t('driving')} ${d.driving})`}</td>
            <td className={c} style={cell}>{d.timeOn ? (d.over14 ? t('No') : d.onDutyNow ? '' : t('Yes')) : ''}</td>
            <td className={c} style={cell}>{d.warnings.join(' · ')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** The month as a printed record (the PDF, rendered by headless Chrome in the reader's language). */
export function HoursMonthDocument({ view, printedOn }: { view: MonthForPage; printedOn: string }) {
  const { t } = useT()
  return (
    <div style={{ fontFamily: 'Helvetica, Arial, sans-serif', fontSize: '10pt', padding: '12mm', color: '#111' }}>
      <h1 style={{ fontSize: '15pt', margin: '0 0 4px' }}>{t('Hours of service')}</h1>
      <p style={{ margin: '0 0 2px' }}>
        {t('Driver')}: <strong>{view.driverName}</strong> · {t('Operator')}: <strong>{view.companyName}</strong>
      </p>
      <p style={{ margin: '0 0 2px' }}>
        {t('Month')}: <strong>{view.month}</strong> · {t('Time zone')}: {view.timeZone} · {t('Cycle')}: {view.cycle}
      </p>
      <p style={{ margin: '0 0 8px' }}>{t('This is a time record, not an electronic logging device (ELD).')}</p>
      <MonthDaysTable view={view} compact />
      <p style={{ margin: '8px 0 2px' }}>
        {t('Total on duty')}: {view.totals.onDuty} · {t('Total driving')}: {view.totals.driving}
      </p>
      <h2 style={{ fontSize: '12pt', margin: '10px 0 4px' }}>{t('Duty periods')}</h2>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: '9pt' }}>
        <thead>
          <tr>
            <th style={{ textAlign: 'left' }}>{t('Status')}</th>
            <th style={{ textAlign: 'left' }}>{t('Start')}</th>
            <th style={{ textAlign: 'left' }}>{t('End')}</th>
            <th style={{ textAlign: 'left' }}>{t('Note')}</th>
          </tr>
        </thead>
        <tbody>
          {view.periods.map((p) => (
            <tr key={p.id}>
              <td>{p.statusLabel}</td>
              <td>{p.started}</td>
              <td>{p.ended ?? t('Still open')}</td>
              <td>{p.note ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p style={{ marginTop: '10px', fontSize: '8pt', color: '#555' }}>{t('Printed on {date}', { date: printedOn })}</p>
    </div>
  )
}
