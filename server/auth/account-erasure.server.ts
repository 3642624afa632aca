import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Tx } from '#db/client.ts'
import {
  apiSessions,
  externalIdentities,
  joinRequests,
  loginChallenges,
  memberships,
  odometerReadings,
  passwordResetTokens,
  rateLimits,
  refreshTokens,
  userLicenses,
  userPhotos,
  users,
  vehicleDocuments,
  webSessions,
} from '#db/schema/index.ts'
import { eraseFromAudit } from '../activity/audit.server.ts'
import { dropMailTo } from '../mail/outbox.server.ts'
import { newPersonalIdentifier } from './personal-identifier.server.ts'

/** What a document or reading shows as its author where that was the deleted person's email. */
export const DELETED_USER_NAME = 'Deleted user'

/**
 * Everything account deletion erases, table by table, inside the deletion's
 * transaction (decision 008 lists what is erased, what is kept and why).
 * `email` is the account's address before deletion. The caller anonymises the
 * `users` row itself (it keeps the id and the name for signed records).
 */
export async function eraseAccountData(tx: Tx, userId: number, email: string | null, now: Date): Promise<void> {
  const address = email?.trim().toLowerCase() || null

  // Sign-in state: web sessions (address and browser), API sessions with their refresh
  // tokens, open login / re-authentication challenges (address), reset links.
  const sessionIds = tx.select({ id: apiSessions.id }).from(apiSessions).where(eq(apiSessions.userId, userId))
  await tx.delete(refreshTokens).where(inArray(refreshTokens.sessionId, sessionIds))
  await tx.delete(apiSessions).where(eq(apiSessions.userId, userId))
  await tx.delete(webSessions).where(eq(webSessions.userId, userId))
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId))
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId))

  // Profile and links: roles, pending join requests, photo, licenses, Google/Apple links.
  await tx.delete(memberships).where(eq(memberships.userId, userId))
  await tx.delete(joinRequests).where(and(eq(joinRequests.userId, userId), eq(joinRequests.status, 'Pending')))
  await tx.delete(userPhotos).where(eq(userPhotos.userId, userId))
  await tx.delete(userLicenses).where(eq(userLicenses.userId, userId))
  await tx.delete(externalIdentities).where(eq(externalIdentities.userId, userId))

  // The printed QR code (`USR-…`) no longer leads to the kept row.
  await tx
    .update(users)
    .set({ personalIdentifier: await newPersonalIdentifier(tx), updatedAt: now })
    .where(eq(users.id, userId))

  // The audit log keeps the events, without the typed email and the address.
  await eraseFromAudit(tx, userId, address)

  if (!address) return
  // Mail to the address, sent or not (the welcome mail, codes, reset links, notices).
  await dropMailTo(tx, address)
  // Counters keyed by the address as typed (the sign-in lock, the mail caps, the captcha
  // fallback's per-account limit): at most an hour left; no account uses the address now.
  await tx.delete(rateLimits).where(eq(rateLimits.key, address))
  // Labels where the person's "name" was the email (an account without a name, e.g. an external
  // sign-up whose provider sent none): the uploader of a document, who recorded a reading.
  // Signed records (pre-trips, inspections, repair certifications) keep what was signed, even
  // when it was the email: they are the legal record, append-only, and their printed
  // fingerprint (decision 032) must keep matching.
  const asName = (column: SQLiteColumn): SQL => sql`lower(trim(${column})) = ${address}`
  await tx.update(vehicleDocuments).set({ uploadedByName: DELETED_USER_NAME }).where(asName(vehicleDocuments.uploadedByName))
  await tx.update(odometerReadings).set({ recordedByName: DELETED_USER_NAME }).where(asName(odometerReadings.recordedByName))
}
