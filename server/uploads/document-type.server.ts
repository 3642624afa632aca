import { fileTypeFromBuffer } from 'file-type'
import {
  documentTypeByExtension,
  DOCUMENT_EXTENSIONS,
  DOCUMENT_TYPES,
  extensionOf,
  uploadFailedText,
  type DocumentType,
} from '#catalog/documents.ts'
import { AppError } from '../errors.ts'
import { inspectZip, looksLikeZip, ZIP_LIMITS, type ZipProblem } from './zip-directory.ts'

/**
 * What a vehicle document really is, from its bytes (PRODUCT.md section 4:
 * "the type is checked by content, not only by name"). The content must be
 * one of the catalogue's types and agree with the name's extension family
 * (a .doc may hold a .docx, a .jpg a PNG; a .pdf may not hold a program, a
 * .png may not hold HTML). A ZIP-based type (.docx, .xlsx) must also pass
 * `inspectZip`: its central directory, read without inflating anything, must be
 * consistent and expand to at most 1,000 parts and 50 MB (decision 022,
 * amended: no zip bomb is stored or served). Throws 415 with the reason
 * otherwise. The stored content type is the detected one, never the client's.
 */
export async function detectDocumentType(bytes: Uint8Array, fileName: string): Promise<{ type: DocumentType; contentType: string }> {
  const claimed = documentTypeByExtension(extensionOf(fileName))
  if (!claimed) {
    throw unsupported(`${fileName} is not an allowed file type (allowed: ${DOCUMENT_EXTENSIONS.join(', ')})`)
  }
  const detected = await detectFromContent(bytes)
  if (!detected) {
    throw unsupported(`${fileName} is not ${claimed.noun}: its content is not a PDF, Word, Excel, PNG or JPEG file`)
  }
  if (!('family' in detected)) {
    throw unsupported(`${fileName} is not ${claimed.noun}: it contains ${detected.found}`)
  }
  if (detected.family !== claimed.family) {
    throw unsupported(`${fileName} is not ${claimed.noun}: it contains ${detected.noun}`)
  }
  if (looksLikeZip(bytes)) {
    const verdict = inspectZip(bytes)
    if (!verdict.ok) throw unsupported(`${fileName} is not ${validNoun(detected.noun)}: ${zipReason(verdict.problem, verdict.detail)}`)
  }
  return { type: detected, contentType: detected.mime }
}

/** "a Word document" → "a valid Word document". */
const validNoun = (noun: string) => noun.replace(/^an? /, 'a valid ')

const thousands = (n: number) => n.toLocaleString('en-US')

/** Why a ZIP-based document is refused, in words for the uploader. */
function zipReason(problem: ZipProblem, detail: string): string {
  switch (problem) {
    case 'tooLarge':
      return `it expands to more than ${ZIP_LIMITS.maxTotalBytes / (1024 * 1024)} MB`
    case 'tooManyEntries':
      return `it has more than ${thousands(ZIP_LIMITS.maxEntries)} parts`
    case 'ratio':
      return `a part of it expands more than ${ZIP_LIMITS.maxRatio} times`
    case 'zip64':
      return 'it uses ZIP64, which no document under 5 MB needs'
    case 'unsupported':
      return `it uses ZIP features Word and Excel documents do not use (${detail})`
    case 'inconsistent':
      return `its ZIP directory is inconsistent (${detail})`
  }
}

function unsupported(reason: string) {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', uploadFailedText(reason))
}

function article(word: string) {
  return /^[aeiou]/i.test(word) ? 'an' : 'a'
}

const byId = (id: DocumentType['id']) => DOCUMENT_TYPES.find((t) => t.id === id)!

/**
 * The catalogue type of the bytes; `{ found }` ("an EXE file") for a
 * recognised type that is not allowed (an executable, a ZIP, a macro-enabled
 * workbook...); undefined
 * when nothing is recognised (text, HTML, random bytes).
 */
async function detectFromContent(bytes: Uint8Array): Promise<DocumentType | { found: string } | undefined> {
  let result: Awaited<ReturnType<typeof fileTypeFromBuffer>>
  try {
    result = await fileTypeFromBuffer(bytes)
  } catch {
    result = undefined
  }
  if (!result) return undefined
  switch (result.ext) {
    case 'pdf':
      return byId('pdf')
    case 'png':
    case 'apng':
      return byId('png')
    case 'jpg':
      return byId('jpg')
    case 'docx':
      return byId('docx')
    case 'xlsx':
      return byId('xlsx')
    case 'cfb': {
      // .doc and .xls are both OLE2 compound files; their streams tell them apart
      // (an .msi installer or a .ppt is a compound file too, and is refused).
      const streams = cfbStreamNames(bytes)
      if (streams.has('WordDocument')) return byId('doc')
      if (streams.has('Workbook') || streams.has('Book')) return byId('xls')
      return { found: 'an OLE2 compound file that is neither Word nor Excel' }
    }
    default: {
      const ext = result.ext.toUpperCase()
      return { found: `${article(ext)} ${ext} file` }
    }
  }
}

/**
 * The names in an OLE2 compound file's directory. Files up to 5 MiB need at
 * most 109 FAT sectors, which the header lists itself, so no DIFAT chain is
 * read. Returns an empty set for anything malformed.
 */
export function cfbStreamNames(bytes: Uint8Array): Set<string> {
  const names = new Set<string>()
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (buf.length < 512) return names
  const sectorShift = buf.readUInt16LE(0x1e)
  if (sectorShift !== 9 && sectorShift !== 12) return names
  const sectorSize = 1 << sectorShift
  const sectorOffset = (s: number) => (s + 1) * sectorSize
  const fatSectorCount = Math.min(buf.readUInt32LE(0x2c), 109)
  const fatSectors: number[] = []
  for (let i = 0; i < fatSectorCount; i++) fatSectors.push(buf.readUInt32LE(0x4c + i * 4))
  const perFatSector = sectorSize / 4
  const next = (s: number): number => {
    const fatSector = fatSectors[Math.floor(s / perFatSector)]
    if (fatSector === undefined) return -1
    const at = sectorOffset(fatSector) + (s % perFatSector) * 4
    return at + 4 <= buf.length ? buf.readUInt32LE(at) : -1
  }
  const END = 0xfffffffe
  let sector = buf.readUInt32LE(0x30)
  const seen = new Set<number>()
  while (sector !== END && sector >= 0 && sector < 0xfffffffa && !seen.has(sector) && seen.size < 4096) {
    seen.add(sector)
    const start = sectorOffset(sector)
    if (start + sectorSize > buf.length) break
    for (let at = start; at < start + sectorSize; at += 128) {
      const nameBytes = buf.readUInt16LE(at + 0x40)
      const kind = buf[at + 0x42]
      if (nameBytes < 2 || nameBytes > 64 || (kind !== 1 && kind !== 2)) continue
      names.add(buf.toString('utf16le', at, at + nameBytes - 2))
    }
    sector = next(sector)
  }
  return names
}
