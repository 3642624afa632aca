/**
 * The origin dimension of the authorization matrix (decision 018; the rows are in
 * tests/helpers/authorization-matrix.ts): each mutation, through each of its doors over real
 * HTTP, as the manager allowed to do it. From another site or a same-site sibling: 403 and
 * nothing done; from the app's own origin: the matrix's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { APP_ORIGIN, startApp, type RunningApp } from '#tests/helpers/http-app.ts'
import { HOSTILE_ORIGINS, mutationDoors, mutationsOf, overHttp, setUpMatrixWorld, USE_CASES, type MatrixWorld } from '#tests/helpers/authorization-matrix.ts'

let m: MatrixWorld
let http: RunningApp | undefined
beforeAll(async () => {
  m = await setUpMatrixWorld()
  http = await startApp(m.world.db)
}, 120_000)
afterAll(async () => {
  await http?.close()
  await m.world.db.close()
})

describe('authorization matrix: origin dimension for mutations', () => {
  for (const uc of mutationsOf(USE_CASES)) {
    it(`${uc.name}: another origin → 403 on every door; the app's origin passes`, async () => {
      const call = await uc.call(m.world)
      const doors = mutationDoors(call)
      if (doors.length === 0) return
      for (const door of doors) {
        for (const origin of HOSTILE_ORIGINS) expect(await overHttp(http!.base, m, call, door, origin), `${door} from ${origin}`).toBe(403)
      }
      // From the app's own origin the same request is let through to the use case (which may
      // still say 409 for a repeated, stateful call): never the origin's 403.
      for (const door of doors) {
        const status = await overHttp(http!.base, m, await uc.call(m.world), door, APP_ORIGIN)
        expect(status === 403 || status >= 500, `${door} from the app → ${status}`).toBe(false)
      }
    })
  }
})
