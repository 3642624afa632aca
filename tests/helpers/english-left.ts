/**
 * Issue 39's check (decision 074): which texts of the other language a person reads on a page or
 * in a PDF. The texts looked for are the catalogue's messages whose translation differs (the
 * English ids on a Spanish page, their Spanish on an English one) and the English sentences
 * the server writes into records; a message with values is a pattern, its values wildcards.
 * Found inside any shown text, on word boundaries, after the user data of the demo seed (names,
 * identifiers, addresses, typed notes) is taken out.
 */
import type { Database } from '#db/client.ts'
import * as s from '#db/schema/index.ts'
import { timeZoneNames } from '#catalog/company-settings.ts'
import { SPANISH } from '#catalog/locales/index.ts'
import { DEMO_LOGINS } from '#server/demo/logins.ts'

/**
 * Words written the same in both languages that a catalogue message of one word would otherwise
 * flag in the other language's text: each with why it is no mistake. (Words of one or two
 * letters, such as ID, OK or QR, are never looked for alone.)
 */
export const SAME_IN_BOTH: Readonly<Record<string, string>> = {
  VIN: 'the vehicle identification number, an acronym Spanish keeps',
  PDF: 'a file format',
  CSV: 'a file format',
  Motor: 'English too ("Federal Motor Carrier Safety Administration"); Spanish for Engine',
}

/**
 * Shown texts that are no words of either language but a file's format, taken out as user data is.
 */
export const LITERALS: Readonly<Record<string, string>> = {
  'Yes/No': "the fleet import's CSV values, named in the import's help: the file's format is English (its column names too)",
  'Federal Motor Carrier Safety Regulations': "the regulations' own name, given after its Spanish in the Spanish lease",
}

/**
 * English sentences the server writes into records (repair actions, their tasks, the demo
 * data's), as patterns: shown on a Spanish page they are English to the reader. Issue 39
 * point 4 turns them into keys and values; this list keeps them from coming back.
 * (server/repairs/open-repair-action.server.ts, server/inspections/*.server.ts, server/demo/drives.ts)
 */
export const RECORD_SENTENCES = [
  'Defects reported by {name} on the pre-trip inspection of {date} ({odometer}).',
  'Reported defective on the pre-trip ({section}).',
  'Reported defective ({section}). Inspect and repair.',
  'Damage: {label}',
  'Unsatisfactory items found by {name} on the inspection of {date} ({odometer}).',
  'Unsatisfactory emergency exits found by {name} ({role}) on the 90-day emergency-exit check of {date} ({odometer}).',
]

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#' ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e] ?? m),
  )
const tidy = (text: string) => text.replace(/[\s\u00a0]+/g, ' ').trim()

/** What a person reads or hears on a page: text between tags and the attributes that are read out. */
export function shownTexts(html: string): string[] {
  const body = html.replace(/<script[\s\S]*?<\/script>/gi, ' ').replace(/<style[\s\S]*?<\/style>/gi, ' ').replace(/<!--[\s\S]*?-->/g, ' ')
  const texts: string[] = []
  for (const m of body.matchAll(/>([^<]+)</g)) texts.push(m[1]!)
  for (const m of body.matchAll(/\s(?:placeholder|aria-label|title|alt)="([^"]*)"/g)) texts.push(m[1]!)
  for (const m of body.matchAll(/<input\b[^>]*\btype="(?:submit|button)"[^>]*>/g)) texts.push(/\svalue="([^"]*)"/.exec(m[0])?.[1] ?? '')
  for (const m of html.matchAll(/<title>([^<]*)<\/title>/g)) texts.push(m[1]!)
  return texts.map((t) => tidy(decode(t))).filter(Boolean)
}

/** A PDF's text as pdftotext lays it out: its lines (columns split where pdftotext left wide gaps). */
export function pdfLines(text: string): string[] {
  return text
    .split(/\n|\f| {3,}/)
    .map(tidy)
    .filter(Boolean)
}

const WILD = '\u0001'
/** Where user data was taken out: a wildcard may stand for it, a word may not run into it. */
const MASK = '\u2063'

