import { mkdirSync, rmSync } from 'node:fs'
import { openDatabase } from '#db/client.ts'
import { TEMPLATE_DB, TMP_DIR } from '../helpers/paths.ts'

/** Migrates one template database; each test file copies it (never re-migrates). */
export default async function setup() {
  mkdirSync(TMP_DIR, { recursive: true })
  for (const suffix of ['', '-wal', '-shm']) rmSync(TEMPLATE_DB + suffix, { force: true })
  const db = openDatabase({ url: `file:${TEMPLATE_DB}` })
  await db.migrate()
  await db.close()
}
