import { forwardRef, type ReactNode, type SVGProps } from 'react'
// Generated at build time by scripts/lucide-sprite.ts (decision 054): one <symbol> per lucide icon the app imports.
import spriteHref from './sprite.svg?url'

export type SpriteIconProps = Omit<SVGProps<SVGSVGElement>, 'ref'> & {
  size?: number | string
  color?: string
  strokeWidth?: number | string
  absoluteStrokeWidth?: boolean
  children?: ReactNode
}

const hasA11yProp = (props: Record<string, unknown>) =>
  Object.keys(props).some((p) => p.startsWith('aria-') || p === 'role' || p === 'title')

/**
 * A lucide icon drawn from the sprite: the same <svg> attributes, classes and accessibility as
 * lucide-react's own component (aria-hidden unless the caller gives it a label, sizes via
 * className or `size`), but one <use> instead of the icon's paths. In production builds
 * `lucide-react` resolves to components made here (scripts/lucide-sprite.ts).
 */
export function spriteIcon(name: string, aliases: readonly string[] = []) {
  const classes = ['lucide', `lucide-${name}`, ...aliases.map((a) => `lucide-${a}`)].join(' ')
  const Icon = forwardRef<SVGSVGElement, SpriteIconProps>(function Icon(
    { size, color, strokeWidth, absoluteStrokeWidth, width, height, className, children, ...rest },
    ref,
  ) {
    const w = width ?? size ?? 24
    const stroke = strokeWidth ?? 2
    const extra = className?.split(' ').filter(Boolean).join(' ')
    return (
      <svg
        ref={ref}
        xmlns="http://www.w3.org/2000/svg"
        width={w}
        height={height ?? size ?? 24}
        viewBox="0 0 24 24"
        fill="none"
        stroke={color || 'currentColor'}
        strokeWidth={absoluteStrokeWidth ? (Number(stroke) * 24) / Number(size ?? w) : stroke}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={extra ? `${classes} ${extra}` : classes}
        aria-hidden={children || hasA11yProp(rest) ? undefined : 'true'}
        {...rest}
      >
        <use href={`${spriteHref}#${name}`} />
        {children}
      </svg>
    )
  })
  Icon.displayName = name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())
  return Icon
}
