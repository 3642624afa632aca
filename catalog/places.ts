import countries from 'i18n-iso-countries'
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' }
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' }
import { msg, type Locale } from './i18n.ts'

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

/**
 * US states, the District of Columbia and the territories (USPS codes). The names are English,
 * marked with `msg()`: pages show them in the reader's language (`usStatesIn`), the code is what is saved.
 */
export const US_STATES = (
  [
    ['AL', msg('Alabama')], ['AK', msg('Alaska')], ['AZ', msg('Arizona')], ['AR', msg('Arkansas')], ['CA', msg('California')],
    ['CO', msg('Colorado')], ['CT', msg('Connecticut')], ['DE', msg('Delaware')], ['DC', msg('District of Columbia')],
    ['FL', msg('Florida')], ['GA', msg('Georgia')], ['HI', msg('Hawaii')], ['ID', msg('Idaho')], ['IL', msg('Illinois')],
    ['IN', msg('Indiana')], ['IA', msg('Iowa')], ['KS', msg('Kansas')], ['KY', msg('Kentucky')], ['LA', msg('Louisiana')],
    ['ME', msg('Maine')], ['MD', msg('Maryland')], ['MA', msg('Massachusetts')], ['MI', msg('Michigan')], ['MN', msg('Minnesota')],
    ['MS', msg('Mississippi')], ['MO', msg('Missouri')], ['MT', msg('Montana')], ['NE', msg('Nebraska')], ['NV', msg('Nevada')],
    ['NH', msg('New Hampshire')], ['NJ', msg('New Jersey')], ['NM', msg('New Mexico')], ['NY', msg('New York')],
    ['NC', msg('North Carolina')], ['ND', msg('North Dakota')], ['OH', msg('Ohio')], ['OK', msg('Oklahoma')], ['OR', msg('Oregon')],
    ['PA', msg('Pennsylvania')], ['RI', msg('Rhode Island')], ['SC', msg('South Carolina')], ['SD', msg('South Dakota')],
    ['TN', msg('Tennessee')], ['TX', msg('Texas')], ['UT', msg('Utah')], ['VT', msg('Vermont')], ['VA', msg('Virginia')],
    ['WA', msg('Washington')], ['WV', msg('West Virginia')], ['WI', msg('Wisconsin')], ['WY', msg('Wyoming')],
    ['AS', msg('American Samoa')], ['GU', msg('Guam')], ['MP', msg('Northern Mariana Islands')], ['PR', msg('Puerto Rico')],
    ['VI', msg('U.S. Virgin Islands')],
  ] as const
).map(([code, name]) => ({ code: code as string, name: name as string }))

/** The 50 states and the District of Columbia come before the territories in `US_STATES`. */
const STATES_AND_DC = 51
const statesByLocale = new Map<Locale, { code: string; name: string }[]>()

/**
 * The states with their names in `locale` through the catalog (`translate`: the server's
 * translator of that language), sorted in that language (the territories last); the codes are the same. Server side.
 */
export function usStatesIn(locale: Locale, translate: (id: string) => string): { code: string; name: string }[] {
  let list = statesByLocale.get(locale)
  if (!list) {
    const named = US_STATES.map(({ code, name }) => ({ code, name: translate(name) }))
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, locale)
    // The states and DC first, then the territories, as in the English list.
    list = [...named.slice(0, STATES_AND_DC).sort(byName), ...named.slice(STATES_AND_DC).sort(byName)]
    statesByLocale.set(locale, list)
  }
  return list
}

export function isUsState(code: unknown): code is string {
  return typeof code === 'string' && US_STATES.some((s) => s.code === code)
}
