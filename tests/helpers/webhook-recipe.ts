import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export type VerifyWebhook = (secret: string, headers: Record<string, string | undefined>, body: string, toleranceSeconds?: number) => boolean

/**
 * The verification recipe exactly as docs/webhooks.md writes it (its ```js block), loaded from
 * the document: the tests check the code a receiver copies, not a copy of it.
 */
export async function documentedVerifyWebhook(): Promise<VerifyWebhook> {
  const code = /```js\n([\s\S]*?)```/.exec(readFileSync('docs/webhooks.md', 'utf8'))?.[1]
  if (!code) throw new Error('docs/webhooks.md has no ```js block with the verification recipe')
  const file = join(mkdtempSync(join(tmpdir(), 'operon-webhook-recipe-')), 'recipe.mjs')
  writeFileSync(file, code)
  const mod = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { verifyWebhook?: VerifyWebhook }
  if (typeof mod.verifyWebhook !== 'function') throw new Error('the recipe of docs/webhooks.md no longer exports verifyWebhook')
  return mod.verifyWebhook
}
