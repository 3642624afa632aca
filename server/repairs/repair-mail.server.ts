import type { Locale } from '#catalog/i18n.ts'
import { translator } from '../i18n/messages.server.ts'
import { renderMail, type MailContent } from '../mail/templates.ts'

/** A value on one line (no header or layout injection through a name). */
// eslint-disable-next-line no-control-regex
const oneLine = (value: string) => value.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, ' ').trim()

/** To the owner company's managers: a repair action of their vehicle was certified as Repaired. */
export function repairCertifiedMail(m: { repairIdentifier: string; vehicleIdentifier: string; shopName: string; mechanicName: string; repairedAt: Date; locale?: Locale }): MailContent {
  const t = translator(m.locale ?? 'en')
  const repair = oneLine(m.repairIdentifier)
  const vehicle = oneLine(m.vehicleIdentifier)
  // English keeps its UTC stamp; Spanish reads the instant with Intl (es-US), still in UTC.
  const when =
    m.locale === 'es'
      ? new Intl.DateTimeFormat('es-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(m.repairedAt)
      : m.repairedAt.toISOString().replace('T', ' ').slice(0, 16)
  return renderMail({
    locale: m.locale,
    subject: t('Repair certified: {vehicle} ({repair})', { vehicle, repair }),
    greeting: t('Hello,'),
    blocks: [
      { kind: 'paragraph', text: t('{shop} completed every task of repair {repair} on vehicle {vehicle}.', { shop: oneLine(m.shopName), repair, vehicle }) },
      { kind: 'paragraph', text: t('Certified as repaired by {mechanic} on {when} UTC.', { mechanic: oneLine(m.mechanicName), when }) },
      { kind: 'note', text: t("The vehicle's next driver is asked to acknowledge the certification on the pre-trip inspection.") },
    ],
  })
}
