/**
 * Browser set-up for the enforced CSP (decision 046), imported first by `app/root.tsx` so that
 * it runs before any route module is evaluated (Remix evaluates the root route first):
 * - zod builds no parsers with `new Function`: its probe for eval support is reported as a
 *   violation (`script-src` has no `'unsafe-eval'`) even though zod catches the error. The
 *   server keeps zod's compiled parsers.
 * - The `<style>` that Radix's scroll lock (react-remove-scroll) inserts while a dialog is open
 *   gets the page's nonce: it reads `__webpack_nonce__`, set here from the nonce of Remix's
 *   own scripts (the `nonce` property; browsers hide the attribute).
 */
if (typeof document !== 'undefined') {
  // zod reads its configuration from this global (zod/v4/core `globalConfig`); setting it here
  // keeps zod itself out of the root chunk, for the pages that do not use it (decision 053).
  const zod = globalThis as { __zod_globalConfig?: { jitless?: boolean } }
  zod.__zod_globalConfig = { ...zod.__zod_globalConfig, jitless: true }
  const nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce
  if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce
}
