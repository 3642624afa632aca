/**
 * VIN helpers (ISO 3779 / 49 CFR 565). Format: 17 characters of A–Z and 0–9 without I, O, Q.
 * A wrong check digit (position 9) is a warning, never an error (PRODUCT.md section 4).
 */

export const VIN_LENGTH = 17
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/

const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const

/** Upper-cases and trims a VIN as typed (the form forces upper case). */
export function normalizeVin(vin: string): string {
  return vin.trim().toUpperCase()
}

/** 17 characters, A–Z and 0–9 without I, O, Q (upper case). */
export function isVinFormatValid(vin: string): boolean {
  return VIN_PATTERN.test(vin)
}

function charValue(ch: string): number | undefined {
  if (ch >= '0' && ch <= '9') return ch.charCodeAt(0) - 48
  return TRANSLITERATION[ch]
}

/**
 * The check digit ('0'–'9' or 'X') a VIN should carry at position 9, computed from its
 * other characters (position 9 itself has weight 0). Returns undefined if the VIN is not
 * 17 valid characters.
 */
export function vinCheckDigit(vin: string): string | undefined {
  const v = vin.toUpperCase()
  if (v.length !== VIN_LENGTH) return undefined
  let sum = 0
  for (let i = 0; i < VIN_LENGTH; i++) {
    const ch = v[i]!
    const value = charValue(ch)
    if (value === undefined) return undefined
    sum += value * WEIGHTS[i]!
  }
  const rest = sum % 11
  return rest === 10 ? 'X' : String(rest)
}

/** True when the format is valid and position 9 holds the correct check digit. */
export function vinCheckDigitValid(vin: string): boolean {
  const v = vin.toUpperCase()
  if (!isVinFormatValid(v)) return false
  return vinCheckDigit(v) === v[8]
}

/** Replaces position 9 with the correct check digit (for generated/demo VINs). */
export function withVinCheckDigit(vin: string): string {
  const v = vin.toUpperCase()
  const digit = vinCheckDigit(v)
  if (digit === undefined) throw new Error(`Not a VIN: ${vin}`)
  return v.slice(0, 8) + digit + v.slice(9)
}
