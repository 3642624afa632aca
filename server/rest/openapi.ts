import { z } from 'zod'
import { ERROR_CODES } from '../errors.ts'
import type { RestRoute } from './route.ts'

type JsonSchema = Record<string, unknown>

const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as JsonSchema
  return rest
}

const errorSchema: JsonSchema = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'string' } },
  },
  required: ['message'],
}

const STATUS_TEXT = Object.fromEntries(
  Object.entries(ERROR_CODES).map(([code, { status }]) => [status, code.replaceAll('_', ' ').toLowerCase()]),
)

function operation(route: RestRoute) {
  const parameters: unknown[] = []
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue
    const js = toSchema(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
    for (const [name, prop] of Object.entries(js.properties ?? {})) {
      parameters.push({ name, in: where, required: where === 'path' || !!js.required?.includes(name), schema: prop })
    }
  }
  const status = String(route.status ?? 200)
  const responses: Record<string, unknown> = {
    [status]: {
      description: route.responseDescription ?? 'Success',
      ...(route.response ? { content: { 'application/json': { schema: toSchema(route.response, 'output') } } } : {}),
    },
  }
  const errors = new Set<number>(route.errors ?? [])
  if (route.auth === 'user') errors.add(401)
  if (route.body || route.query || route.params) errors.add(400)
  errors.add(429)
  for (const e of [...errors].sort()) {
    responses[String(e)] = {
      description: STATUS_TEXT[e] ?? 'error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    }
  }
  return {
    tags: [route.tag],
    summary: route.summary,
    operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
    ...(parameters.length ? { parameters } : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: toSchema(route.body, 'input') } } } }
      : {}),
    responses,
    ...(route.auth === 'user' ? { security: [{ bearer: [] }] } : { security: [] }),
  }
}

/** OpenAPI 3.1 for the given REST paths, from the same zod schemas that validate requests. */
export function openApiDocument(routes: readonly RestRoute[]): unknown {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of routes) {
    paths[route.path] ??= {}
    paths[route.path]![route.method.toLowerCase()] = operation(route)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Operon REST API',
      version: '1',
      description:
        'Legacy-compatible REST paths. Paths, query parameter names and JSON property names are matched case-insensitively.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { Error: errorSchema },
    },
  }
}
