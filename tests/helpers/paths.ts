import { resolve } from 'node:path'

/** TEST_TMP_DIR lets two Vitest runs on one checkout keep their template databases apart. */
export const TMP_DIR = resolve(process.env.TEST_TMP_DIR ?? 'tests/.tmp')
export const TEMPLATE_DB = resolve(TMP_DIR, 'template.db')
