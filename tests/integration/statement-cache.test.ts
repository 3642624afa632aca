/**
 * Decision 051: a better-sqlite3 connection compiles each SQL text once and reuses the compiled
 * statement for every query of that text, including queries that want their rows in another
 * shape (Drizzle asks for arrays with `raw()` right before the call; plain SQL gets objects).
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { compiledStatementCount, type Database } from '#db/client.ts'
import { users } from '#db/schema/index.ts'
import { createTestDb } from '#tests/helpers/db.ts'
import { createUser } from '#tests/helpers/factory.ts'

let db: Database
let userId: number

beforeAll(async () => {
  db = createTestDb('better-sqlite3')
  userId = (await createUser(db, { firstName: 'Cache', lastName: 'Check' })).id
})
afterAll(() => db.close())

it('compiles a query once however often it runs', async () => {
  const byId = () => db.read.select({ first: users.firstName }).from(users).where(eq(users.id, userId))
  expect(await byId()).toEqual([{ first: 'Cache' }])
  const compiled = compiledStatementCount()
  for (let i = 0; i < 5; i++) expect(await byId()).toEqual([{ first: 'Cache' }])
  expect(compiledStatementCount()).toBe(compiled)
})

it('serves rows as arrays or as objects to each caller of one shared statement, as each asks', async () => {
  const text = sql`select "first_name" as first from "users" where "id" = ${userId}`
  // Drizzle's `values` asks for arrays (raw), `all` of plain SQL for objects: the same compiled statement.
  expect(await db.read.values(text)).toEqual([['Cache']])
  const compiled = compiledStatementCount()
  expect(await db.read.all(text)).toEqual([{ first: 'Cache' }])
  expect(await db.read.values(text)).toEqual([['Cache']])
  expect(await db.read.get(text)).toEqual({ first: 'Cache' })
  expect(compiledStatementCount()).toBe(compiled)
})
