/**
 * What a ZIP archive (the container of .docx and .xlsx) would expand to, read
 * from its central directory alone: nothing is ever inflated (decision 022,
 * amended). A 2 MB upload that declares a 2 GiB part, or 5,000 parts, is
 * refused before it is stored, so no reader (ours or the client's Word or
 * Excel) is handed a zip bomb by Operon.
 *
 * Checked, in this order, with Buffer reads only:
 * - the end-of-central-directory record closes the file exactly (its comment
 *   reaching the last byte); a ZIP64 record or any ZIP64 marker is refused: a
 *   document under 5 MB never needs it;
 * - one disk, at most `maxEntries` entries, the directory right before the
 *   end record and holding exactly the entries it declares;
 * - each entry: stored or deflated, not encrypted; a stored entry's two sizes
 *   agree; a deflated entry's compressed size is not more than deflate could
 *   produce from its declared size (a part cannot claim to be smaller than
 *   its own data); its local header is where the directory says, with the
 *   same name, method and (unless a data descriptor carries them) sizes and
 *   CRC; its data (and descriptor) end before the directory;
 * - no two entries with the same name;
 * - the declared uncompressed sizes add up to at most `maxTotalBytes`;
 * - no entry over `ratioFloorBytes` expands more than `maxRatio` times;
 * - the entries, in file order, fill the file from its first byte to the
 *   directory: no overlap (the "overlapping files" bomb) and no hidden bytes
 *   between them (an entry a streaming reader would find but the directory
 *   does not list).
 *
 * What it cannot know without inflating: whether a deflate stream really stops
 * at its declared size. Readers (Word, Excel, libraries) stop at the declared
 * size or fail, so the declared sizes are the bound that matters.
 */

export const ZIP_LIMITS = {
  /** Parts in one archive. A large real workbook has a few hundred. */
  maxEntries: 1000,
  /** Sum of the declared uncompressed sizes. */
  maxTotalBytes: 50 * 1024 * 1024,
  /** Uncompressed ÷ compressed, for entries larger than `ratioFloorBytes`. */
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
} as const

export type ZipLimits = { [K in keyof typeof ZIP_LIMITS]: number }

export type ZipProblem = 'zip64' | 'tooManyEntries' | 'tooLarge' | 'ratio' | 'unsupported' | 'inconsistent'

export type ZipVerdict =
  | { ok: true; entries: number; totalBytes: number }
  | { ok: false; problem: ZipProblem; detail: string }

const SIG_LOCAL = 0x04034b50
const SIG_CENTRAL = 0x02014b50
const SIG_END = 0x06054b50
const SIG_ZIP64_LOCATOR = 0x07064b50
const SIG_DESCRIPTOR = 0x08074b50
const U16_MAX = 0xffff
const U32_MAX = 0xffffffff
const STORED = 0
const DEFLATED = 8
const FLAG_ENCRYPTED = 0x1
const FLAG_DESCRIPTOR = 0x8

/** True when the bytes start like a ZIP archive (a local file header). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
}

/**
 * The most a deflate stream of `size` bytes can take: deflate's stored blocks
 * add 5 bytes per block of at most 64 KiB; every real deflater stays far below
 * this generous bound (1/1024 plus 64 bytes).
 */
const deflateBound = (size: number) => size + Math.ceil(size / 1024) + 64

