import type { CompanyType, RoleName } from '#catalog/roles.ts'

/** A company the actor belongs to, with the roles active there now. */
export interface Membership {
  companyId: number
  companyName: string
  companyCode: string
  companyTypes: CompanyType[]
  roles: { id: number; name: RoleName }[]
}

export type Actor =
  | { kind: 'anonymous' }
  | {
      kind: 'user'
      userId: number
      email: string
      firstName: string
      lastName: string
      /** Web session id or API session (refresh family) id. */
      sessionId: string
      via: 'web' | 'api'
      /**
       * REST only: when the access token's full sign-in (password and second factor) happened,
       * from its `auth_time` claim. Absent for tokens issued by a refresh (decision 021).
       */
      authTime?: Date
      memberships: Membership[]
    }

export type UserActor = Extract<Actor, { kind: 'user' }>

export const anonymous: Actor = { kind: 'anonymous' }
