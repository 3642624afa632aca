/**
 * The written lease of a bus between its owner company and the operator company (49 CFR
 * 390.401–390.403; decision 064). Its wording is FIXED PER VERSION: a drafted lease records the
 * version it was drafted with (`lease_agreements.text_version`) and is always shown, printed and
 * fingerprinted with that version's paragraphs, filled with the parties, vehicle and term copied
 * when it was drafted. Changing the wording means adding a version here and pointing
 * LEASE_TEXT_VERSION at it; never edit the paragraphs of a version already in use.
 *
 * Browser-safe (no server import): the page, the print page and the PDF render the same text.
 */
import { LEASE_CARRY_COPY_NOTICE, type LeaseSide } from '#catalog/compliance.ts'
import { msg } from '#catalog/i18n.ts'

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })
/** 'YYYY-MM-DD' → "March 4, 2026" (a calendar date: no time zone shift). */
export function leaseDate(day: string): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(d.getTime()) ? day : dateFormat.format(d)
}

/** The version new leases are drafted with. */
export const LEASE_TEXT_VERSION = 'LEASE-2026-1'

/** What a version's paragraphs are filled with: the snapshot kept with the lease. */
export interface LeaseTerms {
  ownerName: string
  ownerAddress: string | null
  operatorName: string
  operatorAddress: string | null
  vehicleIdentifier: string
  vin: string
  licensePlate: string
  /** YYYY-MM-DD */
  startDate: string
  /** YYYY-MM-DD; null = open-ended. */
  endDate: string | null
}

export interface LeaseParagraph {
  heading: string
  text: string
}

export interface LeaseTextVersion {
  title: string
  /** The rule the lease answers, cited on the page and the PDF. */
  citation: string
  paragraphs: (t: LeaseTerms) => LeaseParagraph[]
  /** The line above each side's signature. */
  signatureLines: { Owner: string; Operator: string }
}

/** What a missing company address reads as (the company settings page asks for one). */
export const ADDRESS_MISSING = 'address not given'

const address = (a: string | null) => (a && a.trim() ? a.trim().replace(/\s*\n\s*/g, ', ') : `(${ADDRESS_MISSING})`)

/** The statement 49 CFR 390.403 requires, word for word as the lease prints it (tests look for it). */
export const EXCLUSIVE_POSSESSION_STATEMENT =
  'During the term of this lease the lessee has exclusive possession, control and responsibility for the operation of the vehicle.'

export const LEASE_TEXTS: Record<string, LeaseTextVersion> = {
  'LEASE-2026-1': {
    title: 'Lease of a passenger-carrying commercial motor vehicle',
    citation: '49 CFR 390.401–390.403',
    paragraphs: (t) => [
      {
        heading: '1. Parties',
        text:
          `${t.ownerName}, of ${address(t.ownerAddress)} (the lessor, owner of the vehicle), leases the vehicle described below to ` +
          `${t.operatorName}, of ${address(t.operatorAddress)} (the lessee, the motor carrier that operates it).`,
      },
      {
        heading: '2. Vehicle',
        text: `Vehicle identifier ${t.vehicleIdentifier}, vehicle identification number (VIN) ${t.vin}, license plate ${t.licensePlate || '(none recorded)'}.`,
      },
      {
        heading: '3. Term',
        text: t.endDate
          ? `The lease begins at 12:00 a.m. on ${leaseDate(t.startDate)} and ends at 11:59 p.m. on ${leaseDate(t.endDate)}, in the lessee's time zone.`
          : `The lease begins at 12:00 a.m. on ${leaseDate(t.startDate)}, in the lessee's time zone, and has no fixed end: it ends when the lessor ends the assignment of the vehicle in Operon, and the time it ended is recorded with this lease.`,
      },
      {
        heading: '4. Exclusive possession, control and responsibility',
        text: `${EXCLUSIVE_POSSESSION_STATEMENT} The lessee is the motor carrier responsible for every trip operated with the vehicle during the term, including compliance with the Federal Motor Carrier Safety Regulations.`,
      },
      {
        heading: '5. Copy carried on the vehicle',
        text: 'A copy of this lease is carried on the vehicle during the whole term and is shown to an enforcement official on request (49 CFR 390.403).',
      },
      {
        heading: '6. Signatures',
        text: 'This lease is in writing and takes effect as a written lease once both parties have signed it below. Each party signs through one of its managers, whose name and the time of signing are recorded.',
      },
    ],
    signatureLines: { Owner: 'For the lessor (owner)', Operator: 'For the lessee (operator)' },
  },
}

// The signing state and the messages (the page, the PDF, the fleet tab, the pre-trip and REST) ----


// The state words and the pre-trip's notice are in catalog/compliance.ts (the browser's bundles read them there).
export { LEASE_STATE_LABELS, type LeaseState } from '#catalog/compliance.ts'
import type { LeaseState } from '#catalog/compliance.ts'

/** The state of a lease from the sides that have signed it. */
export function leaseStateOf(signedSides: readonly LeaseSide[]): LeaseState {
  const owner = signedSides.includes('Owner')
  const operator = signedSides.includes('Operator')
  return owner && operator ? 'signed' : owner ? 'awaitingOperator' : operator ? 'awaitingOwner' : 'awaitingBoth'
}

/** The lease page's sign form's `intent`. */
export const LEASE_SIGN_INTENT = 'sign'

export const LEASE_MESSAGES = {
  notFound: msg('Lease not found'),
  nameRequired: msg('Type your full name'),
  managersOnly: msg('Only a manager of the owner company or of the operator company may sign this lease'),
  ownerSideOnly: msg('Only an active manager of the owner company may sign for the owner'),
  operatorSideOnly: msg('Only an active manager of the operator company may sign for the operator'),
  notYourSide: msg('You do not sign for this side'),
  pngOnly: msg('The signature must be a PNG picture'),
  ended: msg('This assignment has ended: its lease can no longer be signed'),
  alreadySigned: (side: LeaseSide) => (side === 'Owner' ? msg('The owner has already signed this lease') : msg('The operator has already signed this lease')),
  signed: msg('Lease signed.'),
  carryCopy: LEASE_CARRY_COPY_NOTICE,
} as const

/** The fixed text of a version; an unknown version is a programming error (never drafted). */
export function leaseText(version: string): LeaseTextVersion {
  const text = LEASE_TEXTS[version]
  if (!text) throw new Error(`Unknown lease text version: ${version}`)
  return text
}
