import { openApiDocument } from '../openapi.ts'
import { json } from '../respond.ts'
import { defineRoute, type RestRoute } from '../route.ts'
import { authRoutes } from './Auth.ts'
import { companyRoutes } from './Company.ts'
import { documentRoutes } from './documents.ts'
import { peopleRoutes } from './JoinRequests.ts'
import { externalRoutes } from './external.ts'
import { fleetRoutes } from './Fleet.ts'

let document: unknown
/** The document of every path below, itself included; built once. */
const openApiRoute = defineRoute({
  method: 'GET',
  path: '/api/openapi.json',
  tag: 'System',
  summary: 'This document: OpenAPI 3.1, generated from the schemas that validate requests',
  auth: 'public',
  handler: async () => json((document ??= openApiDocument(restRoutes()))),
})

/** Every legacy REST path, by area. */
export function restRoutes(): RestRoute[] {
  return [openApiRoute, ...authRoutes, ...externalRoutes, ...companyRoutes, ...peopleRoutes, ...fleetRoutes, ...documentRoutes]
}
