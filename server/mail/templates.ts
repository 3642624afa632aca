/**
 * The emails Operon sends. Each template returns a subject, a plain-text body
 * that reads well on its own, and a small branded HTML body with inline styles
 * (mail clients ignore stylesheets). Both bodies are built from the same blocks,
 * so they always say the same thing; every value is escaped in the HTML.
 */

export interface MailContent {
  subject: string
  text: string
  html: string
}

export type TwoFactorMethod = 'Authenticator' | 'Email'

/** One piece of an email's body. All strings are plain text (never HTML). */
export type MailBlock =
  | { kind: 'paragraph'; text: string }
  /** A one-time code, shown large and spaced. */
  | { kind: 'code'; code: string }
  /** A call-to-action button; the text version shows the link on its own line. */
  | { kind: 'button'; label: string; url: string }
  /** A quieter paragraph (validity, "if this wasn't you"). */
  | { kind: 'note'; text: string }
  /** A list of lines, each optionally a link (the alert digest's alerts). */
  | { kind: 'list'; items: { text: string; url?: string }[] }

export interface MailLayout {
  subject: string
  /** First line, e.g. "Hi Ana,". */
  greeting: string
  blocks: MailBlock[]
}

const BRAND = 'Operon'
const COLORS = {
  brand: '#1d4ed8',
  text: '#111827',
  muted: '#6b7280',
  border: '#e5e7eb',
  page: '#f3f4f6',
  codeBg: '#f3f4f6',
}
const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** A subject is one header line: no line breaks, no runs of spaces. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}

/** Only http(s) links become buttons; anything else is shown as text. */
function isWebLink(url: string): boolean {
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

function greetingFor(firstName: string | undefined): string {
  const name = oneLine(firstName ?? '')
  return name ? `Hi ${name},` : 'Hello,'
}

function blockToText(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return block.text
    case 'code':
      return `    ${block.code}`
    case 'button':
      return `${block.label}:\n${block.url}`
    case 'list':
      return block.items.map((i) => `• ${i.text}${i.url ? `\n  ${i.url}` : ''}`).join('\n')
  }
}

function blockToHtml(block: MailBlock): string {
  const p = `margin:0 0 16px 0;font-size:15px;line-height:1.6;color:${COLORS.text};`
  switch (block.kind) {
    case 'paragraph':
      return `<p style="${p}">${escapeHtml(block.text)}</p>`
    case 'note':
      return `<p style="margin:0 0 16px 0;font-size:13px;line-height:1.6;color:${COLORS.muted};">${escapeHtml(block.text)}</p>`
    case 'code':
      return (
        `<p style="margin:8px 0 24px 0;text-align:center;">` +
        `<span style="display:inline-block;padding:12px 20px;border-radius:8px;background:${COLORS.codeBg};` +
        `font-family:'SFMono-Regular',Consolas,'Liberation Mono',Menlo,monospace;font-size:28px;` +
        `font-weight:700;letter-spacing:6px;color:${COLORS.text};">${escapeHtml(block.code)}</span></p>`
      )
    case 'button': {
      if (!isWebLink(block.url)) return `<p style="${p}">${escapeHtml(`${block.label}: ${block.url}`)}</p>`
      const href = escapeHtml(block.url)
      return (
        `<p style="margin:8px 0 16px 0;">` +
        `<a href="${href}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:${COLORS.brand};` +
        `color:#ffffff;font-size:15px;font-weight:600;text-decoration:none;">${escapeHtml(block.label)}</a></p>` +
        `<p style="margin:0 0 16px 0;font-size:13px;line-height:1.6;color:${COLORS.muted};">` +
        `If the button does not work, copy this link into your browser:<br>` +
        `<a href="${href}" style="color:${COLORS.brand};word-break:break-all;">${href}</a></p>`
      )
    }
    case 'list':
      return (
        `<ul style="margin:0 0 16px 0;padding-left:20px;font-size:15px;line-height:1.6;color:${COLORS.text};">` +
        block.items
          .map((i) =>
            i.url && isWebLink(i.url)
              ? `<li><a href="${escapeHtml(i.url)}" style="color:${COLORS.brand};">${escapeHtml(i.text)}</a></li>`
              : `<li>${escapeHtml(i.text)}</li>`,
          )
          .join('') +
        `</ul>`
      )
  }
}

