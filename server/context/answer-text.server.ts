/**
 * The JSON text a door's answer was made from, kept on the Response (decision 051): the HTTP
 * adapter (server/http/remix-adapter.server.ts) writes it as it is instead of reading the
 * Response's body stream back into a buffer. A registered symbol, because the doors (server
 * build) and the adapter (process entry) are different bundles (decision 080). Here, below
 * both, so that the REST door need not import from the edge.
 */
const ANSWER_TEXT = Symbol.for('operon.answerText')

export function rememberText(response: Response, text: string): Response {
  ;(response as Response & { [ANSWER_TEXT]?: string })[ANSWER_TEXT] = text
  return response
}

export function rememberedText(response: Response): string | undefined {
  return (response as Response & { [ANSWER_TEXT]?: string })[ANSWER_TEXT]
}
