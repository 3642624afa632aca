/**
 * A real SMTP server on 127.0.0.1 that keeps what it receives, for tests:
 *
 *   const sink = await startSmtpSink()
 *   process.env.SMTP_URL = sink.url; resetEnvCache()
 *   …
 *   const mail = await sink.waitFor((m) => m.to.includes('ana@example.com'))
 *
 * Messages are parsed simply (headers, multipart/alternative, quoted-printable
 * and base64, encoded-word subjects): enough for what Operon sends. `mailparser`
 * cannot be installed here.
 */
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface SinkMessage {
  /** Envelope recipients (RCPT TO). */
  to: string[]
  /** Envelope sender (MAIL FROM). */
  from: string
  /** Decoded Subject header. */
  subject: string
  /** The text/plain body (decoded), or the whole body of a single-part message. */
  text: string
  /** The text/html body (decoded), if any. */
  html: string | null
  /** Decoded top-level headers, names in lower case. */
  headers: Record<string, string>
  /** The message as received. */
  raw: string
}

export interface SmtpSink {
  port: number
  /** An SMTP_URL for nodemailer: `smtp://127.0.0.1:<port>`. */
  url: string
  messages: SinkMessage[]
  /** Resolves with the first message (already received or arriving) that matches. */
  waitFor(pred: (msg: SinkMessage) => boolean, timeoutMs?: number): Promise<SinkMessage>
  close(): Promise<void>
}

/** Starts a sink; pass `port` to listen on a given port again (e.g. after a close). */
export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const messages: SinkMessage[] = []
  const waiters = new Set<(msg: SinkMessage) => void>()

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'Operon test sink',
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', (error: Error) => callback(error))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        const envelope = session.envelope
        const msg: SinkMessage = {
          ...parseMessage(raw),
          to: envelope.rcptTo.map((a) => a.address),
          from: envelope.mailFrom ? envelope.mailFrom.address : '',
          raw,
        }
        messages.push(msg)
        for (const w of [...waiters]) w(msg)
        callback()
      })
    },
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.server.address() as AddressInfo).port

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(pred, timeoutMs = 5000) {
      const found = messages.find(pred)
      if (found) return Promise.resolve(found)
      return new Promise<SinkMessage>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`No matching email within ${timeoutMs} ms (received ${messages.length})`))
        }, timeoutMs)
        const check = (msg: SinkMessage) => {
          if (!pred(msg)) return
          clearTimeout(timer)
          waiters.delete(check)
          resolve(msg)
        }
        waiters.add(check)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

interface Part {
  headers: Record<string, string>
  body: string
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n')
  const end = normalized.indexOf('\n\n')
  const head = end === -1 ? normalized : normalized.slice(0, end)
  const body = end === -1 ? '' : normalized.slice(end + 2)
  const headers: Record<string, string> = {}
  // Unfold continuation lines, then split "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

function param(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i'))
  return match ? (match[1] ?? match[2]) : undefined
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body)
  return part.body
}

function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = []
  const text = input.replace(/=\n/g, '')
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3)
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as nodemailer writes them. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    )
}

/** Collects the text/plain and text/html leaves of a (possibly multipart) part. */
function leaves(part: Part, found: { text?: string; html?: string }) {
  const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase()
  if (type.startsWith('multipart/')) {
    const boundary = param(part.headers['content-type'], 'boundary')
    if (!boundary) return
    const sections = part.body.split(`--${boundary}`)
    // Skip the preamble and everything after the closing "--boundary--".
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break
      leaves(splitPart(section.replace(/^\n/, '')), found)
    }
    return
  }
  const body = decodeBody(part).replace(/\n$/, '')
  if (type.startsWith('text/html')) found.html ??= body
  else if (type.startsWith('text/plain')) found.text ??= body
}

function parseMessage(raw: string): Pick<SinkMessage, 'subject' | 'text' | 'html' | 'headers'> {
  const top = splitPart(raw)
  const found: { text?: string; html?: string } = {}
  leaves(top, found)
  const headers = Object.fromEntries(Object.entries(top.headers).map(([k, v]) => [k, decodeWords(v)]))
  return {
    headers,
    subject: headers.subject ?? '',
    text: found.text ?? (found.html ? '' : decodeBody(top)),
    html: found.html ?? null,
  }
}
