import { Fragment, type ReactNode } from 'react'

const MARK = '\u0000'

/** Placeholder values that `rich` swaps for elements: `t('… {email} …', slots('email'))`. */
export function slots<K extends string>(...names: K[]): Record<K, string> {
  return Object.fromEntries(names.map((name) => [name, `${MARK}${name}${MARK}`])) as Record<K, string>
}

/**
 * A translated sentence with elements inside it (a bold email, a link), without cutting the
 * sentence into translated pieces (decision 074):
 * `rich(t('We sent a code to {email}.', slots('email')), { email: <strong>{email}</strong> })`.
 * Each placeholder becomes its element wherever the language puts it.
 */
export function rich(text: string, elements: Record<string, ReactNode>): ReactNode {
  return text.split(MARK).map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{elements[part]}</Fragment> : part))
}
