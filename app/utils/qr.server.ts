import QRCode from 'qrcode'

/** A QR code as an SVG data URL (rendered on the server: no script needed). */
export async function qrDataUrl(text: string, size = 220): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, width: size, errorCorrectionLevel: 'M' })
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`
}
