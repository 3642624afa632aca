import { FUEL_CSV_TEMPLATE_HEADER, FUEL_CSV_TEMPLATE_LINES } from '#catalog/fuel-csv.ts'

/** The fuel card import's template (decision 085): the columns it reads, a fill-up and a charge. */
export function fuelCsvTemplate(): { fileName: string; header: readonly string[]; lines: AsyncIterable<readonly string[]> } {
  async function* lines(): AsyncGenerator<readonly string[]> {
    yield* FUEL_CSV_TEMPLATE_LINES
  }
  return { fileName: 'fuel-import-template.csv', header: FUEL_CSV_TEMPLATE_HEADER, lines: lines() }
}
