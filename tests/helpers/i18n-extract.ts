/**
 * The message ids the code uses (decision 074): the first argument of every `t('…')` and
 * `msg('…')` call in app/, server/ and catalog/, read with the TypeScript parser. A text passed
 * around as data is marked with `msg()` where it is written, so it is found too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

export interface ExtractedMessage {
  id: string
  file: string
  line: number
}

const ROOTS = ['app', 'server', 'catalog']
const SKIP = /(^|\/)(catalog\/locales|node_modules|build)(\/|$)|\.test\.tsx?$/

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (SKIP.test(path)) continue
    if (statSync(path).isDirectory()) yield* sourceFiles(path)
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts')) yield path
  }
}

const CALLEES = new Set(['t', 'msg'])

export function extractMessages(root = process.cwd()): ExtractedMessage[] {
  const found: ExtractedMessage[] = []
  for (const top of ROOTS) {
    for (const path of sourceFiles(join(root, top))) {
      const text = readFileSync(path, 'utf8')
      if (!/\b(t|msg)\(/.test(text)) continue
      const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
      const visit = (node: ts.Node) => {
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && CALLEES.has(node.expression.text)) {
          const [first] = node.arguments
          if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) {
            const { line } = source.getLineAndCharacterOfPosition(first.getStart())
            found.push({ id: first.text, file: relative(root, path), line: line + 1 })
          }
        }
        ts.forEachChild(node, visit)
      }
      visit(source)
    }
  }
  return found
}

/** The ICU arguments a message uses (`{name}`, `{count, plural, …}` → name, count). */
export function placeholders(message: string): string[] {
  const names = new Set<string>()
  for (const m of message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*(?:,|\})/g)) names.add(m[1]!)
  return [...names].sort()
}
