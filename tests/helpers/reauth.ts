import { eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { hashPassword } from '#server/auth/password.server.ts'
import { sendReauthCode } from '#server/auth/reauth.server.ts'
import { totpCode } from '#server/auth/totp.server.ts'
import { actorFor } from './factory.ts'
import { lastCodeFor } from './auth.ts'

/** The password test users get for re-authentication (decision 021). */
export const REAUTH_PASSWORD = 'Reauth-passw0rd-7'
let hashed: Promise<string> | undefined

export async function givePassword(db: Database, userId: number) {
  const passwordHash = await (hashed ??= hashPassword(REAUTH_PASSWORD))
  await db.transaction((tx) => tx.update(users).set({ passwordHash }).where(eq(users.id, userId)))
}

/**
 * What a person types to confirm it is them: the password and a current code
 * (an emailed one for Email accounts, after "Send me a code").
 */
export async function reauthProof(db: Database, userId: number, now = Date.now()) {
  const [u] = await db.read.select().from(users).where(eq(users.id, userId))
  if (u!.twoFactorType === 0) return { password: REAUTH_PASSWORD, code: totpCode(u!.totpSecret!, now) }
  await sendReauthCode({ db, actor: await actorFor(db, userId), ip: '127.0.0.1' })
  return { password: REAUTH_PASSWORD, code: await lastCodeFor(db, u!.email!) }
}
