import { defineRoute } from '../route.ts'
import { json } from '../respond.ts'
import { openApiDocument } from '../openapi.ts'

export const systemRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'System',
    summary: 'This document: OpenAPI 3.1, generated from the schemas that validate requests',
    auth: 'public',
    handler: async () => json(openApiDocument()),
  }),
]
