/** What the Express server hands every Remix loader and action. */
export interface OperonLoadContext {
  cspNonce: string
  clientIp: string
}

declare module '@remix-run/node' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends OperonLoadContext {}
}
