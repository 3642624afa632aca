/**
 * Demo accounts created by `server/demo/seed.ts`, listed by the README and the login page. Plain data
 * (no Node imports): safe to import from browser code. All share one password, which meets
 * the password rule (≥ 8 characters, one uppercase letter). Every demo account uses Email
 * two-factor: locally the code is printed to the server log and shown on the dev mailbox page.
 */

import { msg } from '#catalog/i18n.ts'

import { DEMO_PASSWORD } from '../auth/demo-password.ts'

export { DEMO_PASSWORD }

export const DEMO_EMAIL_DOMAIN = 'demo.operon.app'

export interface DemoLogin {
  /** Stable key used by the seed to find the account's person. */
  key: 'cascade' | 'owner' | 'operator' | 'charter' | 'repairshop' | 'driver' | 'mechanic'
  email: string
  password: string
  firstName: string
  lastName: string
  /** What this login shows, for the README and the login page: English, marked with `msg()`, translated on the login page (decision 074). */
  description: string
}

export const DEMO_LOGINS: readonly DemoLogin[] = [
  {
    key: 'cascade',
    email: 'cascade@demo.operon.app',
    password: DEMO_PASSWORD,
    firstName: 'Dana',
    lastName: 'Whitfield',
    description:
      msg('Dana Whitfield, manager of Cascade Coach Lines: owner, operator and repair shop at once (transit buses and coaches).'),
  },
  {
    key: 'owner',
    email: 'owner@demo.operon.app',
    password: DEMO_PASSWORD,
    firstName: 'Marcus',
    lastName: 'Bell',
    description:
      msg('Marcus Bell, owner manager of Summit Bus Leasing: school buses and coaches leased to operators, vehicle requests, alerts.'),
  },
  {
    key: 'operator',
    email: 'operator@demo.operon.app',
    password: DEMO_PASSWORD,
    firstName: 'Priya',
    lastName: 'Raman',
    description:
      msg('Priya Raman, operator manager of Evergreen Student Transportation (school-bus contractor): drivers, join requests, vehicle requests.'),
  },
  {
    key: 'charter',
    email: 'charter@demo.operon.app',
    password: DEMO_PASSWORD,
    firstName: 'Luis',
    lastName: 'Ortega',
    description: msg('Luis Ortega, operator manager of Pacific Crest Charters (motor coaches).'),
  },
  {
    key: 'repairshop',
    email: 'repairshop@demo.operon.app',
    password: DEMO_PASSWORD,
    firstName: 'Hannah',
    lastName: 'Kim',
    description: msg('Hannah Kim, manager of Keystone Fleet Repair: repair actions, mechanics, mechanic join requests.'),
  },
  {
    key: 'driver',
    email: 'driver@demo.operon.app',
    password: DEMO_PASSWORD,
    firstName: 'Jamal',
    lastName: 'Carter',
    description:
      msg('Jamal Carter, driver for Evergreen Student Transportation and Pacific Crest Charters: my buses and their pre-trips (a certified repair to acknowledge, a bus out of service), driver statistics.'),
  },
  {
    key: 'mechanic',
    email: 'mechanic@demo.operon.app',
    password: DEMO_PASSWORD,
    firstName: 'Samuel',
    lastName: 'Reyes',
    description: msg('Samuel Reyes, mechanic at Keystone Fleet Repair: inspections, repair tasks and mechanic statistics.'),
  },
]

export function demoLogin(key: DemoLogin['key']): DemoLogin {
  const login = DEMO_LOGINS.find((l) => l.key === key)
  if (!login) throw new Error(`Unknown demo login ${key}`)
  return login
}
