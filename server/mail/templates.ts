/**
 * The emails Operon sends. Each template returns a subject, a plain-text body
 * that reads well on its own, and a small branded HTML body with inline styles
 * (mail clients ignore stylesheets). Both bodies are built from the same blocks,
 * so they always say the same thing; every value is escaped in the HTML.
 * Each mail is written in its recipient's language (`users.locale`, decision 074):
 * the English texts are the message ids, their Spanish is in catalog/locales/mail.ts.
 */
import { DEFAULT_LOCALE, isLocale, type Locale } from '#catalog/i18n.ts'
import { translator, type Translate } from '../i18n/messages.server.ts'

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
  /** The recipient's language (English when not given). */
  locale?: Locale
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

function greetingFor(t: Translate, firstName: string | undefined): string {
  const name = oneLine(firstName ?? '')
  return name ? t('Hi {name},', { name }) : t('Hello,')
}

/** The language of a mail from a stored `users.locale` (English when unknown). */
export function mailLocale(value: string | null | undefined): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE
}

/**
 * A calendar date (YYYY-MM-DD, already the company's day) as the recipient reads it: English
 * mails keep the ISO date they always had; Spanish ones read "15 jun 2026" (Intl, es-US).
 */
export function mailDate(date: string, locale: Locale = DEFAULT_LOCALE): string {
  if (locale === 'en' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return date
  return new Intl.DateTimeFormat('es-US', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))
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

function blockToHtml(t: Translate, block: MailBlock): string {
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
        `${escapeHtml(t('If the button does not work, copy this link into your browser:'))}<br>` +
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

/** The shared layout: renders one message as subject, text and HTML. */
export function renderMail({ locale = DEFAULT_LOCALE, subject, greeting, blocks }: MailLayout): MailContent {
  const t = translator(locale)
  const footer = t('You receive this email because of your Operon account. This mailbox is not monitored.')
  const cleanSubject = oneLine(subject)
  const text = [greeting, ...blocks.map(blockToText), `— ${BRAND}`].join('\n\n') + `\n\n-- \n${footer}\n`

  const html = `<!doctype html>
<html lang="${locale}">
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
${blocks.map((b) => blockToHtml(t, b)).join('\n')}
<p style="margin:24px 0 0 0;font-size:15px;line-height:1.6;color:${COLORS.text};">— ${BRAND}</p>
</td></tr>
</table>
<p style="margin:16px 0 0 0;max-width:560px;font-size:12px;line-height:1.5;color:${COLORS.muted};">${escapeHtml(footer)}</p>
</td></tr>
</table>
</body>
</html>
`
  return { subject: cleanSubject, text, html }
}

/** A text kept as data (a task's name, a role's label): its translation, or itself when it is no message. */
function translatedData(t: Translate, text: string): string {
  try {
    return t(text)
  } catch {
    return text
  }
}

/** The emailed second factor: a 6-digit code, valid 10 minutes. */
export function loginCodeMail({ firstName, code, locale }: { firstName?: string; code: string; locale?: Locale }): MailContent {
  const t = translator(locale ?? DEFAULT_LOCALE)
  return renderMail({
    locale,
    subject: t('Your Operon sign-in code'),
    greeting: greetingFor(t, firstName),
    blocks: [
      { kind: 'paragraph', text: t('Use this code to finish signing in to Operon:') },
      { kind: 'code', code },
      { kind: 'note', text: t('The code is valid for 10 minutes. Never share it with anyone.') },
      {
        kind: 'note',
        text: t("If this wasn't you, someone may know your password: sign in and change your password now."),
      },
    ],
  })
}

/** The emailed code that confirms an irreversible action (account deletion, authenticator reset). */
export function confirmCodeMail({ firstName, code, locale }: { firstName?: string; code: string; locale?: Locale }): MailContent {
  const t = translator(locale ?? DEFAULT_LOCALE)
  return renderMail({
    locale,
    subject: t('Your Operon confirmation code'),
    greeting: greetingFor(t, firstName),
    blocks: [
      { kind: 'paragraph', text: t('Use this code to confirm it is you before deleting your account or resetting your authenticator:') },
      { kind: 'code', code },
      { kind: 'note', text: t('The code is valid for 10 minutes. Never share it with anyone.') },
      { kind: 'note', text: t("If this wasn't you, someone is signed in to your account: reset your password now.") },
    ],
  })
}

/** After a password reset or change: every other session has been signed out. */
export function passwordChangedMail({ firstName, locale }: { firstName?: string; locale?: Locale }): MailContent {
  const t = translator(locale ?? DEFAULT_LOCALE)
  return renderMail({
    locale,
    subject: t('Your Operon password was changed'),
    greeting: greetingFor(t, firstName),
    blocks: [
      { kind: 'paragraph', text: t('The password of your Operon account was just changed. Every device that was signed in has been signed out.') },
      { kind: 'note', text: t("If this wasn't you, reset your password at once with \"Forgot password?\" on the login page, and tell your company's manager.") },
    ],
  })
}

/** The reset link: single use, valid 1 hour. */
export function passwordResetMail({ firstName, link, locale }: { firstName?: string; link: string; locale?: Locale }): MailContent {
  const t = translator(locale ?? DEFAULT_LOCALE)
  return renderMail({
    locale,
    subject: t('Reset your Operon password'),
    greeting: greetingFor(t, firstName),
    blocks: [
      {
        kind: 'paragraph',
        text: t('We received a request to reset the password of your Operon account. Open the link below to choose a new password.'),
      },
      { kind: 'button', label: t('Choose a new password'), url: link },
      { kind: 'note', text: t('The link is valid for 1 hour and can be used only once.') },
      {
        kind: 'note',
        text: t("If you didn't ask for this, you can ignore this email: your password stays the same."),
      },
    ],
  })
}

/** After registration: how to sign in, and how the chosen second factor works. */
export function welcomeMail({
  firstName,
  loginUrl,
  twoFactor,
  locale,
}: {
  firstName?: string
  loginUrl: string
  twoFactor: TwoFactorMethod
  locale?: Locale
}): MailContent {
  const t = translator(locale ?? DEFAULT_LOCALE)
  const secondFactor =
    twoFactor === 'Authenticator'
      ? t('You chose an authenticator app as your second factor. The first time you sign in, scan the QR code shown with your app (for example Google Authenticator, Microsoft Authenticator or 1Password); after that, enter the 6-digit code from the app each time you sign in.')
      : t('You chose email as your second factor. Each time you sign in, we will email you a 6-digit code to enter after your password.')
  return renderMail({
    locale,
    subject: t('Welcome to Operon'),
    greeting: greetingFor(t, firstName),
    blocks: [
      { kind: 'paragraph', text: t('Your Operon account is ready.') },
      { kind: 'paragraph', text: secondFactor },
      { kind: 'button', label: t('Sign in to Operon'), url: loginUrl },
    ],
  })
}

/** To the user who asked to join a company, once a manager answered. `role` is the role's English label. */
export function joinRequestAnsweredMail({
  firstName,
  companyName,
  role,
  accepted,
  locale,
}: {
  firstName?: string
  companyName: string
  role: string
  accepted: boolean
  locale?: Locale
}): MailContent {
  const t = translator(locale ?? DEFAULT_LOCALE)
  const company = oneLine(companyName)
  const roleLabel = translatedData(t, role)
  return renderMail({
    locale,
    subject: accepted ? t('You have joined {company}', { company }) : t('Your request to join {company} was declined', { company }),
    greeting: greetingFor(t, firstName),
    blocks: accepted
      ? [
          { kind: 'paragraph', text: t('{company} accepted your request to join as {role}.', { company, role: roleLabel }) },
          { kind: 'paragraph', text: t('The company now appears on your Operon dashboard the next time you open it.') },
        ]
      : [
          { kind: 'paragraph', text: t('{company} declined your request to join as {role}.', { company, role: roleLabel }) },
          { kind: 'note', text: t('If you think this is a mistake, please contact the company directly.') },
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
  locale,
}: {
  companyName: string
  vehicleIdentifier: string
  approved: boolean
  locale?: Locale
}): MailContent {
  const t = translator(locale ?? DEFAULT_LOCALE)
  const company = oneLine(companyName)
  const vehicle = oneLine(vehicleIdentifier)
  return renderMail({
    locale,
    subject: approved ? t('Vehicle request approved: {vehicle}', { vehicle }) : t('Vehicle request declined: {vehicle}', { vehicle }),
    greeting: greetingFor(t, undefined),
    blocks: approved
      ? [
          { kind: 'paragraph', text: t('{company} approved your request for vehicle {vehicle}.', { company, vehicle }) },
          { kind: 'paragraph', text: t('The vehicle appears in your fleet while the assignment is active.') },
        ]
      : [
          { kind: 'paragraph', text: t('{company} declined your request for vehicle {vehicle}.', { company, vehicle }) },
          { kind: 'note', text: t('If you think this is a mistake, please contact the company directly.') },
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
  locale,
}: {
  repairIdentifier: string
  vehicleIdentifier: string
  ownerCompanyName: string
  /** Who found what, on which form (issue 23): "A mechanic found unsatisfactory items on the inspection" (an English text marked with msg()). */
  reportedBy?: string
  taskNames: string[]
  outOfService: boolean
  waitingForShop: boolean
  link: string
  locale?: Locale
}): MailContent {
  const t = translator(locale ?? DEFAULT_LOCALE)
  const vehicle = oneLine(vehicleIdentifier)
  const repair = oneLine(repairIdentifier)
  const shown = taskNames.slice(0, 10).map((n) => `• ${translatedData(t, oneLine(n))}`)
  if (taskNames.length > shown.length) shown.push(`• ${t('and {count} more', { count: taskNames.length - shown.length })}`)
  return renderMail({
    locale,
    subject: outOfService ? t('Out of service: repair {repair} for vehicle {vehicle}', { repair, vehicle }) : t('repair {repair} for vehicle {vehicle}', { repair, vehicle }),
    greeting: greetingFor(t, undefined),
    blocks: [
      {
        kind: 'paragraph',
        text: t('{reportedBy} of vehicle {vehicle} ({owner}). Repair {repair} was opened with these tasks:', {
          reportedBy: translatedData(t, oneLine(reportedBy)),
          vehicle,
          owner: oneLine(ownerCompanyName),
          repair,
        }),
      },
      { kind: 'paragraph', text: shown.join('\n') },
      ...(outOfService
        ? [{ kind: 'paragraph' as const, text: t('A defect affects safety: the vehicle is out of service until the repair is certified.') }]
        : []),
      ...(waitingForShop
        ? [{ kind: 'note' as const, text: t('Your company has not chosen a repair shop: the repair waits until you choose one in the company settings.') }]
        : []),
      { kind: 'button', label: t('Open the repair'), url: link },
    ],
  })
}

/** A name inside a certified-repair mail: control characters become one space, other spaces stay as typed. */
// eslint-disable-next-line no-control-regex
const withoutControls = (value: string) => value.replace(/[\r\n\t\u0000-\u001f\u007f]+/g, ' ').trim()

/** To the owner company's managers: a repair action of their vehicle was certified as Repaired. */
export function repairCertifiedMail(m: {
  repairIdentifier: string
  vehicleIdentifier: string
  shopName: string
  mechanicName: string
  repairedAt: Date
  locale?: Locale
}): MailContent {
  const t = translator(m.locale ?? DEFAULT_LOCALE)
  const repair = withoutControls(m.repairIdentifier)
  const vehicle = withoutControls(m.vehicleIdentifier)
  // English keeps its UTC stamp; Spanish reads the instant with Intl (es-US), still in UTC.
  const when =
    m.locale === 'es'
      ? new Intl.DateTimeFormat('es-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(m.repairedAt)
      : m.repairedAt.toISOString().replace('T', ' ').slice(0, 16)
  return renderMail({
    locale: m.locale,
    subject: t('Repair certified: {vehicle} ({repair})', { vehicle, repair }),
    greeting: greetingFor(t, undefined),
    blocks: [
      { kind: 'paragraph', text: t('{shop} completed every task of repair {repair} on vehicle {vehicle}.', { shop: withoutControls(m.shopName), repair, vehicle }) },
      { kind: 'paragraph', text: t('Certified as repaired by {mechanic} on {when} UTC.', { mechanic: withoutControls(m.mechanicName), when }) },
      { kind: 'note', text: t("The vehicle's next driver is asked to acknowledge the certification on the pre-trip inspection.") },
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
  locale,
}: {
  vehicleIdentifier: string
  inspectorName: string
  inspectorCompanyName: string
  inspectionDate: string
  isSatisfactory: boolean
  link: string
  locale?: Locale
}): MailContent {
  const t = translator(locale ?? DEFAULT_LOCALE)
  const vehicle = oneLine(vehicleIdentifier)
  const values = {
    inspector: oneLine(inspectorName),
    company: oneLine(inspectorCompanyName) || t('a company with no relation to this vehicle'),
    vehicle,
    date: mailDate(oneLine(inspectionDate), locale),
  }
  return renderMail({
    locale,
    subject: t('An inspection of vehicle {vehicle} awaits your review', { vehicle }),
    greeting: greetingFor(t, undefined),
    blocks: [
      {
        kind: 'paragraph',
        text: isSatisfactory
          ? t('{inspector} ({company}) filed a satisfactory inspection of vehicle {vehicle} dated {date}.', values)
          : t('{inspector} ({company}) filed an unsatisfactory inspection of vehicle {vehicle} dated {date}.', values),
      },
      {
        kind: 'note',
        text: t('Their company has no relation to the vehicle, so the inspection changes nothing (odometer, next inspection) until you accept it. Reject it if you do not recognise it.'),
      },
      { kind: 'button', label: t('Review the inspection'), url: link },
    ],
  })
}

/** One line of the morning alert digest. */
export interface DigestAlertLine {
  /** "Alert" or "Warning" (English, translated in the mail). */
  levelLabel: string
  vehicleIdentifier: string
  /** The alert type's English name (translated in the mail). */
  alertType: string
  /** YYYY-MM-DD */
  dueDate: string
  /** "Open repair": how many. */
  count?: number
  /** "Maintenance due": the service task's name (as the owner typed it). */
  detail?: string
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
  locale,
}: {
  firstName?: string
  companyName: string
  localDate: string
  alerts: DigestAlertLine[]
  dashboardUrl: string
  profileUrl: string
  locale?: Locale
}): MailContent {
  const t = translator(locale ?? DEFAULT_LOCALE)
  const company = oneLine(companyName)
  const date = mailDate(localDate, locale)
  const n = alerts.length
  const fresh = alerts.filter((a) => a.isNew).length
  const levelCount = (label: string) => alerts.filter((a) => a.levelLabel === label).length
  const shown = alerts.slice(0, DIGEST_MAX_LINES)
  const newMark = `${t('NEW')} · `
  const items = shown.map((a) => ({
    text:
      `${a.isNew ? newMark : ''}${translatedData(t, a.levelLabel)} · ${oneLine(a.vehicleIdentifier)} · ${translatedData(t, a.alertType)}` +
      `${a.detail ? `: ${oneLine(translatedData(t, a.detail))}` : ''}${a.count && a.count > 1 ? ` (${a.count})` : ''} · ${mailDate(a.dueDate, locale)}`,
    url: a.url,
  }))
  if (n > shown.length) items.push({ text: t('and {count} more on the dashboard', { count: n - shown.length }), url: dashboardUrl })
  const counts = { company, alerts: levelCount('Alert'), warnings: levelCount('Warning'), date }
  return renderMail({
    locale,
    subject: t('Operon: {count, plural, one {# alert} other {# alerts}} for {company} on {date}', { count: n, company, date }),
    greeting: greetingFor(t, firstName),
    blocks: [
      {
        kind: 'paragraph',
        text: fresh
          ? t(
              '{company} has {alerts, plural, one {# alert} other {# alerts}} (due today or past) and {warnings, plural, one {# warning} other {# warnings}} (within 30 days) on {date}, {fresh} new since the last digest (marked NEW):',
              { ...counts, fresh },
            )
          : t('{company} has {alerts, plural, one {# alert} other {# alerts}} (due today or past) and {warnings, plural, one {# warning} other {# warnings}} (within 30 days) on {date}:', counts),
      },
      { kind: 'list', items },
      { kind: 'button', label: t('Open the dashboard'), url: dashboardUrl },
      {
        kind: 'note',
        text: t('You receive this digest as a manager of {company}. To stop it, turn off "Email me the morning alert digest" in your profile: {url}', { company, url: profileUrl }),
      },
    ],
  })
}

/**
 * A webhook endpoint was disabled after repeated failure (decision 078): to the company's
 * managers, with the last error and a link to the webhooks page, where a manager re-enables it.
 */
export function webhookDisabledMail({
  companyName,
  url,
  failures,
  lastError,
  link,
  locale,
}: {
  companyName: string
  url: string
  failures: number
  lastError: string
  link: string
  locale?: Locale
}): MailContent {
  const t = translator(locale ?? DEFAULT_LOCALE)
  const company = oneLine(companyName)
  const endpoint = oneLine(url).slice(0, 200)
  return renderMail({
    locale,
    subject: t('Operon: a webhook endpoint of {company} was disabled', { company }),
    greeting: greetingFor(t, undefined),
    blocks: [
      {
        kind: 'paragraph',
        text: t('The webhook endpoint {url} of {company} failed {failures} times in a row for more than a day, so Operon stopped sending events to it.', { url: endpoint, company, failures }),
      },
      { kind: 'paragraph', text: t('Last error: {error}', { error: oneLine(lastError).slice(0, 300) }) },
      { kind: 'button', label: t('Open the webhooks page'), url: link },
      { kind: 'note', text: t('When the receiver works again, enable the endpoint on that page; the failed deliveries can be replayed there.') },
    ],
  })
}

/** One line of an operator's driver-file digest (issue 37): a driver's item overdue or due soon. */
export interface DriverDueDigestLine {
  /** "Alert" or "Warning" (English, translated in the mail). */
  levelLabel: string
  driverName: string
  /** The item's English name (translated in the mail). */
  itemLabel: string
  /** YYYY-MM-DD, or null for a certificate stored without its expiry. */
  dueOn: string | null
  isNew: boolean
  /** The driver's file page. */
  url: string
}

/**
 * The operator managers' morning digest of the driver files (issue 37, decision 086): one mail per
 * Operator manager, company and day, each due item with its level, driver, item, date and a link.
 */
export function driverDueDigestMail({
  firstName,
  companyName,
  localDate,
  items: lines,
  dashboardUrl,
  profileUrl,
  locale,
}: {
  firstName?: string
  companyName: string
  localDate: string
  items: DriverDueDigestLine[]
  dashboardUrl: string
  profileUrl: string
  locale?: Locale
}): MailContent {
  const t = translator(locale ?? DEFAULT_LOCALE)
  const company = oneLine(companyName)
  const date = mailDate(localDate, locale)
  const n = lines.length
  const shown = lines.slice(0, DIGEST_MAX_LINES)
  const newMark = `${t('NEW')} · `
  const items = shown.map((l) => ({
    text: `${l.isNew ? newMark : ''}${translatedData(t, l.levelLabel)} · ${oneLine(l.driverName)} · ${translatedData(t, l.itemLabel)} · ${l.dueOn ? mailDate(l.dueOn, locale) : t('no expiry date')}`,
    url: l.url,
  }))
  if (n > shown.length) items.push({ text: t('and {count} more on the dashboard', { count: n - shown.length }), url: dashboardUrl })
  const alerts = lines.filter((l) => l.levelLabel === 'Alert').length
  return renderMail({
    locale,
    subject: t('Operon: {count, plural, one {# driver file item} other {# driver file items}} due for {company} on {date}', { count: n, company, date }),
    greeting: greetingFor(t, firstName),
    blocks: [
      {
        kind: 'paragraph',
        text: t('Driver files of {company} on {date}: {alerts, plural, one {# item} other {# items}} overdue and {warnings, plural, one {# item} other {# items}} due within 30 days:', {
          company,
          date,
          alerts,
          warnings: n - alerts,
        }),
      },
      { kind: 'list', items },
      { kind: 'button', label: t('Open the dashboard'), url: dashboardUrl },
      {
        kind: 'note',
        text: t('You receive this digest as a manager of {company}. To stop it, turn off "Email me the morning alert digest" in your profile: {url}', { company, url: profileUrl }),
      },
    ],
  })
}

/**
 * A driver's reminder about their own license or medical examiner's certificate (issue 37): due
 * within 30 days or expired. Sent once per item and expiry date.
 */
export function driverExpiryReminderMail({
  firstName,
  companyName,
  item,
  expiryDate,
  expired,
  fileUrl,
  locale,
}: {
  firstName?: string
  companyName: string
  item: 'license' | 'medicalCertificate'
  /** YYYY-MM-DD, or null for a certificate stored without its expiry. */
  expiryDate: string | null
  expired: boolean
  fileUrl: string
  locale?: Locale
}): MailContent {
  const t = translator(locale ?? DEFAULT_LOCALE)
  const company = oneLine(companyName)
  const date = expiryDate ? mailDate(expiryDate, locale) : t('no expiry date')
  const subject =
    item === 'license'
      ? expired
        ? t('Operon: your driver’s license has expired')
        : t('Operon: your driver’s license expires on {date}', { date })
      : expired
        ? t('Operon: your medical examiner’s certificate has expired')
        : t('Operon: your medical examiner’s certificate expires on {date}', { date })
  const text =
    item === 'license'
      ? expired
        ? t('Your driver’s license expired on {date}. {company} may refuse your pre-trips until you renew it and update your profile.', { date, company })
        : t('Your driver’s license expires on {date}. Renew it in time and update your profile, so {company} has the new date.', { date, company })
      : expired
        ? t('Your medical examiner’s certificate on file at {company} expired on {date}. {company} may refuse your pre-trips until it has a new one.', { date, company })
        : t('Your medical examiner’s certificate on file at {company} expires on {date}. Get a new examination in time and give the certificate to {company}.', { date, company })
  return renderMail({
    locale,
    subject,
    greeting: greetingFor(t, firstName),
    blocks: [
      { kind: 'paragraph', text },
      { kind: 'button', label: t('Open my driver file'), url: fileUrl },
      { kind: 'note', text: t('You receive this reminder once for each expiry date, as a driver of {company}.', { company }) },
    ],
  })
}
