/**
 * A small RFC 4180 reader for the fleet import (decision 076): comma or semicolon (read from the
 * header line), quoted fields with doubled quotes and line breaks inside, CRLF or LF, a UTF-8
 * byte-order mark dropped. Forty lines of our own instead of a dependency: the rules are few and
 * fixed, and every one is in tests/unit/csv-parse.test.ts.
 */
import { msg } from '#catalog/i18n.ts'

export type CsvDelimiter = ',' | ';'

export interface ParsedCsv {
  delimiter: CsvDelimiter
  /** Records in file order; blank lines are left out. `line` is where the record starts (1 = the header). */
  records: { line: number; cells: string[] }[]
  /** Set when the reader stopped early because there were more than `maxRecords` records. */
  truncated: boolean
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message)
  }
}

/** The header line's separator: whichever of `,` and `;` occurs more often outside quotes. */
export function detectDelimiter(text: string): CsvDelimiter {
  let commas = 0
  let semicolons = 0
  let quoted = false
  for (const ch of text) {
    if (ch === '"') quoted = !quoted
    else if (!quoted && (ch === '\n' || ch === '\r')) break
    else if (!quoted && ch === ',') commas++
    else if (!quoted && ch === ';') semicolons++
  }
  return semicolons > commas ? ';' : ','
}

/**
 * Reads `text` into records. Stops after `maxRecords` + 1 records (the caller refuses the file),
 * so a huge file is never held as cells. Throws CsvSyntaxError for a quote left open or text
 * after a closing quote.
 */
export function parseCsv(text: string, maxRecords = Infinity): ParsedCsv {
  const src = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const delimiter = detectDelimiter(src)
  const records: ParsedCsv['records'] = []
  let cells: string[] = []
  let cell = ''
  let line = 1
  let start = 1
  let i = 0
  const endRecord = () => {
    cells.push(cell)
    if (!(cells.length === 1 && cells[0]!.trim() === '')) records.push({ line: start, cells })
    cells = []
    cell = ''
  }
  while (i < src.length) {
    const ch = src[i]!
    if (ch === '"' && cell.trim() === '') {
      // A quoted field: up to the quote that is not doubled.
      const opened = line
      cell = ''
      i++
      for (;;) {
        if (i >= src.length) throw new CsvSyntaxError(msg('A quoted field is not closed'), opened)
        const c = src[i]!
        if (c === '"') {
          if (src[i + 1] === '"') {
            cell += '"'
            i += 2
            continue
          }
          i++
          break
        }
        if (c === '\n') line++
        cell += c
        i++
      }
      // Only spaces may follow the closing quote before the separator or the line end.
      while (src[i] === ' ') i++
      if (i < src.length && src[i] !== delimiter && src[i] !== '\n' && src[i] !== '\r') {
        throw new CsvSyntaxError(msg('Text after a closing quote (a quote inside a field must be doubled)'), line)
      }
      continue
    }
    if (ch === delimiter) {
      cells.push(cell)
      cell = ''
    } else if (ch === '\r' || ch === '\n') {
      if (ch === '\r' && src[i + 1] === '\n') i++
      endRecord()
      line++
      start = line
      if (records.length > maxRecords) return { delimiter, records, truncated: true }
    } else {
      cell += ch
    }
    i++
  }
  if (cell !== '' || cells.length) endRecord()
  return { delimiter, records, truncated: records.length > maxRecords }
}

/** True when the bytes look like text: no NUL byte in them (binary files have many). */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, 64 * 1024).includes(0)
}

/** The bytes as UTF-8, or null when they are not valid UTF-8 (a Latin-1 export, a spreadsheet file). */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes)
  } catch {
    return null
  }
}
