import { sql } from 'drizzle-orm'
import { getDb } from '#server/db.server.ts'

/** 200 when the database answers (Fly.io health check). */
export async function loader() {
  try {
    await getDb().read.run(sql`SELECT 1`)
    return new Response('OK', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
  } catch {
    return new Response('database unavailable', { status: 503, headers: { 'Content-Type': 'text/plain' } })
  }
}