const FOOTER_TEXT = `You receive this email because of your ${BRAND} account. This mailbox is not monitored.`

/** The shared layout: renders one message as subject, text and HTML. */
export function renderMail({ subject, greeting, blocks }: MailLayout): MailContent {
  const cleanSubject = oneLine(subject)
  const text = [greeting, ...blocks.map(blockToText), `— ${BRAND}`].join('\n\n') + `\n\n-- \n${FOOTER_TEXT}\n`

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(cleanSubject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page};">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page};font-family:${FONT};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid ${COLORS.border};border-radius:12px;">
<tr><td style="padding:20px 28px;border-bottom:1px solid ${COLORS.border};">
<span style="font-size:20px;font-weight:700;letter-spacing:-0.02em;color:${COLORS.brand};">${BRAND}</span>
</td></tr>
<tr><td style="padding:28px;">
<p style="margin:0 0 16px 0;font-size:15px;line-height:1.6;color:${COLORS.text};">${escapeHtml(greeting)}</p>
${blocks.map(blockToHtml).join('\n')}
<p style="margin:24px 0 0 0;font-size:15px;line-height:1.6;color:${COLORS.text};">— ${BRAND}</p>
</td></tr>
</table>
<p style="margin:16px 0 0 0;max-width:560px;font-size:12px;line-height:1.5;color:${COLORS.muted};">${escapeHtml(FOOTER_TEXT)}</p>
</td></tr>
</table>
</body>
</html>
`
  return { subject: cleanSubject, text, html }
}

/** The emailed second factor: a 6-digit code, valid 10 minutes. */
export function loginCodeMail({ firstName, code }: { firstName?: string; code: string }): MailContent {
  return renderMail({
    subject: `Your ${BRAND} sign-in code`,
    greeting: greetingFor(firstName),
    blocks: [
      { kind: 'paragraph', text: `Use this code to finish signing in to ${BRAND}:` },
      { kind: 'code', code },
      { kind: 'note', text: 'The code is valid for 10 minutes. Never share it with anyone.' },
      {
        kind: 'note',
        text: "If this wasn't you, someone may know your password: sign in and change your password now.",
      },
    ],
  })
}

/** The emailed code that confirms an irreversible action (account deletion, authenticator reset). */
export function confirmCodeMail({ firstName, code }: { firstName?: string; code: string }): MailContent {
  return renderMail({
    subject: `Your ${BRAND} confirmation code`,
    greeting: greetingFor(firstName),
    blocks: [
      { kind: 'paragraph', text: `Use this code to confirm it is you before deleting your account or resetting your authenticator:` },
      { kind: 'code', code },
      { kind: 'note', text: 'The code is valid for 10 minutes. Never share it with anyone.' },
      { kind: 'note', text: "If this wasn't you, someone is signed in to your account: reset your password now." },
    ],
  })
}

/** After a password reset or change: every other session has been signed out. */
export function passwordChangedMail({ firstName }: { firstName?: string }): MailContent {
  return renderMail({
    subject: `Your ${BRAND} password was changed`,
    greeting: greetingFor(firstName),
    blocks: [
      { kind: 'paragraph', text: `The password of your ${BRAND} account was just changed. Every device that was signed in has been signed out.` },
      { kind: 'note', text: "If this wasn't you, reset your password at once with \"Forgot password?\" on the login page, and tell your company's manager." },
    ],
  })
}

/** The reset link: single use, valid 1 hour. */
export function passwordResetMail({ firstName, link }: { firstName?: string; link: string }): MailContent {
  return renderMail({
    subject: `Reset your ${BRAND} password`,
    greeting: greetingFor(firstName),
    blocks: [
      {
        kind: 'paragraph',
        text: `We received a request to reset the password of your ${BRAND} account. Open the link below to choose a new password.`,
      },
      { kind: 'button', label: 'Choose a new password', url: link },
      { kind: 'note', text: 'The link is valid for 1 hour and can be used only once.' },
      {
        kind: 'note',
        text: "If you didn't ask for this, you can ignore this email: your password stays the same.",
      },
    ],
  })
}

/** After registration: how to sign in, and how the chosen second factor works. */
export function welcomeMail({
  firstName,
  loginUrl,
  twoFactor,
}: {
  firstName?: string
  loginUrl: string
  twoFactor: TwoFactorMethod
}): MailContent {
  const secondFactor =
    twoFactor === 'Authenticator'
      ? 'You chose an authenticator app as your second factor. The first time you sign in, scan the QR code shown with your app (for example Google Authenticator, Microsoft Authenticator or 1Password); after that, enter the 6-digit code from the app each time you sign in.'
      : 'You chose email as your second factor. Each time you sign in, we will email you a 6-digit code to enter after your password.'
  return renderMail({
    subject: `Welcome to ${BRAND}`,
    greeting: greetingFor(firstName),
    blocks: [
      { kind: 'paragraph', text: `Your ${BRAND} account is ready.` },
      { kind: 'paragraph', text: secondFactor },
      { kind: 'button', label: `Sign in to ${BRAND}`, url: loginUrl },
    ],
  })
}

/** To the user who asked to join a company, once a manager answered. */
export function joinRequestAnsweredMail({
  firstName,
  companyName,
  role,
  accepted,
}: {
  firstName?: string
  companyName: string
  role: string
  accepted: boolean
}): MailContent {
  const company = oneLine(companyName)
  return renderMail({
    subject: accepted ? `You have joined ${company}` : `Your request to join ${company} was declined`,
    greeting: greetingFor(firstName),
    blocks: accepted
      ? [
          { kind: 'paragraph', text: `${company} accepted your request to join as ${role}.` },
          { kind: 'paragraph', text: `The company now appears on your ${BRAND} dashboard the next time you open it.` },
        ]
      : [
          { kind: 'paragraph', text: `${company} declined your request to join as ${role}.` },
          { kind: 'note', text: 'If you think this is a mistake, please contact the company directly.' },
        ],
  })
}

/**
 * To the managers of the operator company that asked for a vehicle;
 * `companyName` is the owner company that answered.
 */
export function vehicleRequestAnsweredMail({
  companyName,
  vehicleIdentifier,
  approved,
}: {
  companyName: string
  vehicleIdentifier: string
  approved: boolean
}): MailContent {
  const company = oneLine(companyName)
  const vehicle = oneLine(vehicleIdentifier)
  return renderMail({
    subject: approved ? `Vehicle request approved: ${vehicle}` : `Vehicle request declined: ${vehicle}`,
    greeting: greetingFor(undefined),
    blocks: approved
      ? [
          { kind: 'paragraph', text: `${company} approved your request for vehicle ${vehicle}.` },
          { kind: 'paragraph', text: 'The vehicle appears in your fleet while the assignment is active.' },
        ]
      : [
          { kind: 'paragraph', text: `${company} declined your request for vehicle ${vehicle}.` },
          { kind: 'note', text: 'If you think this is a mistake, please contact the company directly.' },
        ],
  })
}

/**
 * A defective pre-trip opened a repair action (issue 10): to the repair shop's managers and
 * mechanics, or to the owner's managers while no shop is chosen.
 */
export function repairActionOpenedMail({
  repairIdentifier,
  vehicleIdentifier,
  ownerCompanyName,
  reportedBy = 'A driver reported defects on the pre-trip inspection',
  taskNames,
  outOfService,
  waitingForShop,
  link,
}: {
  repairIdentifier: string
  vehicleIdentifier: string
  ownerCompanyName: string
  /** Who found what, on which form (issue 23): "A mechanic found unsatisfactory items on the inspection". */
  reportedBy?: string
  taskNames: string[]
  outOfService: boolean
  waitingForShop: boolean
  link: string
}): MailContent {
  const vehicle = oneLine(vehicleIdentifier)
  const shown = taskNames.slice(0, 10).map((n) => `• ${oneLine(n)}`)
  if (taskNames.length > shown.length) shown.push(`• and ${taskNames.length - shown.length} more`)
  return renderMail({
    subject: `${outOfService ? 'Out of service: ' : ''}repair ${oneLine(repairIdentifier)} for vehicle ${vehicle}`,
    greeting: greetingFor(undefined),
    blocks: [
      {
        kind: 'paragraph',
        text: `${oneLine(reportedBy)} of vehicle ${vehicle} (${oneLine(ownerCompanyName)}). Repair ${oneLine(repairIdentifier)} was opened with these tasks:`,
      },
      { kind: 'paragraph', text: shown.join('\n') },
      ...(outOfService
        ? [{ kind: 'paragraph' as const, text: 'A defect affects safety: the vehicle is out of service until the repair is certified.' }]
        : []),
      ...(waitingForShop
        ? [{ kind: 'note' as const, text: 'Your company has not chosen a repair shop: the repair waits until you choose one in the company settings.' }]
        : []),
      { kind: 'button', label: 'Open the repair', url: link },
    ],
  })
}

/** To the owner's managers: an unrelated company filed an inspection of their bus (decision 062). */
export function inspectionAwaitsReviewMail({
  vehicleIdentifier,
  inspectorName,
  inspectorCompanyName,
  inspectionDate,
  isSatisfactory,
  link,
}: {
  vehicleIdentifier: string
  inspectorName: string
  inspectorCompanyName: string
  inspectionDate: string
  isSatisfactory: boolean
  link: string
}): MailContent {
  const vehicle = oneLine(vehicleIdentifier)
  return renderMail({
    subject: `An inspection of vehicle ${vehicle} awaits your review`,
    greeting: greetingFor(undefined),
    blocks: [
      {
        kind: 'paragraph',
        text: `${oneLine(inspectorName)} (${oneLine(inspectorCompanyName) || 'a company with no relation to this vehicle'}) filed a${isSatisfactory ? ' satisfactory' : 'n unsatisfactory'} inspection of vehicle ${vehicle} dated ${oneLine(inspectionDate)}.`,
      },
      {
        kind: 'note',
        text: 'Their company has no relation to the vehicle, so the inspection changes nothing (odometer, next inspection) until you accept it. Reject it if you do not recognise it.',
      },
      { kind: 'button', label: 'Review the inspection', url: link },
    ],
  })
}

/** One line of the morning alert digest. */
export interface DigestAlertLine {
  /** "Alert" or "Warning". */
  levelLabel: string
  vehicleIdentifier: string
  alertType: string
  /** YYYY-MM-DD */
  dueDate: string
  /** "Open repair": how many. */
  count?: number
  /** Not in the previous digest. */
  isNew: boolean
  /** The vehicle's page. */
  url: string
}

/** At most this many alert lines in one digest; the rest are counted and on the dashboard. */
export const DIGEST_MAX_LINES = 100

/**
 * The owner managers' morning alert digest (issue 11): one mail per manager, company and day,
 * every alert with its level, vehicle, type, date and a link; how to turn it off.
 */
export function alertDigestMail({
  firstName,
  companyName,
  localDate,
  alerts,
  dashboardUrl,
  profileUrl,
}: {
  firstName?: string
  companyName: string
  localDate: string
  alerts: DigestAlertLine[]
  dashboardUrl: string
  profileUrl: string
}): MailContent {
  const company = oneLine(companyName)
  const n = alerts.length
  const fresh = alerts.filter((a) => a.isNew).length
  const levelCount = (label: string) => alerts.filter((a) => a.levelLabel === label).length
  const shown = alerts.slice(0, DIGEST_MAX_LINES)
  const items = shown.map((a) => ({
    text:
      `${a.isNew ? 'NEW · ' : ''}${a.levelLabel} · ${oneLine(a.vehicleIdentifier)} · ${a.alertType}` +
      `${a.count && a.count > 1 ? ` (${a.count})` : ''} · ${a.dueDate}`,
    url: a.url,
  }))
  if (n > shown.length) items.push({ text: `and ${n - shown.length} more on the dashboard`, url: dashboardUrl })
  return renderMail({
    subject: `${BRAND}: ${n} ${n === 1 ? 'alert' : 'alerts'} for ${company} on ${localDate}`,
    greeting: greetingFor(firstName),
    blocks: [
      {
        kind: 'paragraph',
        text:
          `${company} has ${levelCount('Alert')} ${levelCount('Alert') === 1 ? 'alert' : 'alerts'} (due today or past) and ` +
          `${levelCount('Warning')} ${levelCount('Warning') === 1 ? 'warning' : 'warnings'} (within 30 days) on ${localDate}` +
          `${fresh ? `, ${fresh} new since the last digest (marked NEW)` : ''}:`,
      },
      { kind: 'list', items },
      { kind: 'button', label: 'Open the dashboard', url: dashboardUrl },
      {
        kind: 'note',
        text: `You receive this digest as a manager of ${company}. To stop it, turn off "Email me the morning alert digest" in your profile: ${profileUrl}`,
      },
    ],
  })
}
