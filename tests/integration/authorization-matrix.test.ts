/**
 * The authorization matrix (tests/helpers/authorization-matrix.ts), first half: companies, people,
 * fleet, vehicle requests and assignments. The records half is authorization-matrix-records.test.ts,
 * the origin dimension authorization-origins.test.ts (three files: three workers share the work).
 */
import { afterAll, beforeAll, describe, it } from 'vitest'
import { ACTORS, expectMatrixCell, FLEET_USE_CASES, setUpMatrixWorld, type MatrixWorld } from '#tests/helpers/authorization-matrix.ts'

let m: MatrixWorld
beforeAll(async () => {
  m = await setUpMatrixWorld()
})
afterAll(async () => {
  await m.world.db.close()
})

describe('authorization matrix', () => {
  for (const uc of FLEET_USE_CASES) {
    describe(uc.name, () => {
      for (const actor of ACTORS) {
        it(`${actor} → ${uc.expect[actor]}`, () => expectMatrixCell(m, uc, actor))
      }
    })
  }
})
