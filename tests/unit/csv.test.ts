/** The CSV cell: formula injection neutralised, RFC 4180 quoting (decision 068). */
import { describe, expect, it } from 'vitest'
import { CSV_BOM, csvCell, csvResponse, csvRow } from '#server/csv.ts'

describe('csvCell', () => {
  it('neutralises a text cell that starts with =, +, -, @, tab or carriage return', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")"`)
    expect(csvCell('+1+2')).toBe("'+1+2")
    expect(csvCell('-2+3')).toBe("'-2+3")
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)")
    expect(csvCell('\t=1')).toBe("'\t=1")
    expect(csvCell('\r=1')).toBe(`"'\r=1"`)
    expect(csvCell('=cmd|" /C calc"!A0')).toBe(`"'=cmd|"" /C calc""!A0"`)
  })

  it('leaves ordinary text, dates and numbers as they are', () => {
    expect(csvCell('BUS-0001')).toBe('BUS-0001')
    expect(csvCell('2026-11-27')).toBe('2026-11-27')
    expect(csvCell('a=b')).toBe('a=b')
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(3)).toBe('3')
    expect(csvCell(Number.NaN)).toBe('')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(true)).toBe('Yes')
    expect(csvCell(false)).toBe('No')
  })

  it('quotes commas, quotes, line breaks and edge spaces', () => {
    expect(csvCell('Smith, Jane')).toBe('"Smith, Jane"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell(' padded')).toBe('" padded"')
  })

  it('writes a row with CRLF', () => {
    expect(csvRow(['a', '=b', 1, null])).toBe("a,'=b,1,\r\n")
  })
})

describe('csvResponse', () => {
  it('streams the BOM and header, then each line, as a download', async () => {
    async function* lines() {
      yield ['BUS-1', '+danger']
      yield ['BUS-2', 'ok']
    }
    const res = csvResponse('compliance 1.csv', ['Vehicle', 'Note'], lines())
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="compliance_1.csv"')
    // Read with the BOM kept (a plain text() would strip it).
    const body = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer())
    expect(body).toBe(`${CSV_BOM}Vehicle,Note\r\nBUS-1,'+danger\r\nBUS-2,ok\r\n`)
  })
})