/** The central directory's verdict on `bytes` (see the file comment). Never throws. */
export function inspectZip(bytes: Uint8Array, limits: ZipLimits = ZIP_LIMITS): ZipVerdict {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const fail = (problem: ZipProblem, detail: string): ZipVerdict => ({ ok: false, problem, detail })
  const len = buf.length

  // End of central directory: 22 bytes + a comment of up to 64 KiB that must reach the end.
  let end = -1
  for (let at = len - 22; at >= 0 && at >= len - 22 - U16_MAX; at--) {
    if (buf.readUInt32LE(at) === SIG_END && at + 22 + buf.readUInt16LE(at + 20) === len) {
      end = at
      break
    }
  }
  if (end < 0) return fail('inconsistent', 'no end-of-directory record closes the file')
  if (end >= 20 && buf.readUInt32LE(end - 20) === SIG_ZIP64_LOCATOR) return fail('zip64', 'a ZIP64 end record')
  const disk = buf.readUInt16LE(end + 4)
  const directoryDisk = buf.readUInt16LE(end + 6)
  const entriesHere = buf.readUInt16LE(end + 8)
  const entries = buf.readUInt16LE(end + 10)
  const directorySize = buf.readUInt32LE(end + 12)
  const directoryStart = buf.readUInt32LE(end + 16)
  if ([disk, directoryDisk, entriesHere, entries].includes(U16_MAX) || [directorySize, directoryStart].includes(U32_MAX)) {
    return fail('zip64', 'ZIP64 markers in the end record')
  }
  if (disk !== 0 || directoryDisk !== 0 || entriesHere !== entries) return fail('inconsistent', 'an archive split over several disks')
  if (entries > limits.maxEntries) return fail('tooManyEntries', `${entries} entries`)
  if (entries === 0) return fail('inconsistent', 'no entries')
  if (directoryStart + directorySize !== end) return fail('inconsistent', 'the directory is not where the end record says')

  const names = new Set<string>()
  const spans: [number, number][] = []
  let total = 0
  let p = directoryStart
  for (let n = 0; n < entries; n++) {
    if (p + 46 > end || buf.readUInt32LE(p) !== SIG_CENTRAL) return fail('inconsistent', 'fewer entries in the directory than declared')
    const flags = buf.readUInt16LE(p + 8)
    const method = buf.readUInt16LE(p + 10)
    const crc = buf.readUInt32LE(p + 16)
    const compressed = buf.readUInt32LE(p + 20)
    const size = buf.readUInt32LE(p + 24)
    const nameLength = buf.readUInt16LE(p + 28)
    const next = p + 46 + nameLength + buf.readUInt16LE(p + 30) + buf.readUInt16LE(p + 32)
    const startDisk = buf.readUInt16LE(p + 34)
    const local = buf.readUInt32LE(p + 42)
    if (next > end) return fail('inconsistent', 'an entry runs past the directory')
    if (compressed === U32_MAX || size === U32_MAX || local === U32_MAX || startDisk === U16_MAX) return fail('zip64', 'ZIP64 markers in an entry')
    if (startDisk !== 0) return fail('inconsistent', 'an entry on another disk')
    const name = buf.subarray(p + 46, p + 46 + nameLength)
    const key = name.toString('latin1').toLowerCase()
    if (names.has(key)) return fail('inconsistent', 'two entries with the same name')
    names.add(key)

    if (flags & FLAG_ENCRYPTED) return fail('unsupported', 'encrypted entries')
    if (method !== STORED && method !== DEFLATED) return fail('unsupported', `compression method ${method}`)
    if (method === STORED && compressed !== size) return fail('inconsistent', 'a stored entry whose two sizes differ')
    if (method === DEFLATED && compressed > deflateBound(size)) return fail('inconsistent', 'an entry declares less than its own data')

    // The local header the entry points at.
    if (local + 30 > directoryStart || buf.readUInt32LE(local) !== SIG_LOCAL) return fail('inconsistent', 'an entry points where no local header is')
    const localFlags = buf.readUInt16LE(local + 6)
    const localNameLength = buf.readUInt16LE(local + 26)
    const localExtraLength = buf.readUInt16LE(local + 28)
    const dataStart = local + 30 + localNameLength + localExtraLength
    if (dataStart > directoryStart) return fail('inconsistent', 'a local header runs into the directory')
    if (buf.readUInt16LE(local + 8) !== method) return fail('inconsistent', 'the local header has another compression method')
    if (!buf.subarray(local + 30, local + 30 + localNameLength).equals(name)) return fail('inconsistent', 'the local header has another name')
    const descriptor = (localFlags & FLAG_DESCRIPTOR) !== 0
    if (!descriptor) {
      const sizes = localSizes(buf, local, dataStart)
      if (!sizes) return fail('zip64', 'ZIP64 markers in a local header')
      if (buf.readUInt32LE(local + 14) !== crc || sizes.compressed !== compressed || sizes.size !== size) {
        return fail('inconsistent', 'the local header declares other sizes than the directory')
      }
    }
    const dataEnd = dataStart + compressed
    if (dataEnd > directoryStart) return fail('inconsistent', 'an entry extends beyond the data of the file')
    let spanEnd = dataEnd
    if (descriptor) {
      const length = descriptorLength(buf, dataEnd, directoryStart, crc, compressed, size)
      if (length === undefined) return fail('inconsistent', 'a data descriptor disagrees with the directory')
      spanEnd += length
    }
    spans.push([local, spanEnd])

    total += size
    if (total > limits.maxTotalBytes) return fail('tooLarge', `more than ${limits.maxTotalBytes} bytes declared`)
    if (size > limits.ratioFloorBytes && size > compressed * limits.maxRatio) {
      return fail('ratio', `an entry of ${size} bytes stored in ${compressed}`)
    }
    p = next
  }
  if (p !== end) return fail('inconsistent', 'more in the directory than the entries it declares')

  spans.sort((a, b) => a[0] - b[0])
  let cursor = 0
  for (const [start, stop] of spans) {
    if (start < cursor) return fail('inconsistent', 'entries overlap')
    if (start > cursor) return fail('inconsistent', 'bytes between entries that the directory does not list')
    cursor = stop
  }
  if (cursor !== directoryStart) return fail('inconsistent', 'bytes between the last entry and the directory')
  return { ok: true, entries, totalBytes: total }
}

