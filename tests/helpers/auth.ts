import { desc, eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { mailOutbox, users } from '#db/schema/index.ts'
import type { UserActor } from '#server/context/actor.ts'
import type { UseCaseContext } from '#server/context/use-case-context.ts'
import { actorFor } from './factory.ts'

export const anon = (db: Database, now?: Date): UseCaseContext => ({ db, actor: { kind: 'anonymous' }, ip: '127.0.0.1', now })

export async function ctxFor(db: Database, userId: number, now?: Date): Promise<UseCaseContext & { actor: UserActor }> {
  return { db, actor: await actorFor(db, userId), ip: '127.0.0.1', now }
}

/** The newest mail to `to` from the outbox (the durable queue the SMTP worker drains). */
export async function lastMailTo(db: Database, to: string) {
  const [m] = await db.read
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to.toLowerCase()))
    .orderBy(desc(mailOutbox.id))
    .limit(1)
  return m
}

export async function lastCodeFor(db: Database, to: string): Promise<string> {
  const m = await lastMailTo(db, to)
  const code = m?.textBody.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no code mailed to ${to}`)
  return code
}

export async function userByEmail(db: Database, email: string) {
  const [u] = await db.read.select().from(users).where(eq(users.email, email.toLowerCase()))
  return u
}

let n = 0
export const uniqueEmail = (tag = 'user') => `${tag}-${Date.now().toString(36)}-${n++}@test.operon.app`
