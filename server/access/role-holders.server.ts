import { and, eq, inArray, isNull } from 'drizzle-orm'
import { isLocale, type Locale } from '#catalog/i18n.ts'
import { ROLE_IDS, type RoleName } from '#catalog/roles.ts'
import type { Tx } from '#db/client.ts'
import { memberships, users } from '#db/schema/index.ts'

/** Someone an email goes to, and the language it is written in (`users.locale`, decision 074). */
export interface MailRecipient {
  email: string
  locale: Locale
}

function holdersQuery(tx: Pick<Tx, 'selectDistinct'>, companyId: number, roles: readonly RoleName[]) {
  return tx
    .selectDistinct({ email: users.email, locale: users.locale })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.companyId, companyId), inArray(memberships.roleId, roles.map((r) => ROLE_IDS[r])), eq(memberships.isActive, true), isNull(users.deletedAt)))
}

/**
 * The people who hold one of `roles` in a company, active, with an account not deleted, and
 * their language: who hears of a request's answer, a new repair job, a certification.
 */
export async function recipientsOfRoleHolders(tx: Pick<Tx, 'selectDistinct'>, companyId: number, roles: readonly RoleName[], limit?: number): Promise<MailRecipient[]> {
  const query = holdersQuery(tx, companyId, roles)
  const rows = limit === undefined ? await query : await query.limit(limit)
  return rows.flatMap((r) => (r.email ? [{ email: r.email, locale: isLocale(r.locale) ? r.locale : 'en' }] : []))
}

/** The email addresses of `recipientsOfRoleHolders`. */
export async function emailsOfRoleHolders(tx: Pick<Tx, 'selectDistinct'>, companyId: number, roles: readonly RoleName[], limit?: number): Promise<string[]> {
  return (await recipientsOfRoleHolders(tx, companyId, roles, limit)).map((r) => r.email)
}

/**
 * Writes one mail per recipient in the recipient's language; each language's mail is
 * rendered once.
 */
export function perLocale<T>(render: (locale: Locale) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>()
  return (locale) => {
    let mail = made.get(locale)
    if (mail === undefined) made.set(locale, (mail = render(locale)))
    return mail
  }
}
