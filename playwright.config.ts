import { defineConfig } from '@playwright/test'
import { E2E_DB, E2E_OIDC_PORT, E2E_PORT as PORT } from './tests/e2e/paths.ts'

/** Browser tests: Debian's Chromium against the production build on loopback. */
export default defineConfig({
  testDir: 'tests/e2e',
  // Per port: runs side by side (the smoke passes of npm test) must not clear each other's results.
  outputDir: PORT === 3199 ? 'test-results' : `test-results/port-${PORT}`,
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? 'tests/.tmp/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace costs every test its snapshots: in CI only the retry of a failed test records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  // The fit check's projects first: their tests are the longest (a role's pages each), and two
  // workers finish together when the long tests start first and the short ones fill in at the end.
  projects: [
    // The fit check of issue 12 (decision 056): every page at a phone's and a 13-inch laptop's viewport.
    { name: 'phone', use: { browserName: 'chromium', viewport: { width: 360, height: 740 } }, testMatch: 'fit.spec.ts' },
    { name: 'laptop', use: { browserName: 'chromium', viewport: { width: 1366, height: 900 } }, testMatch: 'fit.spec.ts' },
    { name: 'chromium', use: { browserName: 'chromium' }, testIgnore: 'fit.spec.ts' },
  ],
  webServer: {
    command: `rm -f ${E2E_DB} ${E2E_DB}-wal ${E2E_DB}-shm && npx tsx tests/e2e/stack.ts`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    // On a sqld primary the demo data is written statement by statement over HTTP (decision 069).
    timeout: process.env.E2E_SQLD ? 180_000 : 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      OPERON_LOCAL: 'true',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${PORT}`,
      DATABASE_URL: `file:${E2E_DB}`,
      DEMO_DATA: 'true',
      RATE_LIMIT_FACTOR: '50',
      LOG_LEVEL: 'warn',
      GOOGLE_CLIENT_ID: 'operon-e2e-google',
      GOOGLE_CLIENT_SECRET: 'operon-e2e-google-secret',
      OIDC_GOOGLE_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
      // webhooks.spec.ts registers a receiver on loopback (decision 078; off by default).
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
    },
  },
})
