/**
 * The written lease of a bus between its owner company and the operator company (49 CFR
 * 390.401–390.403; decision 064). Its wording is FIXED PER VERSION: a drafted lease records the
 * version it was drafted with (`lease_agreements.text_version`) and is always shown, printed and
 * fingerprinted with that version's paragraphs, filled with the parties, vehicle and term copied
 * when it was drafted. Changing the wording means adding a version here and pointing
 * LEASE_TEXT_VERSION at it; never edit the paragraphs of a version already in use.
 *
 * Each version has its English text, which governs, and its Spanish translation, which belongs
 * to that version and is shown to Spanish readers for convenience (decision 081). The clauses
 * are a legal document kept with their version, not UI labels: they live here, not in the
 * catalogs, so a translation can never drift from the version it translates.
 *
 * Browser-safe (no server import): the page, the print page and the PDF render the same text.
 */
import { LEASE_CARRY_COPY_NOTICE, type LeaseSide } from '#catalog/compliance.ts'
import { msg, type Locale } from '#catalog/i18n.ts'

const dateFormats: Record<Locale, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }),
  es: new Intl.DateTimeFormat('es-US', { dateStyle: 'long', timeZone: 'UTC' }),
}
/** 'YYYY-MM-DD' → "March 4, 2026" / "4 de marzo de 2026" (a calendar date: no time zone shift). */
export function leaseDate(day: string, locale: Locale = 'en'): string {
  const d = new Date(`${day.slice(0, 10)}T00:00:00Z`)
  return Number.isNaN(d.getTime()) ? day : dateFormats[locale].format(d)
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

/** A version's text in one language. */
export interface LeaseTextVersion {
  title: string
  /** The rule the lease answers, cited on the page and the PDF. */
  citation: string
  paragraphs: (t: LeaseTerms) => LeaseParagraph[]
  /** The line above each side's signature. */
  signatureLines: { Owner: string; Operator: string }
  /** What a missing company address reads as (the company settings page asks for one). */
  addressMissing: string
}

/** Every version in English (the text that governs) and its Spanish translation. */
type LeaseTextTranslations = Record<Locale, LeaseTextVersion>

/** Said on every render, in the reader's language (decision 081). */
export const LEASE_GOVERNING_TEXT = msg('The English text governs; the Spanish translation is provided for convenience.')

/** What a missing company address reads as, in the clauses and the parties' boxes. */
const ADDRESS_MISSING = { en: 'address not given', es: 'dirección no indicada' } as const satisfies Record<Locale, string>

const address = (a: string | null, missing: string) => (a && a.trim() ? a.trim().replace(/\s*\n\s*/g, ', ') : `(${missing})`)

/** The statement 49 CFR 390.403 requires, word for word as the lease prints it (tests look for it). */
export const EXCLUSIVE_POSSESSION_STATEMENT =
  'During the term of this lease the lessee has exclusive possession, control and responsibility for the operation of the vehicle.'

export const LEASE_TEXTS: Record<string, LeaseTextTranslations> = {
  'LEASE-2026-1': {
    en: {
      title: 'Lease of a passenger-carrying commercial motor vehicle',
      citation: '49 CFR 390.401–390.403',
      paragraphs: (t) => [
        {
          heading: '1. Parties',
          text:
            `${t.ownerName}, of ${address(t.ownerAddress, ADDRESS_MISSING.en)} (the lessor, owner of the vehicle), leases the vehicle described below to ` +
            `${t.operatorName}, of ${address(t.operatorAddress, ADDRESS_MISSING.en)} (the lessee, the motor carrier that operates it).`,
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
      addressMissing: ADDRESS_MISSING.en,
    },
    // The convenience translation of the same version: the same clauses, in the same order.
    es: {
      title: 'Contrato de arrendamiento de un vehículo motorizado comercial de transporte de pasajeros',
      citation: '49 CFR 390.401–390.403',
      paragraphs: (t) => [
        {
          heading: '1. Partes',
          text:
            `${t.ownerName}, con domicilio en ${address(t.ownerAddress, ADDRESS_MISSING.es)} (el arrendador, propietario del vehículo), da en arrendamiento el vehículo que se describe a continuación a ` +
            `${t.operatorName}, con domicilio en ${address(t.operatorAddress, ADDRESS_MISSING.es)} (el arrendatario, el autotransportista que lo opera).`,
        },
        {
          heading: '2. Vehículo',
          text: `Identificador del vehículo ${t.vehicleIdentifier}, número de identificación del vehículo (VIN) ${t.vin}, placa ${t.licensePlate || '(no registrada)'}.`,
        },
        {
          heading: '3. Plazo',
          text: t.endDate
            ? `El arrendamiento comienza a las 12:00 a. m. del ${leaseDate(t.startDate, 'es')} y termina a las 11:59 p. m. del ${leaseDate(t.endDate, 'es')}, en la zona horaria del arrendatario.`
            : `El arrendamiento comienza a las 12:00 a. m. del ${leaseDate(t.startDate, 'es')}, en la zona horaria del arrendatario, y no tiene fecha de término fija: termina cuando el arrendador da por terminada la asignación del vehículo en Operon, y la hora en que terminó queda registrada con este arrendamiento.`,
        },
        {
          heading: '4. Posesión, control y responsabilidad exclusivos',
          text: 'Durante el plazo de este arrendamiento, el arrendatario tiene la posesión, el control y la responsabilidad exclusivos de la operación del vehículo. El arrendatario es el autotransportista responsable de cada viaje que se realice con el vehículo durante el plazo, incluido el cumplimiento del Reglamento Federal de Seguridad de Autotransportistas (Federal Motor Carrier Safety Regulations).',
        },
        {
          heading: '5. Copia a bordo del vehículo',
          text: 'Durante todo el plazo se lleva a bordo del vehículo una copia de este arrendamiento, que se muestra a cualquier funcionario encargado de hacer cumplir la ley que la solicite (49 CFR 390.403).',
        },
        {
          heading: '6. Firmas',
          text: 'Este arrendamiento consta por escrito y surte efecto como arrendamiento escrito una vez que ambas partes lo hayan firmado a continuación. Cada parte firma por medio de uno de sus gerentes, cuyo nombre y la hora de la firma quedan registrados.',
        },
      ],
      signatureLines: { Owner: 'Por el arrendador (propietario)', Operator: 'Por el arrendatario (operador)' },
      addressMissing: ADDRESS_MISSING.es,
    },
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

/**
 * The fixed text of a version in the reader's language (the English governs; decision 081); an
 * unknown version is a programming error (never drafted).
 */
export function leaseText(version: string, locale: Locale = 'en'): LeaseTextVersion {
  const text = LEASE_TEXTS[version]
  if (!text) throw new Error(`Unknown lease text version: ${version}`)
  return text[locale]
}
