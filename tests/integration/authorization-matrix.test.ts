/**
 * The authorization matrix (tests/helpers/authorization-matrix.ts), first half: companies, people,
 * fleet, vehicle requests and assignments. The records half is authorization-matrix-records.test.ts,
 * the origin dimension authorization-origins.test.ts (three files: three workers share the work).
 */
import { describeMatrix, FLEET_USE_CASES } from '#tests/helpers/authorization-matrix.ts'

describeMatrix(FLEET_USE_CASES)
