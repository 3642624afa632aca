/**
 * ZIP archives built byte by byte for the zip-bomb tests (decision 022,
 * amended): real archives (deflated parts with their CRC), bombs that are real
 * too (a deflate stream that truly inflates to what it declares), and archives
 * with one thing wrong in their directory.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib'

export interface ZipPart {
  name: string
  /** The bytes as stored in the archive (already deflated for method 8). */
  data: Buffer
  method: 0 | 8
  /** The declared uncompressed size. */
  size: number
  crc: number
  /** Write a data descriptor (flag bit 3) after the data, with zero sizes in the local header. */
  descriptor?: boolean
}

/** A part stored as is. */
export function storedPart(name: string, content: string | Buffer): ZipPart {
  const data = Buffer.from(content)
  return { name, data, method: 0, size: data.length, crc: crc32(data) }
}

/** A deflated part, as Word and Excel write them. */
export function deflatedPart(name: string, content: string | Buffer): ZipPart {
  const raw = Buffer.from(content)
  return { name, data: deflateRawSync(raw), method: 8, size: raw.length, crc: crc32(raw) }
}

/**
 * A deflated part of `chunks` × `chunkBytes` zero bytes that really inflates to
 * that: one independently compressed chunk (ending on a full flush, so it is
 * byte-aligned and refers to nothing before it), repeated, then an empty final
 * block. 2,048 × 1 MiB = 2 GiB in about 2 MB.
 */
export function zerosPart(name: string, chunks: number, chunkBytes: number): ZipPart {
  const zeros = Buffer.alloc(chunkBytes)
  const chunk = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_FULL_FLUSH })
  let crc = 0
  for (let i = 0; i < chunks; i++) crc = crc32(zeros, crc)
  const data = Buffer.concat([...Array.from({ length: chunks }, () => chunk), Buffer.from([0x03, 0x00])])
  return { name, data, method: 8, size: chunks * chunkBytes, crc }
}

/** What `buildZip` can get wrong on purpose, after laying the archive out correctly. */
export interface ZipTamper {
  /** Central directory entry `index` points at the local header of entry `to`. */
  pointEntry?: { index: number; to: number }
  /** Central directory entry `index` declares these sizes (local header unchanged). */
  centralSizes?: { index: number; compressed?: number; size?: number }
  /** The end record declares this many entries. */
  endEntries?: number
  /** The end record declares this directory offset. */
  endOffset?: number
  /** Put a ZIP64 end-of-directory locator before the end record. */
  zip64Locator?: boolean
  /** Bytes inserted between the last entry and the directory (offsets adjusted). */
  gapBeforeDirectory?: Buffer
  /** Bytes appended after the end record (no comment length declares them). */
  trailing?: Buffer
  /** General-purpose flags of central entry `index` (and its local header). */
  flags?: { index: number; value: number }
}

/** A part's local file header, name and data (and data descriptor). */
export function localRecord(part: ZipPart, flags = part.descriptor ? 0x8 : 0): Buffer {
  const name = Buffer.from(part.name)
  const header = Buffer.alloc(30)
  header.writeUInt32LE(0x04034b50, 0)
  header.writeUInt16LE(20, 4)
  header.writeUInt16LE(flags, 6)
  header.writeUInt16LE(part.method, 8)
  header.writeUInt32LE(part.descriptor ? 0 : part.crc, 14)
  header.writeUInt32LE(part.descriptor ? 0 : part.data.length, 18)
  header.writeUInt32LE(part.descriptor ? 0 : part.size, 22)
  header.writeUInt16LE(name.length, 26)
  const pieces = [header, name, part.data]
  if (part.descriptor) {
    const d = Buffer.alloc(16)
    d.writeUInt32LE(0x08074b50, 0)
    d.writeUInt32LE(part.crc, 4)
    d.writeUInt32LE(part.data.length, 8)
    d.writeUInt32LE(part.size, 12)
    pieces.push(d)
  }
  return Buffer.concat(pieces)
}

