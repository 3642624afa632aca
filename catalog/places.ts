import countries from 'i18n-iso-countries'
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' }
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' }
import type { Locale } from './i18n.ts'

// The country list is bundled with the app: no outside service is reachable.
countries.registerLocale(en)
countries.registerLocale(es)

export const DEFAULT_COUNTRY = 'US'

/** ISO 3166-1 alpha-2 countries, sorted by English name. */
export const COUNTRIES: { code: string; name: string }[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name: code === 'US' ? 'United States' : name }))
  .sort((a, b) => a.name.localeCompare(b.name))

const countriesByLocale = new Map<Locale, { code: string; name: string }[]>([['en', COUNTRIES]])

/** The countries with their names in `locale` (decision 074), sorted in that language; the codes are the same. Server side. */
export function countriesIn(locale: Locale): { code: string; name: string }[] {
  let list = countriesByLocale.get(locale)
  if (!list) {
    const names = countries.getNames(locale, { select: 'official' })
    list = COUNTRIES.map(({ code, name }) => ({ code, name: names[code] ?? name })).sort((a, b) => a.name.localeCompare(b.name, locale))
    countriesByLocale.set(locale, list)
  }
  return list
}

export function isCountryCode(code: unknown): code is string {
  return typeof code === 'string' && COUNTRIES.some((c) => c.code === code)
}

/** US states, the District of Columbia and the territories (USPS codes). */
export const US_STATES = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
  ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'],
  ['HI', 'Hawaii'], ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
  ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'],
  ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'], ['MT', 'Montana'],
  ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'],
  ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
  ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
  ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'], ['AS', 'American Samoa'], ['GU', 'Guam'],
  ['MP', 'Northern Mariana Islands'], ['PR', 'Puerto Rico'], ['VI', 'U.S. Virgin Islands'],
].map(([code, name]) => ({ code: code!, name: name! }))

export function isUsState(code: unknown): code is string {
  return typeof code === 'string' && US_STATES.some((s) => s.code === code)
}
