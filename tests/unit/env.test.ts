import { describe, expect, it } from 'vitest'
import { parseEnv } from '#server/env.server.ts'

describe('environment', () => {
  it('gives safe local defaults outside production', () => {
    const e = parseEnv({ NODE_ENV: 'production', OPERON_LOCAL: 'true' })
    expect(e.isProduction).toBe(false)
    expect(e.APP_URL).toBe('http://localhost:3000')
    expect(e.DEMO_DATA).toBe(true)
    expect(e.DATABASE_URL).toBe('file:./data/operon.db')
    expect(e.RATE_LIMIT_FACTOR).toBe(1)
  })

  it('refuses to start in production without its required settings, naming them', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/APP_URL, SESSION_SECRET, JWT_SECRET/)
    expect(() =>
      parseEnv({ NODE_ENV: 'production', APP_URL: 'https://x.example', SESSION_SECRET: 'short', JWT_SECRET: 'x'.repeat(40) }),
    ).toThrow(/SESSION_SECRET must be at least 32 characters/)
  })

  it('accepts a complete production configuration, with demo data off by default', () => {
    const e = parseEnv({
      NODE_ENV: 'production',
      APP_URL: 'https://operon.example/',
      SESSION_SECRET: 's'.repeat(32),
      JWT_SECRET: 'j'.repeat(32),
      RATE_LIMIT_FACTOR: '2.5',
      PORT: '8080',
    })
    expect(e).toMatchObject({ isProduction: true, DEMO_DATA: false, APP_URL: 'https://operon.example', PORT: 8080, RATE_LIMIT_FACTOR: 2.5 })
  })

  it('names a malformed value', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => parseEnv({ DEMO_DATA: 'maybe' })).toThrow(/DEMO_DATA/)
  })
})
