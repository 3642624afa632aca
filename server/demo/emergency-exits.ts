/**
 * Demo 90-day emergency-exit checks (49 CFR 396.3(b)(4), decision 065), by the mechanics of the
 * owner's repair shop: most buses checked within the last 60 days (up to date), a few 80 days
 * ago (a Warning: due within 14 days), and the rest left overdue (checked 100+ days ago, or
 * never: an Alert on the owner dashboard).
 */
import * as t from '#db/schema/index.ts'
import { EMERGENCY_EXIT_ITEM_KEYS } from '#catalog/compliance.ts'
import { writeBlob } from '../blobs/blob-store.server.ts'
import { companySpec, mechanicsOf } from './cast.ts'
import type { SeedVehicle } from './fleet.ts'
import { zoned, type SeedContext } from './helpers.ts'
import type { SeededPeople } from './people.ts'

export async function seedEmergencyExitChecks(s: SeedContext, { uid, nameOf, cid, signatureOf }: SeededPeople, vehicles: SeedVehicle[]): Promise<void> {
  const { tx, rnd, day } = s
  const live = vehicles.filter((v) => !v.archived)
  for (const [i, v] of live.entries()) {
    const shop = companySpec(v.owner).repairShop
    if (!shop) continue
    // Every 7th bus is overdue (checked 100 days ago), every 5th due soon (80 days ago), the 11th never checked.
    const offsets = i === 10 ? [] : i % 7 === 3 ? [-190, -100] : i % 5 === 1 ? [-170, -80] : [-rnd.int(95, 150) - 90, -rnd.int(5, 60)]
    for (const offset of offsets) {
      const checkDate = day(offset)
      const candidates = mechanicsOf(shop, offset)
      if (candidates.length === 0) continue
      const who = candidates.includes('mechanic') ? 'mechanic' : rnd.pick(candidates)
      const [c] = await tx
        .insert(t.emergencyExitChecks)
        .values({
          vehicleId: v.id,
          companyId: cid(shop),
          filerRole: 'Mechanic',
          inspectorUserId: uid(who),
          inspectorName: nameOf(who),
          checkDate,
          isSatisfactory: true,
          createdAt: zoned(checkDate, rnd.int(9 * 60, 16 * 60), 'America/Los_Angeles'),
        })
        .returning({ id: t.emergencyExitChecks.id })
      await tx.insert(t.emergencyExitCheckItems).values(EMERGENCY_EXIT_ITEM_KEYS.map((itemKey) => ({ checkId: c!.id, itemKey, status: 0 })))
      await tx.insert(t.emergencyExitCheckSignatures).values({ checkId: c!.id, blobId: (await writeBlob(tx, signatureOf(who))).blobId, contentType: 'image/png' })
    }
  }
}
