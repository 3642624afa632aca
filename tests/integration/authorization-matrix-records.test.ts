/**
 * The authorization matrix (tests/helpers/authorization-matrix.ts), second half: inspections,
 * pre-trips, repairs, odometer, forms and photos, profile, alerts, dashboards, leases, compliance,
 * retention, webhooks, annual inspections, emergency exits, and issue 26's fleet import and export,
 * record exports and activity log.
 */
import { describeMatrix, RECORD_USE_CASES } from '#tests/helpers/authorization-matrix.ts'

describeMatrix(RECORD_USE_CASES)
