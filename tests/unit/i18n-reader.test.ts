/**
 * The browser's reader of compiled messages (app/utils/messages.ts) says what Lingui's runtime
 * says, for every message of every namespace in both languages, with numbers that pick each
 * plural form and strings for the other arguments (decision 074).
 */
import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '#catalog/i18n.ts'
import { NAMESPACES } from '#catalog/locales/index.ts'
import { formatMessage, type CompiledMessage } from '#app/utils/messages.ts'
import { messagesFor } from '#server/i18n/messages.server.ts'
import { placeholders } from '#tests/helpers/i18n-extract.ts'

describe('the browser reader of compiled messages', () => {
  for (const locale of LOCALES) {
    it(`reads every ${locale} message as Lingui does`, () => {
      const messages = messagesFor(locale, NAMESPACES)
      const lingui = setupI18n({ locale, messages: { [locale]: messages } })
      let compared = 0
      for (const [id, compiled] of Object.entries(messages)) {
        const names = placeholders(id)
        for (const n of [0, 1, 2, 5, 21, 1500]) {
          const values = Object.fromEntries(names.map((name) => [name, new RegExp(`\\{\\s*${name}\\s*,\\s*(plural|selectordinal|number)`).test(id) ? n : `«${name}»`]))
          expect(formatMessage(compiled as CompiledMessage, locale, values), id).toBe(lingui._(id, values))
          compared++
        }
      }
      expect(compared).toBeGreaterThan(100)
    })
  }

  it('reads plural forms, exact matches, offset, select and numbers', () => {
    expect(formatMessage([['n', 'plural', { 0: ['ninguno'], one: ['#', ' autobús'], other: ['#', ' autobuses'] }]], 'es', { n: 0 })).toBe('ninguno')
    expect(formatMessage([['n', 'plural', { one: ['#', ' autobús'], other: ['#', ' autobuses'] }]], 'es', { n: 1 })).toBe('1 autobús')
    expect(formatMessage([['n', 'plural', { one: ['#', ' bus'], other: ['#', ' buses'] }]], 'en', { n: 1500 })).toBe('1,500 buses')
    expect(formatMessage([['g', 'select', { a: ['A'], other: ['O'] }]], 'en', { g: 'z' })).toBe('O')
    expect(formatMessage(['Hola ', ['name']], 'es', { name: 'Ana' })).toBe('Hola Ana')
  })
})
