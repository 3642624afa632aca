import { z } from 'zod'

/**
 * Legacy clients send `Username` where the schema says `username`: property
 * names are bound case-insensitively, guided by the schema's own keys, at any
 * depth (objects, arrays of objects). Unknown keys are left as they are.
 */
export function bindKeys(schema: z.ZodType, value: unknown): unknown {
  const inner = unwrap(schema)
  if (inner instanceof z.ZodArray && Array.isArray(value)) {
    return value.map((v) => bindKeys(inner.element as z.ZodType, v))
  }
  if (inner instanceof z.ZodObject && value && typeof value === 'object' && !Array.isArray(value)) {
    const shape = inner.shape as Record<string, z.ZodType>
    const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]))
    const out: Record<string, unknown> = {}
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      const target = shape[key] ? key : (byLower.get(key.toLowerCase()) ?? key)
      // An exact-case key wins over a differently cased duplicate.
      if (target in out && target !== key) continue
      out[target] = shape[target] ? bindKeys(shape[target], v) : v
    }
    return out
  }
  return value
}

/** Query strings: the first value of each parameter, keys bound like bodies. */
export function bindQuery(schema: z.ZodType | undefined, params: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {}
  for (const [k, v] of params) if (!(k in raw)) raw[k] = v
  return schema ? (bindKeys(schema, raw) as Record<string, unknown>) : raw
}

/** Strips optional/nullable/default/pipe wrappers to reach the object or array inside. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema
  for (let i = 0; i < 10; i++) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) {
      s = s.unwrap() as z.ZodType
    } else if (s instanceof z.ZodPipe) {
      s = s.in as z.ZodType
    } else {
      break
    }
  }
  return s
}
