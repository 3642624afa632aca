/**
 * inspectZip (decision 022, amended): what a ZIP would expand to, read from its
 * central directory without inflating anything. Each refusal below has its own
 * archive, honest in everything but the one thing checked.
 */
import { randomBytes } from 'node:crypto'
import { inflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { inspectZip, looksLikeZip, ZIP_LIMITS } from '#server/uploads/zip-directory.ts'
import { buildZip, centralRecord, deflatedPart, endRecord, localRecord, smallDocx, smallXlsx, storedPart, wordContentTypes, zerosPart } from '#tests/helpers/zip.ts'

const MiB = 1024 * 1024
const doc = (extra = '') => deflatedPart('word/document.xml', `<w:document><w:body>${extra}</w:body></w:document>`)

describe('honest archives pass', () => {
  it('a small .docx (deflated parts) and a small .xlsx (data descriptors)', () => {
    expect(inspectZip(smallDocx())).toMatchObject({ ok: true, entries: 2 })
    expect(inspectZip(smallXlsx())).toMatchObject({ ok: true, entries: 2 })
    expect(looksLikeZip(smallDocx())).toBe(true)
  })

  it('stored parts, a comment after the end record, and exactly the limits', () => {
    const withComment = buildZip([wordContentTypes(), storedPart('word/media/a.png', Buffer.alloc(1000, 7))])
    const comment = Buffer.from('written by a test')
    withComment.writeUInt16LE(comment.length, withComment.length - 2)
    expect(inspectZip(Buffer.concat([withComment, comment]))).toMatchObject({ ok: true })
    // 1,000 entries is the limit, not over it.
    const thousand = buildZip([wordContentTypes(), ...Array.from({ length: ZIP_LIMITS.maxEntries - 1 }, (_, i) => storedPart(`p/${i}.xml`, 'x'))])
    expect(inspectZip(thousand)).toMatchObject({ ok: true, entries: 1000 })
    // A 1 MiB part of zeros (about 1,000:1) is under the size where the ratio counts.
    expect(inspectZip(buildZip([wordContentTypes(), zerosPart('word/document.xml', 1, MiB)]))).toMatchObject({ ok: true })
  })
})

describe('bombs are refused without inflating', () => {
  it('one part declared 2 GiB (a real deflate stream of 2 GiB of zeros, about 2 MB): more than 50 MB', () => {
    const part = zerosPart('word/document.xml', 2048, MiB)
    expect(part.size).toBe(2 * 1024 * MiB)
    expect(part.data.length).toBeLessThan(2.5 * MiB)
    const bomb = buildZip([wordContentTypes(), part])
    expect(inspectZip(bomb)).toMatchObject({ ok: false, problem: 'tooLarge' })
  })

  it('the bomb is real: a small copy of the same stream inflates to what it declares', () => {
    const part = zerosPart('x', 3, MiB)
    const out = inflateRawSync(part.data)
    expect(out.length).toBe(3 * MiB)
  })

  it('5,003 tiny parts: more than 1,000 entries', () => {
    const many = buildZip([wordContentTypes(), doc(), ...Array.from({ length: 5001 }, (_, i) => storedPart(`customXml/item${i}.xml`, 'x'))])
    expect(inspectZip(many)).toMatchObject({ ok: false, problem: 'tooManyEntries', detail: '5003 entries' })
  })

  it('an end record that hides entries (declares 2 of 1,200) is inconsistent, not a way round the count', () => {
    const parts = [wordContentTypes(), doc(), ...Array.from({ length: 1198 }, (_, i) => storedPart(`p/${i}.xml`, 'x'))]
    expect(inspectZip(buildZip(parts, { endEntries: 2 }))).toMatchObject({ ok: false, problem: 'inconsistent' })
  })

  it('a 10 MiB part in about 10 KB is refused for its ratio alone; parts of plausible ratio adding up over 50 MB for their sum', () => {
    expect(inspectZip(buildZip([wordContentTypes(), zerosPart('word/document.xml', 10, MiB)]))).toMatchObject({ ok: false, problem: 'ratio' })
    // Two parts declaring 30 MiB each in 400 kB (75:1, under the ratio): 60 MiB together.
    const plausible = (name: string) => ({ ...deflatedPart(name, 'x'), size: 30 * MiB, data: Buffer.alloc(400_000) })
    const sum = buildZip([wordContentTypes(), plausible('word/a.xml'), plausible('word/b.xml')])
    expect(inspectZip(sum)).toMatchObject({ ok: false, problem: 'tooLarge' })
  })

  it('overlapping entries (an entry whose data holds another entry, as in the non-recursive zip bomb) are refused', () => {
    // B is a real local record; A stores B's whole record as its data. Both directory entries
    // are honest about their own local header, but A's bytes are B's bytes.
    const b = zerosPart('word/document.xml', 1, MiB)
    const bRecord = localRecord(b)
    const a = storedPart('word/outer.xml', bRecord)
    const aRecord = localRecord(a)
    const bOffset = aRecord.length - bRecord.length
    const directory = Buffer.concat([centralRecord(a, 0), centralRecord(b, bOffset)])
    const overlapping = Buffer.concat([aRecord, directory, endRecord(2, directory.length, aRecord.length)])
    expect(inspectZip(overlapping)).toMatchObject({ ok: false, problem: 'inconsistent', detail: 'entries overlap' })
  })

  it('the same name twice is refused', () => {
    expect(inspectZip(buildZip([wordContentTypes(), doc(), doc()]))).toMatchObject({ ok: false, problem: 'inconsistent', detail: 'two entries with the same name' })
  })
})

describe('an inconsistent directory is refused', () => {
  const base = () => [wordContentTypes(), doc('<w:p/>')]

  it.each([
    ['the directory declares a larger size than the local header', { centralSizes: { index: 1, size: 40 * MiB } }, /other sizes/],
    ['an entry beyond the file', { centralSizes: { index: 1, compressed: 9_000_000, size: 9_000_000 } }, /./],
    ['a directory offset that is not where the directory is', { endOffset: 3 }, /not where the end record says/],
    ['hidden bytes between the last entry and the directory', { gapBeforeDirectory: Buffer.alloc(64, 1) }, /between/],
    ['bytes after the end record', { trailing: Buffer.from('junk') }, /no end-of-directory record/],
    ['an entry pointing at another entry\u2019s local header', { pointEntry: { index: 1, to: 0 } }, /another name/],
  ])('%s', (_, tamper, detail) => {
    const verdict = inspectZip(buildZip(base(), tamper))
    expect(verdict).toMatchObject({ ok: false, problem: 'inconsistent' })
    expect(verdict.ok === false && verdict.detail).toMatch(detail)
  })

  it('ZIP64 (a locator, or markers in an entry) is refused: no document under 5 MB needs it', () => {
    expect(inspectZip(buildZip(base(), { zip64Locator: true }))).toMatchObject({ ok: false, problem: 'zip64' })
    expect(inspectZip(buildZip(base(), { centralSizes: { index: 1, size: 0xffffffff } }))).toMatchObject({ ok: false, problem: 'zip64' })
  })

  it('encryption and other compression methods are refused', () => {
    expect(inspectZip(buildZip(base(), { flags: { index: 1, value: 1 } }))).toMatchObject({ ok: false, problem: 'unsupported' })
    const bzip = { ...doc(), method: 12 as unknown as 8 }
    expect(inspectZip(buildZip([wordContentTypes(), bzip]))).toMatchObject({ ok: false, problem: 'unsupported' })
  })

  it('a part that declares fewer bytes than its own compressed data', () => {
    const liar = { ...doc(randomBytes(2000).toString('hex')), size: 10 }
    expect(inspectZip(buildZip([wordContentTypes(), liar]))).toMatchObject({ ok: false, problem: 'inconsistent', detail: 'an entry declares less than its own data' })
  })

  it('random bytes, an empty archive and a truncated one never throw', () => {
    expect(inspectZip(Buffer.alloc(10))).toMatchObject({ ok: false })
    const empty = Buffer.alloc(22)
    empty.writeUInt32LE(0x06054b50, 0)
    expect(inspectZip(empty)).toMatchObject({ ok: false, problem: 'inconsistent' })
    const whole = smallDocx()
    for (const cut of [30, 100, whole.length - 30, whole.length - 1]) expect(inspectZip(whole.subarray(0, cut)).ok).toBe(false)
  })
})