/** The `{…}` that opens at `start`: its inside and where it ends. */
function braced(text: string, start: number): { inside: string; end: number } {
  let depth = 1
  let i = start
  while (depth > 0 && ++i < text.length) depth += text[i] === '{' ? 1 : text[i] === '}' ? -1 : 0
  return { inside: text.slice(start + 1, i), end: i }
}

/**
 * An ICU message's literal texts: a value (`{name}`, `#`) is one WILD; a plural or a select gives
 * one text per branch (`{n, plural, one {# bus} other {# buses}}`: `WILD bus`, `WILD buses`).
 */
function literalsOf(message: string, inPlural = false): string[] {
  let outs = ['']
  const add = (pieces: string[]) => (outs = outs.flatMap((o) => pieces.map((p) => o + p)).slice(0, 64))
  for (let i = 0; i < message.length; i++) {
    const c = message[i]!
    if (c === "'" && message[i + 1] === "'") {
      add(["'"])
      i++
    } else if (c === '#' && inPlural) add([WILD])
    else if (c === '{') {
      const { inside, end } = braced(message, i)
      i = end
      const kind = /^\s*\w+\s*,\s*(plural|selectordinal|select)\s*,/.exec(inside)
      if (!kind) {
        add([WILD])
        continue
      }
      const branches: string[] = []
      const rest = inside.slice(kind[0].length)
      for (let j = 0; j < rest.length; j++) if (rest[j] === '{') {
        const branch = braced(rest, j)
        branches.push(...literalsOf(branch.inside, kind[1] !== 'select'))
        j = branch.end
      }
      add(branches.length ? branches : [WILD])
    } else add([c])
  }
  return outs.map(tidy)
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const LETTER = /[\p{L}\p{N}]/u

export interface Needle {
  /** The message as written in the catalogue (or RECORD_SENTENCES). */
  message: string
  /** A literal word of it, to skip texts that cannot hold it without running the pattern. */
  word: string
  pattern: RegExp
}

/**
 * One literal text of a message as a pattern: its values match anything, its words match on word
 * boundaries (apostrophes and quotes of either kind). Null when too little of it is literal to
 * say which language a text is in (`{a} · {b}`, `{n} mi`) or when it is only a word of SAME_IN_BOTH.
 */
function needleOf(message: string, literal: string): Needle | null {
  const parts = literal.split(WILD).map((p) => p.trim())
  while (parts.length && !parts[0]) parts.shift()
  while (parts.length && !parts.at(-1)) parts.pop()
  const words = literal.split(WILD).join(' ').match(/[\p{L}]+/gu) ?? []
  if (words.join('').length < 3 || words.every((w) => w.length < 3 || w in SAME_IN_BOTH)) return null
  const source = parts
    .map((part) =>
      escape(part)
        .replace(/ /g, '\\s+')
        .replace(/['’]/g, "['’]")
        .replace(/["“”]/g, '["“”«»]'),
    )
    .join('.+?')
  const first = parts[0] ?? ''
  const last = parts.at(-1) ?? ''
  const before = LETTER.test(first[0] ?? '') ? '(?<![\\p{L}\\p{N}])' : ''
  const after = LETTER.test(last.at(-1) ?? '') ? '(?![\\p{L}\\p{N}])' : ''
  const word = [...words].sort((a, b) => b.length - a.length)[0]!
  return { message, word, pattern: new RegExp(`${before}${source}${after}`, 'u') }
}

/** Every catalogue message, English id → its Spanish, where the two differ (any namespace). */
function translated(): [english: string, spanish: string][] {
  const pairs = new Map<string, string>()
  for (const catalog of Object.values(SPANISH)) {
    for (const [id, es] of Object.entries(catalog as Record<string, string>)) if (tidy(es) !== tidy(id)) pairs.set(id, es)
  }
  return [...pairs]
}

/**
 * What to look for in a text of `language`: the other language's messages (in Spanish, also the
 * English record sentences and `english`: more English the demo shows).
 */
export function needlesFor(language: 'es' | 'en', english: string[] = []): Needle[] {
  const pairs = translated()
  const messages = language === 'es' ? [...pairs.map(([en]) => en), ...RECORD_SENTENCES, ...english] : pairs.map(([, es]) => es)
  // A message also written the same in the reader's language (another entry's translation) is no sign of the other language.
  const own = new Set(pairs.map(([en, es]) => tidy(language === 'es' ? es : en)))
  // Messages that are one pattern (`Lease`, `Lease {vehicle}`): the shortest says it.
  const byPattern = new Map<string, Needle>()
  for (const m of [...new Set(messages)].filter((m) => !own.has(tidy(m))).sort((a, b) => a.length - b.length)) {
    for (const literal of literalsOf(m)) {
      const n = needleOf(m, literal)
      if (n && !byPattern.has(n.pattern.source)) byPattern.set(n.pattern.source, n)
    }
  }
  return [...byPattern.values()]
}

/**
 * The user data of the demo seed, longest first: what people named or typed (companies,
 * addresses, people, vehicles, documents, notes on pre-trips and inspections, requests,
 * webhooks). Not the texts the server writes (repair
 * actions' comments, repair tasks' names and descriptions, the activity log): those are checked.
 */
export async function demoUserData(db: Database): Promise<string[]> {
  const r = db.read
  const rows: unknown[][] = [
    ...(await r.select({ a: s.companies.name, b: s.companies.code, c: s.companies.address }).from(s.companies)).map(Object.values),
    ...(await r.select({ a: s.users.firstName, b: s.users.lastName, c: s.users.email, d: s.users.personalIdentifier, e: s.users.inspectorQualification }).from(s.users)).map(Object.values),
    ...(await r.select({ a: s.userLicenses.licenseNumber }).from(s.userLicenses)).map(Object.values),
    ...(await r
      .select({ a: s.vehicles.make, b: s.vehicles.model, c: s.vehicles.vin, d: s.vehicles.vehicleIdentifier, e: s.vehicles.licensePlate, f: s.vehicles.color, g: s.vehicles.bodyManufacturer, h: s.vehicles.tireSize, i: s.vehicles.titleHire })
      .from(s.vehicles)).map(Object.values),
    ...(await r.select({ a: s.vehicleDocuments.fileName, b: s.vehicleDocuments.uploadedByName }).from(s.vehicleDocuments)).map(Object.values),
    ...(await r
      .select({ a: s.preInspections.driverName, b: s.preInspections.comments, c: s.preInspections.damageFront, d: s.preInspections.damageRear, e: s.preInspections.damageRightSide, f: s.preInspections.damageLeftSide, g: s.preInspections.signatureName })
      .from(s.preInspections)).map(Object.values),
    ...(await r.select({ a: s.inspections.inspectorName, b: s.inspections.signatureName, c: s.inspections.reviewedByName, d: s.inspections.inspectorQualification }).from(s.inspections)).map(Object.values),
    ...(await r.select({ a: s.inspectionItems.comments }).from(s.inspectionItems)).map(Object.values),
    ...(await r.select({ a: s.emergencyExitChecks.inspectorName, b: s.emergencyExitChecks.signatureName }).from(s.emergencyExitChecks)).map(Object.values),
    ...(await r.select({ a: s.emergencyExitCheckItems.comments }).from(s.emergencyExitCheckItems)).map(Object.values),
    ...(await r.select({ a: s.leaseAgreements.ownerName, b: s.leaseAgreements.ownerAddress, c: s.leaseAgreements.operatorName, d: s.leaseAgreements.operatorAddress }).from(s.leaseAgreements)).map(Object.values),
    ...(await r.select({ a: s.leaseSignatures.signerName }).from(s.leaseSignatures)).map(Object.values),
    ...(await r.select({ a: s.repairActions.repairIdentifier, b: s.repairActions.repairedByName }).from(s.repairActions)).map(Object.values),
    ...(await r.select({ a: s.vehicleRequests.message }).from(s.vehicleRequests)).map(Object.values),
    ...(await r.select({ a: s.webhookEndpoints.url, b: s.webhookEndpoints.description }).from(s.webhookEndpoints)).map(Object.values),
    ...(await r.select({ a: s.fleetImports.fileName }).from(s.fleetImports)).map(Object.values),
    // Issue 36: what the shop typed on its cost lines, the fill-ups' stations and cards, a fuel card file's name.
    ...(await r
      .select({ a: s.repairCostLines.description, b: s.repairCostLines.partNumber, c: s.repairCostLines.mechanicName, d: s.repairCostLines.vendor, e: s.repairCostLines.createdByName })
      .from(s.repairCostLines)).map(Object.values),
    ...(await r.select({ a: s.fuelEntries.station, b: s.fuelEntries.card, c: s.fuelEntries.recordedByName }).from(s.fuelEntries)).map(Object.values),
    ...(await r.select({ a: s.fuelImports.fileName }).from(s.fuelImports)).map(Object.values),
    ...(await r.select({ a: s.serviceRecords.performedBy }).from(s.serviceRecords)).map(Object.values),
  ]
  // A value that is itself a catalogue text (a colour chosen from a list) is no user data: the page must translate it.
  const catalogue = new Set(translated().flatMap(([en, es]) => [tidy(en), tidy(es)]))
  const values = new Set<string>()
  for (const v of rows.flat()) if (typeof v === 'string' && /\p{L}/u.test(v) && tidy(v).length >= 3 && !catalogue.has(tidy(v))) values.add(tidy(v))
  return [...values].sort((a, b) => b.length - a.length)
}

/**
 * The demo logins' descriptions (the login page lists them), the names in them as values: English
 * to a Spanish reader until the page says them in Spanish (issue 39 point 8).
 */
export function demoLoginSentences(userData: string[]): string[] {
  return DEMO_LOGINS.map((l) => userData.reduce((text, value) => text.split(value).join('{value}'), l.description))
}

export interface Finding {
  /** The shown text (user data marked ⁣). */
  text: string
  /** The messages found in it, none inside another found there. */
  messages: string[]
}

/** IANA time zone names as the time zone select shows them (`America/New York`): identifiers, as a VIN is. */
const zoneNames = () => timeZoneNames().flatMap((z) => [z, z.replaceAll('_', ' ')])

/**
 * Looks for `needles` in one text once user data, LITERALS and time zone names are taken out;
 * a text seen before (the shell of every page) is answered from the cache.
 */
export function makeFinder(needles: Needle[], userData: string[]) {
  const masked = [...new Set([...userData, ...Object.keys(LITERALS), ...zoneNames()])].sort((a, b) => b.length - a.length)
  const data = new RegExp(`(?<![\\p{L}\\p{N}])(?:${masked.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'gu')
  const cache = new Map<string, Finding | null>()
  const one = (shown: string): Finding | null => {
    const text = shown.replace(data, MASK)
    const hits: { message: string; match: string }[] = []
    for (const n of needles) {
      if (!text.includes(n.word)) continue
      const m = n.pattern.exec(text)
      if (m) hits.push({ message: n.message, match: m[0] })
    }
    const kept = hits.filter((h) => !hits.some((o) => o !== h && o.match.length > h.match.length && o.match.includes(h.match)))
    return kept.length ? { text, messages: [...new Set(kept.map((h) => h.message))] } : null
  }
  return (shown: string): Finding | null => {
    if (!cache.has(shown)) cache.set(shown, one(shown))
    return cache.get(shown)!
  }
}

/** What `find` says of each of `texts` (each text once). */
export function findAll(find: (text: string) => Finding | null, texts: string[]): Finding[] {
  return [...new Set(texts)].flatMap((t) => find(t) ?? [])
}

/** A report's lines for one page or PDF: each text and the messages of the other language it holds. */
export function report(where: string, findings: Finding[]): string {
  const shorten = (t: string) => (t.length > 140 ? `${t.slice(0, 137)}…` : t)
  return [`${where}:`, ...findings.map((f) => `    ${JSON.stringify(shorten(f.text))}  ← ${f.messages.map((m) => JSON.stringify(m)).join(', ')}`)].join('\n')
}
