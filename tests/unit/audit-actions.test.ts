/**
 * Decision 079, issue 39: every action the server writes into the audit log has a label in the
 * catalogue (else the activity log shows its raw key), and every kind of record a company's log
 * can show has a name. The server's `audit(…)` calls are read with the TypeScript parser: the
 * `action` and `entityType` of each call (both branches of a `? :`), and the action handed to a
 * wrapper such as `auditSignIn(ctx, 'auth.signIn.secondFactorFailed', …)`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { AUDIT_ACTIONS, AUDIT_RECORD_TYPES, auditDetailText, auditRecordTypeLabel } from '#catalog/audit-actions.ts'
import { translator } from '#server/i18n/messages.server.ts'

interface Written {
  value: string
  at: string
}

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* sourceFiles(path)
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) yield path
  }
}

/** The string literals an expression can be: a literal, or either branch of a conditional. */
function literals(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text]
  if (ts.isParenthesizedExpression(node)) return literals(node.expression)
  if (ts.isConditionalExpression(node)) {
    const [a, b] = [literals(node.whenTrue), literals(node.whenFalse)]
    return a && b ? [...a, ...b] : null
  }
  return null
}

/** What the server's audit calls write: actions, record kinds, and the calls whose action is not a literal. */
function auditWrites(root = process.cwd()) {
  const actions: Written[] = []
  const entityTypes: Written[] = []
  const unread: string[] = []
  for (const path of sourceFiles(join(root, 'server'))) {
    const text = readFileSync(path, 'utf8')
    if (!/\baudit\w*\(/.test(text)) continue
    const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
    const where = (node: ts.Node) => `${relative(root, path)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && /^audit[A-Z]?\w*$/.test(node.expression.text)) {
        for (const arg of node.arguments) {
          if (ts.isObjectLiteralExpression(arg)) {
            for (const p of arg.properties) {
              const name = p.name && ts.isIdentifier(p.name) ? p.name.text : null
              if (name !== 'action' && name !== 'entityType') continue
              // `{ action }`: a wrapper passing its own parameter on; its callers are read below.
              if (ts.isShorthandPropertyAssignment(p)) continue
              if (!ts.isPropertyAssignment(p)) continue
              const values = literals(p.initializer)
              if (!values) unread.push(`${name} at ${where(p)}`)
              for (const value of values ?? []) (name === 'action' ? actions : entityTypes).push({ value, at: where(p) })
            }
          } else {
            // A wrapper's action argument: `auditSignIn(ctx, 'auth.signIn.passwordFailed', …)`.
            for (const value of literals(arg) ?? []) if (/^[a-z]\w*(\.[a-zA-Z]\w*)+$/.test(value)) actions.push({ value, at: where(arg) })
          }
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return { actions, entityTypes, unread }
}

describe('the audit catalogue (decision 079)', () => {
  const { actions, entityTypes, unread } = auditWrites()

  it('finds the audit calls of server/, each with a literal action', () => {
    expect(unread).toEqual([])
    expect(new Set(actions.map((a) => a.value)).size).toBeGreaterThan(40)
    expect(actions.map((a) => a.value)).toEqual(expect.arrayContaining(['fleet.import', 'webhook.create', 'webhookDelivery.replay', 'auth.signIn.secondFactorFailed']))
  })

  it('labels every action the server writes', () => {
    const missing = actions.filter((a) => !Object.hasOwn(AUDIT_ACTIONS, a.value)).map((a) => `${a.value} (${a.at})`)
    expect(missing).toEqual([])
  })

  it("names every kind of record a company's log can show", () => {
    // A person's own account (`user`) never shows in a company's log.
    const missing = entityTypes.filter((e) => e.value !== 'user' && !Object.hasOwn(AUDIT_RECORD_TYPES, e.value)).map((e) => `${e.value} (${e.at})`)
    expect(missing).toEqual([])
    expect(auditRecordTypeLabel('fleet_import')).toBe('Fleet import')
    expect(auditRecordTypeLabel('webhookEndpoint')).toBe('Webhook endpoint')
  })

  it('labels and words every detail key it lets through, in Spanish too', () => {
    const es = translator('es')
    for (const [action, info] of Object.entries(AUDIT_ACTIONS)) {
      for (const key of info.details) expect(auditDetailText(key, 1, es).label, `${action}: ${key}`).not.toBe(key)
    }
    expect(auditDetailText('types', 'Owner, Operator', es)).toEqual({ label: 'Tipos de empresa', value: 'Propietario, Operador' })
    expect(auditDetailText('role', 'RepairShop', es).value).toBe('Taller de reparación')
    expect(auditDetailText('side', 'Operator', es).value).toBe('Operador')
    expect(auditDetailText('isSatisfactory', false, es)).toEqual({ label: 'Satisfactorio', value: 'No' })
    expect(auditDetailText('pendingReview', true, es).value).toBe('Sí')
    expect(auditDetailText('method', 'Email', es).value).toBe('Correo electrónico')
    expect(auditDetailText('reason', 'Replaced', es).value).toBe('Replaced')
    expect(auditDetailText('types', 'Owner, Operator', translator('en')).value).toBe('Owner, Operator')
  })
})
