import type { LoaderFunctionArgs } from '@remix-run/node'
import { localeOfHeaders, type Locale } from '#catalog/i18n.ts'

/** The installed app's colours: the accent (`--primary` of app/styles/tailwind.css, also root.tsx's theme-color) and the page. */
const THEME_COLOR = '#0046a7'
const BACKGROUND_COLOR = '#ffffff'

const DESCRIPTION: Record<Locale, string> = {
  en: 'Operon — fleet, inspections and repairs',
  es: 'Operon — flota, inspecciones y reparaciones',
}

/** The web app manifest (decision 075), in the language of the request: its cookie, else Accept-Language. */
function webManifest(lang: Locale) {
  return {
    id: '/',
    name: 'Operon',
    short_name: 'Operon',
    description: DESCRIPTION[lang],
    lang,
    dir: 'ltr',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  }
}

export function loader({ request }: LoaderFunctionArgs) {
  const lang = localeOfHeaders(request.headers.get('Cookie'), request.headers.get('Accept-Language'))
  return new Response(JSON.stringify(webManifest(lang)), {
    headers: {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Content-Language': lang,
      Vary: 'Cookie, Accept-Language',
      'Cache-Control': 'private, max-age=3600',
    },
  })
}
