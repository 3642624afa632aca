/**
 * Tiny binary assets generated in code for the demo data: PNG images (signatures, a bus
 * picture, photos) and one-page PDFs. Deterministic, no dependencies beyond node:zlib.
 */
import { deflateSync } from 'node:zlib'

// ---------------------------------------------------------------------------------------
// PNG
// ---------------------------------------------------------------------------------------

const CRC_TABLE = (() => {
  const table = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    table[n] = c >>> 0
  }
  return table
})()

function crc32(buf: Buffer): number {
  let c = 0xffffffff
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typeAndData))
  return Buffer.concat([len, typeAndData, crc])
}

/** An RGBA raster that can be encoded as PNG. */
export class Raster {
  readonly data: Uint8Array
  constructor(
    readonly width: number,
    readonly height: number,
    background: readonly [number, number, number, number] = [0, 0, 0, 0],
  ) {
    this.data = new Uint8Array(width * height * 4)
    this.fillRect(0, 0, width, height, background)
  }

  set(x: number, y: number, [r, g, b, a]: readonly [number, number, number, number]): void {
    const xi = Math.round(x)
    const yi = Math.round(y)
    if (xi < 0 || yi < 0 || xi >= this.width || yi >= this.height) return
    const i = (yi * this.width + xi) * 4
    this.data[i] = r
    this.data[i + 1] = g
    this.data[i + 2] = b
    this.data[i + 3] = a
  }

  fillRect(x0: number, y0: number, w: number, h: number, color: readonly [number, number, number, number]): void {
    for (let y = Math.max(0, y0); y < Math.min(this.height, y0 + h); y++)
      for (let x = Math.max(0, x0); x < Math.min(this.width, x0 + w); x++) this.set(x, y, color)
  }

  fillCircle(cx: number, cy: number, r: number, color: readonly [number, number, number, number]): void {
    for (let y = Math.floor(cy - r); y <= Math.ceil(cy + r); y++)
      for (let x = Math.floor(cx - r); x <= Math.ceil(cx + r); x++)
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) this.set(x, y, color)
  }

  /** A thick line from (x0,y0) to (x1,y1). */
  line(x0: number, y0: number, x1: number, y1: number, thickness: number, color: readonly [number, number, number, number]): void {
    const steps = Math.max(1, Math.ceil(Math.hypot(x1 - x0, y1 - y0) * 2))
    for (let s = 0; s <= steps; s++) {
      const t = s / steps
      this.fillCircle(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, thickness / 2, color)
    }
  }

  toPng(): Buffer {
    const header = Buffer.alloc(13)
    header.writeUInt32BE(this.width, 0)
    header.writeUInt32BE(this.height, 4)
    header[8] = 8 // bit depth
    header[9] = 6 // RGBA
    header[10] = 0
    header[11] = 0
    header[12] = 0
    const stride = this.width * 4
    const raw = Buffer.alloc((stride + 1) * this.height)
    for (let y = 0; y < this.height; y++) {
      raw[y * (stride + 1)] = 0 // filter: none
      Buffer.from(this.data.buffer, this.data.byteOffset + y * stride, stride).copy(raw, y * (stride + 1) + 1)
    }
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ])
  }
}

/**
 * A handwritten-looking signature (transparent background, dark blue ink), different for
 * each seed value.
 */
export function signaturePng(seed: number): Buffer {
  const w = 240
  const h = 80
  const img = new Raster(w, h)
  const ink = [20, 40, 110, 255] as const
  const a1 = 8 + (seed % 7) * 2
  const f1 = 0.07 + (seed % 5) * 0.012
  const f2 = 0.19 + (seed % 3) * 0.03
  const phase = seed * 0.7
  let px = 12
  let py = h / 2
  for (let x = 12; x < w - 20; x += 1) {
    const loop = Math.sin(x * f2 + phase) * (a1 * 0.9)
    const y = h / 2 + Math.sin(x * f1 + phase) * a1 + loop * Math.sin(x * 0.02)
    img.line(px, py, x, y, 2.2, ink)
    px = x
    py = y
  }
  // The underline flourish.
  img.line(30, h - 14, w - 40, h - 18 - (seed % 4), 1.6, ink)
  return img.toPng()
}

/** A simple side view of a bus (800x600 would be too big for the demo: 160x120). */
export function busPng(body: readonly [number, number, number], seed = 0): Buffer {
  const w = 160
  const h = 120
  const sky = [214, 232, 245, 255] as const
  const img = new Raster(w, h, sky)
  img.fillRect(0, 92, w, 28, [120, 124, 128, 255]) // road
  img.fillRect(0, 104, w, 2, [235, 235, 235, 255])
  const color = [body[0], body[1], body[2], 255] as const
  img.fillRect(12, 40, 136, 48, color) // body
  img.fillRect(12, 36, 130, 6, color)
  img.fillRect(12, 60 + (seed % 2), 136, 3, [30, 30, 30, 255]) // stripe
  for (let i = 0; i < 6; i++) img.fillRect(20 + i * 20, 46, 15, 12, [60, 80, 100, 255]) // windows
  img.fillRect(136, 46, 10, 28, [60, 80, 100, 255]) // door
  img.fillCircle(40, 90, 10, [25, 25, 25, 255])
  img.fillCircle(40, 90, 4, [170, 170, 170, 255])
  img.fillCircle(120, 90, 10, [25, 25, 25, 255])
  img.fillCircle(120, 90, 4, [170, 170, 170, 255])
  return img.toPng()
}

/** A small "photo" (a close-up of a worn part, abstract): grey gradient with a mark. */
export function photoPng(seed: number): Buffer {
  const w = 96
  const h = 72
  const img = new Raster(w, h)
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const v = 90 + Math.round(60 * Math.sin((x + seed * 7) * 0.08) * Math.cos(y * 0.06)) + ((x * 31 + y * 17 + seed) % 9)
      img.set(x, y, [v, v - 5, v - 12, 255])
    }
  img.line(20, 50, 70, 22, 3, [200, 40, 30, 255])
  img.fillCircle(70, 22, 6, [200, 40, 30, 255])
  return img.toPng()
}

// ---------------------------------------------------------------------------------------
// PDF
// ---------------------------------------------------------------------------------------

function pdfText(s: string): string {
  return s.replace(/[\\()]/g, (c) => '\\' + c).replace(/[^\x20-\x7e]/g, '?')
}

/** A valid one-page PDF (US Letter) with a title and some lines of text. */
export function simplePdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    'BT',
    '/F1 18 Tf',
    '72 720 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf',
    '0 -28 Td',
    ...lines.flatMap((l) => [`(${pdfText(l)}) Tj`, '0 -16 Td']),
    'ET',
  ].join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title (${pdfText(title)}) /Producer (Operon demo data) >>`,
  ]
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}
