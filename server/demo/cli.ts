/**
 * `npm run db:seed`: opens DATABASE_URL (default file:./data/operon.db), applies the
 * migrations, loads the demo data (unless already there) and prints the demo logins.
 */
import { openDatabase } from '#db/client.ts'
import { seedDemoData } from './seed.ts'

const url = process.env.DATABASE_URL ?? 'file:./data/operon.db'
const db = openDatabase({ url, authToken: process.env.DATABASE_AUTH_TOKEN })
try {
  const started = Date.now()
  await db.migrate()
  const { logins } = await seedDemoData(db)
  console.log(`Demo data ready in ${url} (${Date.now() - started} ms).`)
  console.log('')
  console.log('Demo logins (second factor: the emailed code is printed in the server log):')
  for (const l of logins) console.log(`  ${l.email.padEnd(28)} ${l.password}  ${l.description}`)
} finally {
  await db.close()
}
