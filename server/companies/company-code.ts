import { randomInt } from 'node:crypto'
import type { CompanyType } from '../catalog/roles.ts'

// No 0/O, 1/I/L: a code is read aloud and typed from paper.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
const PREFIX: Record<CompanyType, string> = { Owner: 'OWN', Operator: 'OPR', RepairShop: 'RSH' }

/** A short, human-typable company code such as `OPR-7H2K9Q`. */
export function newCompanyCode(types: readonly CompanyType[]): string {
  const prefix = PREFIX[types[0] ?? 'Operator']
  let body = ''
  for (let i = 0; i < 6; i++) body += ALPHABET[randomInt(ALPHABET.length)]
  return `${prefix}-${body}`
}

/** Codes are compared in upper case with spaces removed ("opr 7h2k9q" finds OPR-7H2K9Q). */
export function normalizeCompanyCode(input: string): string {
  const s = input.trim().toUpperCase().replace(/\s+/g, '')
  return /^[A-Z]{3}[0-9A-Z]{6}$/.test(s) ? `${s.slice(0, 3)}-${s.slice(3)}` : s
}
