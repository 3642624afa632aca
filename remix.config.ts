import type { VitePluginConfig } from '@remix-run/dev'
import { flatRoutes } from 'remix-flat-routes'

/**
 * The Remix plugin options. The Vite plugin does not read this file by itself
 * (docs/decisions/001): vite.config.ts imports it, so the options live where a
 * Remix developer looks for them.
 */
export const remixConfig: VitePluginConfig = {
  ignoredRouteFiles: ['**/*'],
  serverModuleFormat: 'esm',
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
  routes: async (defineRoutes) =>
    flatRoutes('routes', defineRoutes, {
      ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.server.{ts,tsx}', '**/__*.*'],
    }),
}

export default remixConfig
