import { afterAll, beforeAll } from 'vitest'
import type { CompanyType } from '#catalog/roles.ts'
import type { Database } from '#db/client.ts'
import type * as Renderer from '#server/pdf/render.server.ts'
import { createTestDb } from './db.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from './factory.ts'
import { startApp, type RunningApp } from './http-app.ts'

/** What a file that talks raw HTTP to the whole app starts from (filled in by `beforeAll`). */
export interface ManagerApp {
  db: Database
  app: RunningApp
  companyId: number
  userId: number
  /** The manager's browser session: `operon_session=…`. */
  cookie: string
  /** The manager's API bearer token. */
  token: string
  /** The PDF renderer as the app's modules see it (its queue, its observers): with `pdf: true` only. */
  renderer: typeof Renderer
}

/**
 * A fresh database, one company of `types` whose manager holds each of those roles (signed in
 * with a web session and an API token), and the whole HTTP app on it. Registers the file's
 * `beforeAll` (at the point of the call) and `afterAll`: the renderer (with `pdf: true`), the app
 * and the database are closed at the end.
 */
export function managerApp(opts: {
  company: string
  types: CompanyType[]
  firstName?: string
  env?: Record<string, string>
  pdf?: boolean
}): ManagerApp {
  const ctx = {} as ManagerApp
  beforeAll(async () => {
    ctx.db = createTestDb()
    const company = await createCompany(ctx.db, opts.company, opts.types)
    ctx.companyId = company.id
    const user = await createUser(ctx.db, opts.firstName ? { firstName: opts.firstName } : {})
    ctx.userId = user.id
    for (const role of opts.types) await grantRole(ctx.db, user.id, company.id, role)
    ctx.cookie = `operon_session=${await webSessionFor(ctx.db, user.id)}`
    ctx.token = await apiTokenFor(ctx.db, user.id)
    ctx.app = await startApp(ctx.db, { env: opts.env })
    if (opts.pdf) ctx.renderer = await ctx.app.load<typeof Renderer>('/server/pdf/render.server.ts')
  }, 120_000)
  afterAll(async () => {
    await ctx.renderer?.closePdfBrowser()
    await ctx.app?.close()
    await ctx.db?.close()
  })
  return ctx
}