/**
 * A local header's sizes: its own 32-bit fields, or, when they are ZIP64
 * markers, the ZIP64 extra field (some writers add it to every local header)
 * as long as its values fit in 32 bits. Undefined for a real ZIP64 entry.
 */
function localSizes(buf: Buffer, local: number, dataStart: number): { compressed: number; size: number } | undefined {
  const compressed = buf.readUInt32LE(local + 18)
  const size = buf.readUInt32LE(local + 22)
  if (compressed !== U32_MAX && size !== U32_MAX) return { compressed, size }
  let at = local + 30 + buf.readUInt16LE(local + 26)
  while (at + 4 <= dataStart) {
    const tag = buf.readUInt16LE(at)
    const length = buf.readUInt16LE(at + 2)
    if (tag === 0x0001 && length >= 16 && at + 20 <= dataStart) {
      const size64 = buf.readBigUInt64LE(at + 4)
      const compressed64 = buf.readBigUInt64LE(at + 12)
      if (size64 >= BigInt(U32_MAX) || compressed64 >= BigInt(U32_MAX)) return undefined
      return { compressed: Number(compressed64), size: Number(size64) }
    }
    at += 4 + length
  }
  return undefined
}

/**
 * The length of the data descriptor after an entry's data (bit 3): with or
 * without its signature, with 32- or 64-bit sizes, whichever repeats the
 * directory's CRC and sizes. Undefined when none does.
 */
function descriptorLength(buf: Buffer, at: number, limit: number, crc: number, compressed: number, size: number): number | undefined {
  const signed = at + 4 <= limit && buf.readUInt32LE(at) === SIG_DESCRIPTOR
  for (const base of signed ? [4, 0] : [0]) {
    const c = at + base
    if (c + 12 <= limit && buf.readUInt32LE(c) === crc && buf.readUInt32LE(c + 4) === compressed && buf.readUInt32LE(c + 8) === size) return base + 12
    if (
      c + 20 <= limit &&
      buf.readUInt32LE(c) === crc &&
      buf.readBigUInt64LE(c + 4) === BigInt(compressed) &&
      buf.readBigUInt64LE(c + 12) === BigInt(size)
    ) {
      return base + 20
    }
  }
  return undefined
}
