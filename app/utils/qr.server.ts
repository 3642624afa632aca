import QRCode from 'qrcode'

/** A QR code as an SVG data URL (rendered on the server: no script needed). */
export async function qrDataUrl(text: string, size = 220): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, width: size, errorCorrectionLevel: 'M' })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}

/** Codes shown on every visit (the company code card, the people list): drawn once, kept a while. */
const REMEMBERED_QRS = 200
const remembered = new Map<string, Promise<string>>()

/**
 * `qrDataUrl` for a code that is not a secret and is drawn again and again (decision 051):
 * the most recent REMEMBERED_QRS drawings are kept. Never for a secret (a TOTP URI).
 */
export function rememberedQrDataUrl(text: string, size = 220): Promise<string> {
  const key = `${size} ${text}`
  let drawing = remembered.get(key)
  if (drawing) {
    remembered.delete(key)
  } else {
    drawing = qrDataUrl(text, size)
    drawing.catch(() => remembered.delete(key))
    if (remembered.size >= REMEMBERED_QRS) remembered.delete(remembered.keys().next().value!)
  }
  remembered.set(key, drawing)
  return drawing
}