/** A part's central directory entry, pointing at a local header at `offset`. */
export function centralRecord(
  part: ZipPart,
  offset: number,
  flags = part.descriptor ? 0x8 : 0,
  sizes: { compressed?: number; size?: number } = {},
): Buffer {
  const name = Buffer.from(part.name)
  const c = Buffer.alloc(46)
  c.writeUInt32LE(0x02014b50, 0)
  c.writeUInt16LE(20, 4)
  c.writeUInt16LE(20, 6)
  c.writeUInt16LE(flags, 8)
  c.writeUInt16LE(part.method, 10)
  c.writeUInt32LE(part.crc, 16)
  c.writeUInt32LE(sizes.compressed ?? part.data.length, 20)
  c.writeUInt32LE(sizes.size ?? part.size, 24)
  c.writeUInt16LE(name.length, 28)
  c.writeUInt32LE(offset, 42)
  return Buffer.concat([c, name])
}

/** The end-of-central-directory record. */
export function endRecord(entries: number, directorySize: number, directoryOffset: number): Buffer {
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries, 8)
  end.writeUInt16LE(entries, 10)
  end.writeUInt32LE(directorySize, 12)
  end.writeUInt32LE(directoryOffset, 16)
  return end
}

/** A ZIP archive of `parts`, in order, with an optional defect. */
export function buildZip(parts: ZipPart[], tamper: ZipTamper = {}): Buffer {
  const flagsOf = (part: ZipPart, i: number) => (tamper.flags?.index === i ? tamper.flags.value : part.descriptor ? 0x8 : 0)
  const locals: Buffer[] = []
  const offsets: number[] = []
  let offset = 0
  parts.forEach((part, i) => {
    const local = localRecord(part, flagsOf(part, i))
    offsets.push(offset)
    locals.push(local)
    offset += local.length
  })
  const gap = tamper.gapBeforeDirectory ?? Buffer.alloc(0)
  const directoryStart = offset + gap.length
  const directory = Buffer.concat(
    parts.map((part, i) => {
      const target = tamper.pointEntry?.index === i ? tamper.pointEntry.to : i
      const sizes = tamper.centralSizes?.index === i ? tamper.centralSizes : {}
      return centralRecord(part, offsets[target]!, flagsOf(part, i), sizes)
    }),
  )
  const end = endRecord(tamper.endEntries ?? parts.length, directory.length, tamper.endOffset ?? directoryStart)
  const locator = Buffer.alloc(tamper.zip64Locator ? 20 : 0)
  if (tamper.zip64Locator) locator.writeUInt32LE(0x07064b50, 0)
  // With a locator the directory no longer ends right at the end record: the
  // end record's offset still says where it starts, and the locator is what is refused.
  return Buffer.concat([...locals, gap, directory, locator, end, tamper.trailing ?? Buffer.alloc(0)])
}

const contentTypes = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/main.xml" ContentType="${main}"/></Types>`

/** `[Content_Types].xml` of a Word document: what file-type reads to call it a .docx. */
export const wordContentTypes = () => deflatedPart('[Content_Types].xml', contentTypes('application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml'))
/** `[Content_Types].xml` of an Excel workbook. */
export const excelContentTypes = () => deflatedPart('[Content_Types].xml', contentTypes('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml'))

/** A small, honest .docx (deflated parts). */
export function smallDocx(): Buffer {
  return buildZip([
    wordContentTypes(),
    deflatedPart('word/document.xml', `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${'<w:p><w:r><w:t>Annual inspection passed.</w:t></w:r></w:p>'.repeat(200)}</w:body></w:document>`),
  ])
}

/** A small, honest .xlsx, written with data descriptors as streaming writers do. */
export function smallXlsx(): Buffer {
  return buildZip([
    { ...excelContentTypes(), descriptor: true },
    { ...deflatedPart('xl/workbook.xml', '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>'), descriptor: true },
  ])
}
