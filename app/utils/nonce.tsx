import { createContext, useContext } from 'react'

/**
 * The per-request CSP nonce, for the inline scripts Remix renders and the `<style>` elements
 * of the app (decision 046). The server provides it (entry.server.tsx); in the browser it is
 * the nonce of the page's own scripts (their `nonce` property: browsers hide the attribute),
 * so that elements React creates after hydration carry it too.
 */
const pageNonce = typeof document === 'undefined' ? '' : (document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? '')

export const NonceContext = createContext<string>(pageNonce)
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
