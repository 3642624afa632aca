import { count } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { companies } from '#db/schema/index.ts'
import { seedDemoData } from '../demo/seed.ts'
import type { Env } from '../env.server.ts'
import { logger } from '../log.server.ts'

/**
 * Before the server listens: apply migrations, then load the demo data into an
 * empty database unless DEMO_DATA=false. Returns the demo logins when seeded
 * or already present.
 */
export async function prepareDatabase(db: Database, e: Env): Promise<{ seeded: boolean }> {
  // Several instances on one libSQL primary take turns (decision 069): one migrates and seeds, the
  // next finds both done.
  return db.exclusive(async () => {
    await db.migrate()
    if (!e.DEMO_DATA) return { seeded: false }
    const [row] = await db.read.select({ n: count() }).from(companies)
    if ((row?.n ?? 0) > 0) return { seeded: false }
    const started = Date.now()
    await seedDemoData(db)
    logger().info({ ms: Date.now() - started }, 'demo data loaded')
    return { seeded: true }
  })
}
