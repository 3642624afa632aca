import { eq } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { randomCode, uniqueCode } from '../codes.ts'

/** A new user's printable identifier (`USR-XXXXXX`), free in the instance. */
export function newPersonalIdentifier(tx: Tx): Promise<string> {
  return uniqueCode(
    () => randomCode('USR'),
    async (code) => (await tx.select({ id: users.id }).from(users).where(eq(users.personalIdentifier, code))).length > 0,
  )
}
