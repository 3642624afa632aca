/**
 * Decision 074: every English text the code translates has its Spanish, and every Spanish entry
 * is used; both sides use the same placeholders and compile as ICU messages.
 */
import { compileMessage } from '@lingui/message-utils/compileMessage'
import { describe, expect, it } from 'vitest'
import { COMMON_PARTS, SPANISH } from '#catalog/locales/index.ts'
import { extractMessages, placeholders } from '#tests/helpers/i18n-extract.ts'

const used = extractMessages()
const usedIds = new Set(used.map((m) => m.id))
const spanish = new Map<string, string>()
for (const catalog of Object.values(SPANISH)) for (const [id, es] of Object.entries(catalog as Record<string, string>)) spanish.set(id, es)

describe('the Spanish catalogs', () => {
  it('the code translates texts', () => {
    expect(used.length).toBeGreaterThan(0)
  })

  it('have every text the code translates', () => {
    const missing = used.filter((m) => !spanish.has(m.id)).map((m) => `${m.file}:${m.line}  ${JSON.stringify(m.id)}`)
    expect([...new Set(missing)]).toEqual([])
  })

  it('have no entry the code does not use', () => {
    const unused = [...spanish.keys()].filter((id) => !usedIds.has(id))
    expect(unused).toEqual([])
  })

  it('translate each text with the same placeholders, as messages that compile', () => {
    const wrong: string[] = []
    for (const [id, es] of spanish) {
      if (placeholders(id).join() !== placeholders(es).join()) wrong.push(`${JSON.stringify(id)}: placeholders ${placeholders(id)} vs ${placeholders(es)}`)
      for (const text of [id, es]) {
        try {
          if (text.includes('{')) compileMessage(text)
        } catch (e) {
          wrong.push(`${JSON.stringify(text)}: ${(e as Error).message}`)
        }
      }
      if (!es.trim()) wrong.push(`${JSON.stringify(id)}: empty`)
    }
    expect(wrong).toEqual([])
  })

  it('do not give one text two translations in different places', () => {
    const seen = new Map<string, { es: string; where: string }>()
    const clashes: string[] = []
    const catalogs: Record<string, Record<string, string>> = { ...(SPANISH as Record<string, Record<string, string>>), ...(COMMON_PARTS as Record<string, Record<string, string>>) }
    delete catalogs.common
    for (const [where, catalog] of Object.entries(catalogs)) {
      for (const [id, es] of Object.entries(catalog)) {
        const before = seen.get(id)
        if (before && before.es !== es) clashes.push(`${JSON.stringify(id)}: ${before.where} ${JSON.stringify(before.es)} vs ${where} ${JSON.stringify(es)}`)
        else seen.set(id, { es, where })
      }
    }
    expect(clashes).toEqual([])
  })
})
