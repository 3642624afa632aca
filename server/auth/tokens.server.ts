import { createHash, randomBytes } from 'node:crypto'

/** A random opaque token (256 bits, base64url). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** Tokens are stored only as their SHA-256 (hex): a stolen database gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
