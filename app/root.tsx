import './utils/csp-client.ts'
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
} from '@remix-run/react'
import { useEffect, type ReactNode } from 'react'
import { LazyToaster } from './components/ui/lazy-toaster.tsx'
import { toast as showToast } from './components/ui/toast.ts'
import tailwindHref from './styles/tailwind.css?url'
import { useNonce } from './utils/nonce.tsx'
import { RouteI18nProvider, useT } from './utils/i18n.tsx'
import { routeMessages } from './utils/i18n.server.ts'
import { takeToast, type Toast } from './utils/toast.server.ts'
import { localeOfRequest } from '#server/i18n/messages.server.ts'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: tailwindHref },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The installable app (decision 075): its manifest is in the visitor's language, chosen by the
  // language cookie, which a manifest request only carries with credentials.
  { rel: 'manifest', href: '/manifest.webmanifest', crossOrigin: 'use-credentials' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png', sizes: '180x180' },
]

export const meta: MetaFunction = () => [
  { title: 'Operon' },
  { name: 'description', content: 'Fleet, inspections and repairs for bus companies' },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await takeToast(request)
  return data({ toast, locale: localeOfRequest(request), messages: routeMessages(request, 'common') }, { headers })
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RouteI18nProvider>
      <Document>{children}</Document>
    </RouteI18nProvider>
  )
}

function Document({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const { locale } = useT()
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* The installed app (decision 075), on every page: a route's own `meta` replaces the root's. The accent colour (`--primary`), as in the manifest. */}
        <meta name="theme-color" content="#0046a7" />
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-title" content="Operon" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-background font-sans text-foreground antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

function useToast(toast: Toast | null) {
  useEffect(() => {
    if (!toast) return
    const show = { success: showToast.success, error: showToast.error, warning: showToast.warning, info: showToast.info }[
      toast.type
    ]
    // The spec's error toasts stay 3200 ms.
    show(toast.message, toast.type === 'error' ? { duration: 3200 } : undefined)
  }, [toast])
}

export default function App() {
  const { toast } = useLoaderData<typeof loader>()
  useToast(toast)
  return (
    <>
      {/* Without JavaScript the toast still shows, as a status line. */}
      {toast ? (
        <noscript>
          <p role="status" className="bg-muted px-4 py-2 text-center text-sm">
            {toast.message}
          </p>
        </noscript>
      ) : null}
      <Outlet />
      <LazyToaster />
    </>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const { t } = useT()
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : t('Something went wrong')
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">
        {t('An error occurred on the server, please try again later or contact an administrator.')}
      </p>
      <a className="text-primary underline" href="/dashboard">
        {t('Back to dashboard')}
      </a>
    </main>
  )
}
