import { Secret, TOTP } from 'otpauth'

/** PRODUCT.md: issuer Operon, 30 s, 6 digits, ±1 step. */
const ISSUER = 'Operon'

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

function totp(secret: string, label: string) {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })
}

/** The otpauth:// link the Authenticator QR encodes. */
export function totpUri(secret: string, email: string): string {
  return totp(secret, email).toString()
}

/**
 * The time step of a valid code, or null. otpauth's validate returns the step
 * *offset* (0 is valid and falsy), so compare with null.
 */
export function verifyTotp(secret: string, code: string, now = Date.now()): number | null {
  const t = totp(secret, 'x')
  const delta = t.validate({ token: code, window: 1, timestamp: now })
  if (delta === null) return null
  return Math.floor(now / 1000 / 30) + delta
}

/** For tests and the browser journey: the current code of a secret. */
export function totpCode(secret: string, now = Date.now()): string {
  return totp(secret, 'x').generate({ timestamp: now })
}
