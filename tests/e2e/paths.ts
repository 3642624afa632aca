/**
 * Per-port files of a browser-test run, so that two runs on one machine
 * (E2E_PORT=…) never share a database or a mailbox.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199)
export const E2E_DB = `tests/.tmp/e2e-${E2E_PORT}.db`
/** Where the run's sqld primary listens, when E2E_SQLD is set (tests/e2e/stack.ts writes it). */
export const E2E_SQLD_URL_FILE = `tests/.tmp/e2e-sqld-${E2E_PORT}.url`
export const E2E_MAIL_FILE = `tests/.tmp/e2e-mail-${E2E_PORT}.jsonl`
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`
/** The local SMTP sink and OpenID provider of the run, next to its port. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT - 2)
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT ?? E2E_PORT - 1)
