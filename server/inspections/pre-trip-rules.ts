/**
 * The pre-trip's filing rules, apart from the zod schema (pre-inspection-schema.ts re-exports
 * them) so that the phone page can read them without loading zod first (decision 053).
 */

/** Filing rules (API.md, decision 024). */
export const PRE_TRIP_RULES = {
  /** `date` may be today or up to this many days back (a paper form entered late). */
  daysBack: 7,
  /** Neither `timeIn` nor `timeOut` may be more than this many minutes in the future. */
  futureMinutes: 15,
  /**
   * Extra photos besides the four sides and the signature. Eleven pictures of 2 MiB in base64
   * (4 sides + signature + 6) still fit the 32 MiB request body (decision 024).
   */
  maxPhotos: 6,
  /** Length of a client's idempotency key. */
  idempotencyKeyMax: 100,
  /** Certified repairs acknowledged in one pre-trip. */
  maxAcknowledgements: 50,
  /** Damage texts and comments. */
  textMax: 2000,
} as const
