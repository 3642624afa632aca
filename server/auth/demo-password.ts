/**
 * Every demo account's password (README): refused as a real password unless demo data is on
 * (common-passwords.server.ts), shown by the demo's login list. No imports: the login page's
 * bundle carries it (decision 053's budgets).
 */
export const DEMO_PASSWORD = 'Operon-demo-2026'
