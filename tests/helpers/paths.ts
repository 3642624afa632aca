import { resolve } from 'node:path'

export const TMP_DIR = resolve('tests/.tmp')
export const TEMPLATE_DB = resolve(TMP_DIR, 'template.db')
