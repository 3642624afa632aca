import type { RestRoute } from '../route.ts'
import { authRoutes } from './auth.ts'
import { companyRoutes } from './company.ts'
import { documentRoutes } from './documents.ts'
import { peopleRoutes } from './people.ts'
import { externalRoutes } from './external.ts'
import { fleetRoutes } from './fleet.ts'
import { systemRoutes } from './system.ts'

/** Every legacy REST path, by area. */
export function restRoutes(): RestRoute[] {
  return [...systemRoutes, ...authRoutes, ...externalRoutes, ...companyRoutes, ...peopleRoutes, ...fleetRoutes, ...documentRoutes]
}
