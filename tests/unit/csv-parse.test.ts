import { describe, expect, it } from 'vitest'
import { CsvSyntaxError, decodeUtf8, detectDelimiter, looksBinary, parseCsv } from '#server/fleet/import/csv-parse.ts'
import { FLEET_CSV_COLUMNS, FLEET_CSV_EXAMPLE, fleetCsvCells, fleetCsvColumnOf, unneutralise } from '#catalog/fleet-csv.ts'
import { vinCheckDigitValid } from '#catalog/vin.ts'
import { csvRow } from '#server/csv.ts'

const cells = (text: string) => parseCsv(text).records.map((r) => r.cells)

describe('the fleet import CSV reader', () => {
  it('reads commas, CRLF and LF, and drops a byte-order mark', () => {
    expect(cells('\uFEFFa,b\r\n1,2\n3,4')).toEqual([['a', 'b'], ['1', '2'], ['3', '4']])
  })
  it('detects the separator from the header line only', () => {
    expect(detectDelimiter('a;b;c\n1,2,3,4,5')).toBe(';')
    expect(detectDelimiter('"x;y",b\n')).toBe(',')
    expect(parseCsv('a;b\r\n"1,5";2').records[1]!.cells).toEqual(['1,5', '2'])
  })
  it('reads quoted fields: doubled quotes, separators and line breaks inside, and numbers records by their first line', () => {
    const parsed = parseCsv('a,b\r\n"say ""hi""","x,y"\r\n"two\r\nlines",z\r\nlast,1\r\n')
    expect(parsed.records.map((r) => [r.line, r.cells])).toEqual([
      [1, ['a', 'b']],
      [2, ['say "hi"', 'x,y']],
      [3, ['two\r\nlines', 'z']],
      [5, ['last', '1']],
    ])
  })
  it('keeps empty cells and skips blank lines', () => {
    expect(cells('a,b,c\r\n,,\r\n\r\n1,,3\r\n')).toEqual([['a', 'b', 'c'], ['', '', ''], ['1', '', '3']])
  })
  it('refuses a quote left open or text after a closing quote, naming the line', () => {
    expect(() => parseCsv('a\r\n"open\r\nstill')).toThrow(CsvSyntaxError)
    expect(() => parseCsv('a,b\r\n"x"y,1')).toThrowError(/closing quote/)
    try {
      parseCsv('a\r\nb\r\n"open')
    } catch (e) {
      expect((e as CsvSyntaxError).line).toBe(3)
    }
  })
  it('stops early past the row limit', () => {
    const text = ['h', ...Array.from({ length: 20 }, (_, i) => String(i))].join('\n')
    const parsed = parseCsv(text, 5)
    expect(parsed.truncated).toBe(true)
    expect(parsed.records.length).toBe(6)
  })
  it('tells text from binary and UTF-8 from other encodings', () => {
    expect(looksBinary(new Uint8Array([0x41, 0, 0x42]))).toBe(true)
    expect(looksBinary(new TextEncoder().encode('Ä,b'))).toBe(false)
    expect(decodeUtf8(new Uint8Array([0xc4, 0x2c]))).toBeNull()
    expect(decodeUtf8(new TextEncoder().encode('Ä,b'))).toBe('Ä,b')
  })
})

describe('the fleet CSV columns', () => {
  it('the example bus has a valid VIN and reads back as it was written', () => {
    expect(vinCheckDigitValid(FLEET_CSV_EXAMPLE.vin as string)).toBe(true)
    const line = csvRow(fleetCsvCells(FLEET_CSV_EXAMPLE))
    const [back] = parseCsv(line).records
    const read = Object.fromEntries(FLEET_CSV_COLUMNS.map((c, i) => [c.name, c.read(back!.cells[i]!, { decimalComma: false })]))
    expect(read.fuelType).toEqual({ ok: true, value: 1 })
    expect(read.adaCompliant).toEqual({ ok: true, value: true })
    expect(read.copilotSeat).toEqual({ ok: true, value: false })
    expect(read.weightClass).toEqual({ ok: true, value: FLEET_CSV_EXAMPLE.weightClass })
  })
  it('matches headers ignoring case, spaces, hyphens and underscores', () => {
    expect(fleetCsvColumnOf('Vehicle identifier')?.name).toBe('vehicleIdentifier')
    expect(fleetCsvColumnOf('LICENSE_PLATE')?.name).toBe('licensePlate')
    expect(fleetCsvColumnOf('colour')).toBeUndefined()
  })
  it("undoes the export's formula neutralising", () => {
    expect(unneutralise("'=SUM(A1)")).toBe('=SUM(A1)')
    expect(unneutralise("'plain")).toBe("'plain")
  })
  it('reads enum labels or numbers, Yes/No, and decimal commas only for semicolon files', () => {
    const col = (n: string) => fleetCsvColumnOf(n)!
    expect(col('fuelType').read('natural gas', { decimalComma: false })).toEqual({ ok: true, value: 4 })
    expect(col('fuelType').read('2', { decimalComma: false })).toEqual({ ok: true, value: 2 })
    expect(col('fuelType').read('Petrol', { decimalComma: false }).ok).toBe(false)
    expect(col('gps').read('no', { decimalComma: false })).toEqual({ ok: true, value: false })
    expect(col('length').read('12,5', { decimalComma: true })).toEqual({ ok: true, value: '12.5' })
    expect(col('length').read('12,5', { decimalComma: false })).toEqual({ ok: true, value: '12,5' })
  })
})
