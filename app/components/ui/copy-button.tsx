import { CheckIcon, CopyIcon } from 'lucide-react'
import * as React from 'react'
import { Button, type ButtonProps } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { useT } from '#app/utils/i18n.tsx'

/** How long the "copied" confirmation (spec's text) stays (spec: 2 s). */
export const COPIED_MS = 2000

async function writeClipboard(text: string) {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text)
    return
  }
  // Fallback for non-secure contexts (plain http), where navigator.clipboard is missing.
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  const ok = document.execCommand('copy')
  area.remove()
  if (!ok) throw new Error('Copy failed')
}

type CopyButtonProps = Omit<ButtonProps, 'onClick' | 'children' | 'asChild'> & {
  /** The text put on the clipboard. */
  text: string
  /** Accessible name (already translated), e.g. "Copy support email". Default "Copy", in the page's language. */
  label?: string
}

/**
 * Copies `text` to the clipboard and shows "copied" for 2 seconds
 * (announced to screen readers through a polite live region).
 */
function CopyButton({
  text,
  label: labelProp,
  variant = 'ghost',
  size = 'sm',
  className,
  ...props
}: CopyButtonProps) {
  const { t } = useT()
  const label = labelProp ?? t('Copy')
  const [state, setState] = React.useState<'idle' | 'copied' | 'failed'>('idle')

  React.useEffect(() => {
    if (state === 'idle') return
    const timer = window.setTimeout(() => setState('idle'), COPIED_MS)
    return () => window.clearTimeout(timer)
  }, [state])

  const message = state === 'copied' ? t('copied') : state === 'failed' ? t('Copy failed') : null

  return (
    <>
      <Button
        type="button"
        variant={variant}
        size={size}
        aria-label={message ?? label}
        title={label}
        data-state={state}
        className={cn('gap-1', className)}
        onClick={() => {
          writeClipboard(text).then(
            () => setState('copied'),
            () => setState('failed'),
          )
        }}
        {...props}
      >
        {state === 'copied' ? <CheckIcon className="text-success" /> : <CopyIcon />}
        {message ? <span aria-hidden="true">{message}</span> : null}
      </Button>
      <span role="status" aria-live="polite" className="sr-only">
        {message ?? ''}
      </span>
    </>
  )
}

export { CopyButton }
