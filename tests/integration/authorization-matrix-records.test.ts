/**
 * The authorization matrix (tests/helpers/authorization-matrix.ts), second half: inspections,
 * pre-trips, repairs, odometer, forms and photos, profile, alerts, dashboards, leases, compliance,
 * retention, webhooks, annual inspections, emergency exits, and issue 26's fleet import and export,
 * record exports and activity log.
 */
import { afterAll, beforeAll, describe, it } from 'vitest'
import { ACTORS, expectMatrixCell, RECORD_USE_CASES, setUpMatrixWorld, type MatrixWorld } from '#tests/helpers/authorization-matrix.ts'

let m: MatrixWorld
beforeAll(async () => {
  m = await setUpMatrixWorld()
})
afterAll(async () => {
  await m.world.db.close()
})

describe('authorization matrix', () => {
  for (const uc of RECORD_USE_CASES) {
    describe(uc.name, () => {
      for (const actor of ACTORS) {
        it(`${actor} → ${uc.expect[actor]}`, () => expectMatrixCell(m, uc, actor))
      }
    })
  }
})
