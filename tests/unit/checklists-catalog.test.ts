/**
 * The catalogue (`catalog/checklists.ts`) matches the product documents key by key: the
 * pre-inspection table of CHECKLISTS.md (section, key, label, order) and the inspection keys of
 * the spec's section 3 with the section sizes CHECKLISTS.md gives. The documents live beside
 * the repository (`../shared/…` from the main checkout, `../../shared/…` from a worktree under
 * `wt/`); where neither is present the comparisons are skipped with the reason.
 */
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DAMAGE_SIDES, PRE_INSPECTION_ITEMS, PRE_INSPECTION_SECTIONS, SAFETY_CRITICAL_PRE_INSPECTION_KEYS } from '#catalog/checklists.ts'
import { INSPECTION_ITEMS, INSPECTION_SECTION_SIZES, INSPECTION_SECTIONS } from '#catalog/inspection-checklist.ts'
import { MAX_IMAGE_BYTES, MAX_REQUEST_BODY_BYTES } from '#catalog/fleet.ts'
import { PRE_TRIP_RULES, preInspectionBody } from '#server/inspections/pre-inspection-schema.ts'

const ROOT = process.cwd()
const find = (relative: string) => [resolve(ROOT, '..', 'shared', relative), resolve(ROOT, '..', '..', 'shared', relative)].find((p) => existsSync(p))
const checklistsMd = find('docs/CHECKLISTS.md')
const specMd = find('spec/operon-spec.md')

describe.skipIf(!checklistsMd)(`CHECKLISTS.md ${checklistsMd ? `(${checklistsMd})` : '(not found at ../shared/docs or ../../shared/docs: skipped)'}`, () => {
  const md = checklistsMd ? readFileSync(checklistsMd, 'utf8') : ''

  it('the pre-inspection table: every row is a catalogue item with the same section and label, in the same order', () => {
    const part = md.slice(md.indexOf('## Pre-inspection'), md.indexOf('## Inspection'))
    const rows = part
      .split('\n')
      .filter((l) => /^\|[^|]+\|\s*[a-zA-Z]+\s*\|[^|]+\|\s*$/.test(l) && !/^\|\s*section/.test(l) && !/^\|-/.test(l))
      .map((l) =>
        l
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim()),
      )
      .map(([section, key, label]) => ({ key, label, section }))
    expect(rows.length).toBeGreaterThan(20)
    expect(PRE_INSPECTION_ITEMS.map((i) => ({ key: i.key, label: i.label, section: i.section }))).toEqual(rows)
    expect([...PRE_INSPECTION_SECTIONS]).toEqual([...new Set(rows.map((r) => r.section))])
  })

  it('the damage sides and their photo fields', () => {
    const sides = md
      .match(/Damage Report sides: (.+?) \(text\)/s)?.[1]
      ?.match(/`(\w+)`/g)
      ?.map((s) => s.replaceAll('`', ''))
    expect(DAMAGE_SIDES.map((s) => s.key)).toEqual(sides)
    for (const s of DAMAGE_SIDES) expect(md).toContain(`\`${s.imageField}\``)
  })

  it('the inspection section sizes (Interior 11, Exterior 5, …) and the labels it spells out', () => {
    const sizes = md.match(/\((Interior \d+(?:, \w+ \d+)+)\)/)?.[1]
    expect(sizes).toBeDefined()
    const parsed = Object.fromEntries(
      sizes!
        .split(', ')
        .map((p) => p.split(' '))
        .map(([s, n]) => [s, Number(n)]),
    )
    expect(INSPECTION_SECTION_SIZES).toEqual(parsed)
    for (const section of INSPECTION_SECTIONS) expect(INSPECTION_ITEMS.filter((i) => i.section === section)).toHaveLength(parsed[section]!)
    const examples = [...md.matchAll(/`(\w+)` → "([^"]+)"/g)]
    expect(examples.length).toBeGreaterThanOrEqual(2)
    for (const [, key, label] of examples) {
      expect(INSPECTION_ITEMS.find((i) => i.key === key)?.label.replace(/\s+/g, ' ')).toBe(label!.replace(/\s+/g, ' '))
    }
  })
})

describe.skipIf(!specMd)(`the spec's inspection keys ${specMd ? `(${specMd})` : '(operon-spec.md not found at ../shared/spec or ../../shared/spec: skipped)'}`, () => {
  const spec = specMd ? readFileSync(specMd, 'utf8') : ''

  it('every section and key of section 3 "Inspection", spelt and ordered as the spec', () => {
    const part = spec.slice(spec.indexOf('Checklist item keys by section'), spec.indexOf('### Other entities'))
    const sections = [...part.matchAll(/^\s*- (\w+): (.+)\.$/gm)].map(([, section, keys]) => ({ section, keys: keys!.split(',').map((k) => k.trim()) }))
    expect(sections.map((s) => s.section)).toEqual([...INSPECTION_SECTIONS])
    for (const s of sections) expect(INSPECTION_ITEMS.filter((i) => i.section === s.section).map((i) => i.key)).toEqual(s.keys)
    expect(INSPECTION_ITEMS).toHaveLength(48)
  })

  it("the spec's named pre-inspection keys are all in the catalogue", () => {
    const line = spec.match(/Boolean defect flags per checklist item, including ([^(]+)\(/)?.[1]
    const named = line!
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean)
    expect(named.length).toBeGreaterThan(10)
    for (const key of named) expect(PRE_INSPECTION_ITEMS.map((i) => i.key)).toContain(key)
  })
})

describe('the catalogue on its own', () => {
  it('keys are unique; safety-critical keys are pre-inspection keys; the body schema has every key', () => {
    const keys = PRE_INSPECTION_ITEMS.map((i) => i.key)
    expect(new Set(keys).size).toBe(keys.length)
    expect(new Set(INSPECTION_ITEMS.map((i) => i.key)).size).toBe(48)
    for (const k of SAFETY_CRITICAL_PRE_INSPECTION_KEYS) expect(keys).toContain(k)
    const shape = Object.keys(preInspectionBody.shape)
    for (const k of [...keys, ...DAMAGE_SIDES.flatMap((s) => [s.key, s.imageField])]) expect(shape).toContain(k)
  })

  it('the largest valid pre-trip (four sides, a signature and the extra photos at 2 MiB each, in base64) fits the 32 MiB body', () => {
    const pictures = DAMAGE_SIDES.length + 1 + PRE_TRIP_RULES.maxPhotos
    const base64 = Math.ceil(MAX_IMAGE_BYTES / 3) * 4
    const texts = (DAMAGE_SIDES.length + 1) * PRE_TRIP_RULES.textMax * 6 // escaped worst case
    expect(pictures * (base64 + 64) + texts + 16 * 1024).toBeLessThan(MAX_REQUEST_BODY_BYTES)
  })
})
