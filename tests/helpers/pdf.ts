/**
 * Poppler on a PDF's bytes (Debian's poppler-utils, installed by scripts/ensure-chromium.mjs):
 * its text as pdftotext lays it out, its pdfinfo, its pages as PNG images for a person to look at.
 * The file is written to `dir` (a fresh temporary folder by default) and kept there.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

let scratch: string | undefined
const defaultDir = () => (scratch ??= mkdtempSync(join(tmpdir(), 'operon-pdf-')))

function written(bytes: Uint8Array, name: string, dir?: string): string {
  const file = join(dir ?? defaultDir(), name.endsWith('.pdf') ? name : `${name}.pdf`)
  writeFileSync(file, bytes)
  return file
}

/** The PDF's text, pages separated by form feeds (`\f`). */
export function pdfText(bytes: Uint8Array, name: string, dir?: string): string {
  return execFileSync('pdftotext', ['-layout', written(bytes, name, dir), '-'], { encoding: 'utf8' })
}

/** pdfinfo's report (pages, page size…). */
export function pdfInfo(bytes: Uint8Array, name: string, dir?: string): string {
  return execFileSync('pdfinfo', [written(bytes, name, dir)], { encoding: 'utf8' })
}

/** Each page as `<name>-<n>.png` at `dpi` (or one `<name>.png` with `singlefile`); returns the PDF's path. */
export function pdfToPng(bytes: Uint8Array, name: string, opts: { dir?: string; dpi?: number; gray?: boolean; singlefile?: boolean } = {}): string {
  const file = written(bytes, name, opts.dir)
  const args = ['-r', String(opts.dpi ?? 100), '-png', ...(opts.gray ? ['-gray'] : []), ...(opts.singlefile ? ['-singlefile'] : [])]
  execFileSync('pdftoppm', [...args, file, file.replace(/\.pdf$/, '')])
  return file
}
