import { appVersion } from '#server/version.server.ts'

/** The package version and the commit the build was made from, as plain text. */
export function loader() {
  return new Response(appVersion(), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}
