/** Demo documents: registration and insurance PDFs per bus, a maintenance log, expired ones, an image. */
import * as t from '#db/schema/index.ts'
import { writeBlob } from '../blobs/blob-store.server.ts'
import { busPng, simplePdf } from './assets.ts'
import { companySpec } from './cast.ts'
import type { SeedVehicle } from './fleet.ts'
import type { SeedContext } from './helpers.ts'
import type { SeededPeople } from './people.ts'

export async function seedDocuments(s: SeedContext, { uid, nameOf }: SeededPeople, vehicles: SeedVehicle[]): Promise<void> {
  const { tx, rnd, now, ago } = s
  const insertDocument = async (
    vehicleId: number,
    d: { fileName: string; contentType: string; content: Buffer; by: string; isActive: boolean; uploadedAt: Date },
  ) => {
    const [doc] = await tx
      .insert(t.vehicleDocuments)
      .values({
        vehicleId,
        fileName: d.fileName,
        contentType: d.contentType,
        sizeBytes: d.content.length,
        uploadedByUserId: uid(d.by),
        uploadedByName: nameOf(d.by),
        isActive: d.isActive,
        uploadedAt: d.uploadedAt,
      })
      .returning({ id: t.vehicleDocuments.id })
    await tx.insert(t.documentContents).values({ documentId: doc!.id, blobId: (await writeBlob(tx, d.content)).blobId })
  }
  for (const v of vehicles) {
    if (v.archived) continue
    const manager = companySpec(v.owner).manager
    const docs: { fileName: string; title: string; lines: string[]; daysAgo: number; active: boolean }[] = [
      {
        fileName: `Registration ${v.plate}.pdf`,
        title: `Vehicle registration - ${v.plate}`,
        lines: [`Vehicle: ${v.model.make} ${v.model.model}`, `VIN: ${v.vin}`, `Identifier: ${v.identifier}`, `Registered owner: ${companySpec(v.owner).name}`],
        daysAgo: rnd.int(40, 320),
        active: true,
      },
      {
        fileName: `Insurance certificate ${now.getUTCFullYear()}.pdf`,
        title: 'Certificate of liability insurance',
        lines: [`Insured: ${companySpec(v.owner).name}`, `Vehicle: ${v.identifier} (${v.vin})`, 'Combined single limit: $5,000,000'],
        daysAgo: rnd.int(10, 200),
        active: true,
      },
    ]
    if (v.index % 4 === 0) {
      docs.push({
        fileName: 'Maintenance log.pdf',
        title: `Maintenance log - ${v.identifier}`,
        lines: ['Oil and filter: every 10,000 mi', 'Brake adjustment: every 90 days', 'Annual DOT inspection: see Inspections tab'],
        daysAgo: rnd.int(5, 90),
        active: true,
      })
    }
    if (v.index === 0 || v.index === 22) {
      docs.push({
        fileName: `Insurance certificate ${now.getUTCFullYear() - 1}.pdf`,
        title: 'Certificate of liability insurance (expired policy)',
        lines: [`Insured: ${companySpec(v.owner).name}`, `Vehicle: ${v.identifier}`],
        daysAgo: 420,
        active: false,
      })
    }
    for (const d of docs) {
      const uploadedAt = ago(d.daysAgo + rnd.next())
      await insertDocument(v.id, { fileName: d.fileName, contentType: 'application/pdf', content: simplePdf(d.title, d.lines), by: manager, isActive: d.active, uploadedAt })
    }
  }
  const livery = vehicles[22]!
  await insertDocument(livery.id, { fileName: 'Livery proof.png', contentType: 'image/png', content: busPng([22, 122, 80], 1), by: 'cascade', isActive: true, uploadedAt: ago(330) })
}
