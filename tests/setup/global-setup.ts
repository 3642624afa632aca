import { mkdirSync, rmSync } from 'node:fs'
import { openDatabase } from '#db/client.ts'
import { ensureSqld } from '../../scripts/ensure-sqld.mjs'
import { TEMPLATE_DB, TMP_DIR } from '../helpers/paths.ts'

/**
 * Migrates one template database; each test file copies it (never re-migrates). Installs the
 * libSQL server the tests start (once, before the workers could race to do it: decision 069).
 */
export default async function setup() {
  mkdirSync(TMP_DIR, { recursive: true })
  ensureSqld({ quiet: true })
  for (const suffix of ['', '-wal', '-shm']) rmSync(TEMPLATE_DB + suffix, { force: true })
  const db = openDatabase({ url: `file:${TEMPLATE_DB}` })
  await db.migrate()
  await db.close()
}
