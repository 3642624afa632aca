import { randomInt } from 'node:crypto'

// No 0/O, 1/I/L: codes are read aloud and typed from paper.
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** A short human-typable code such as `OPR-7H2K9Q` or `USR-4M8XTW`. */
export function randomCode(prefix: string, length = 6): string {
  let body = ''
  for (let i = 0; i < length; i++) body += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]
  return `${prefix}-${body}`
}

/** Codes are compared in upper case without spaces ("opr 7h2k9q" finds OPR-7H2K9Q). */
export function normalizeCode(input: string): string {
  const s = input.trim().toUpperCase().replace(/\s+/g, '')
  return /^[A-Z]{3}[0-9A-Z]{6}$/.test(s) ? `${s.slice(0, 3)}-${s.slice(3)}` : s
}

/**
 * Draws codes until one is free. Among 31^6 codes a clash is rare, but
 * never fatal; `isTaken` asks the table the code goes into.
 */
export async function uniqueCode(draw: () => string, isTaken: (code: string) => Promise<boolean>): Promise<string> {
  for (;;) {
    const code = draw()
    if (!(await isTaken(code))) return code
  }
}
