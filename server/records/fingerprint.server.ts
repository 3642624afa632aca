/**
 * The fingerprint rule every signed record shares (decision 032): canonical JSON (object keys
 * sorted, no whitespace), pictures replaced by the SHA-256 of their bytes, the first 12 hex
 * characters of the SHA-256 of that text. The forms (server/inspections/fingerprint.server.ts),
 * the 90-day exit check and the lease agreement use it.
 */
import { createHash } from 'node:crypto'

export const FINGERPRINT_LENGTH = 12

export const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

/** Object keys sorted, no whitespace: the canonical text a fingerprint hashes (the lease agreement reuses it). */
export function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null)
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
}

/**
 * The same fingerprint rule for a record beyond the two forms (the 90-day emergency-exit check,
 * decision 065): `kind`, the record's fields with the listed picture fields replaced by the
 * SHA-256 of their bytes, canonical JSON, the first 12 hex characters of its SHA-256.
 */
export function fingerprintOfRecord(kind: string, record: Record<string, unknown>, pictureFields: readonly string[] = []): string {
  const fields: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(record)) fields[k] = pictureFields.includes(k) && typeof v === 'string' ? { sha256: sha256(Buffer.from(v, 'base64')) } : v
  return sha256(canonical({ kind, record: fields, photos: [] })).slice(0, FINGERPRINT_LENGTH)
}
