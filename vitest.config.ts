import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts', 'server/**/*.test.ts', 'db/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/setup/global-setup.ts'],
    setupFiles: ['tests/setup/per-file.ts'],
    pool: 'forks',
    // Files share their worker (decision 047): each file's imports of the app (React, Radix,
    // the routes) are evaluated once per worker instead of once per file. tests/setup/per-file.ts
    // puts back what a file changes in the process (env, clock, process database).
    isolate: false,
    // Vitest's default is one worker fewer than the cores (one, here); the files wait on servers,
    // timers and Chromium more than they compute, so three share two cores well: Vitest took
    // 199 s instead of 355 s (decision 047).
    maxWorkers: 3,
    // On a sqld primary (decision 069) every write is a round trip: the demo data's thousands of
    // statements take several times longer than on a local file.
    testTimeout: process.env.DB_DRIVER?.startsWith('sqld') ? 60_000 : 20_000,
    hookTimeout: 30_000,
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_FACTOR: '100' },
  },
})
