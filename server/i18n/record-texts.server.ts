/**
 * A record's text as a reader reads it (decision 082): Operon's own sentence, kept as a key and
 * its values, in the reader's language, or in the contract's English (dates and odometers as REST
 * has always sent them) for a caller without one: REST, the CSV exports. Text that is not
 * Operon's (typed, or not recognised by migration 0014) is shown as it was stored.
 */
import { DEFAULT_LOCALE, type Locale } from '#catalog/i18n.ts'
import { renderRecordText, type RecordText } from '#catalog/record-texts.ts'
import { translator } from './messages.server.ts'

export function readRecordText(text: RecordText | null, stored: string | null, locale: Locale | undefined): string | null {
  if (!text) return stored
  return renderRecordText(text, translator(locale ?? DEFAULT_LOCALE), locale ?? null) ?? stored
}
