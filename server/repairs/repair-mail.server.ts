import { renderMail, type MailContent } from '../mail/templates.ts'

/** A value on one line (no header or layout injection through a name). */
// eslint-disable-next-line no-control-regex
const oneLine = (value: string) => value.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, ' ').trim()

/** To the owner company's managers: a repair action of their vehicle was certified as Repaired. */
export function repairCertifiedMail(m: { repairIdentifier: string; vehicleIdentifier: string; shopName: string; mechanicName: string; repairedAt: Date }): MailContent {
  const repair = oneLine(m.repairIdentifier)
  const vehicle = oneLine(m.vehicleIdentifier)
  return renderMail({
    subject: `Repair certified: ${vehicle} (${repair})`,
    greeting: 'Hello,',
    blocks: [
      { kind: 'paragraph', text: `${oneLine(m.shopName)} completed every task of repair ${repair} on vehicle ${vehicle}.` },
      { kind: 'paragraph', text: `Certified as repaired by ${oneLine(m.mechanicName)} on ${m.repairedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC.` },
      { kind: 'note', text: "The vehicle's next driver is asked to acknowledge the certification on the pre-trip inspection." },
    ],
  })
}
