import { forwardRef, useEffect, useId, useImperativeHandle, useRef } from 'react'
import type {} from 'altcha/types/react'
import type { AltchaWidgetElement } from 'altcha/types/generic'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { cn } from '#app/utils/cn.ts'
import {
  CAPTCHA_CHALLENGE_URL,
  CAPTCHA_FALLBACK_ANSWER_FIELD,
  CAPTCHA_FALLBACK_TOKEN_FIELD,
  CAPTCHA_FIELD,
} from '#server/captcha/fields.ts'

export interface CaptchaProps {
  /** Called with true when the proof of work is solved, false when it is reset, expires or fails. */
  onVerifiedChange?: (verified: boolean) => void
  /** The no-JavaScript question from `createFallbackQuestion()` (loader data). */
  fallback: { question: string; token: string }
  /** Change it (e.g. after every submit) to reset the widget: a solution is good for one attempt. */
  resetKey?: string | number
  className?: string
}

export interface CaptchaHandle {
  /** Back to unsolved (aborts a solve in progress). */
  reset: () => void
}

/** altcha's widget options that HTML attributes do not cover. */
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true })

/**
 * The web forms' captcha: the self-hosted altcha proof-of-work widget, and,
 * for browsers without JavaScript, a small question inside <noscript>. The
 * form posts `altcha` (widget) or `captchaToken` + `captchaAnswer` (fallback);
 * the action checks them with `verifyCaptchaForm` / `requireCaptcha`.
 *
 * The widget script is loaded in the browser only (it needs `window`).
 */
export const Captcha = forwardRef<CaptchaHandle, CaptchaProps>(function Captcha(
  { onVerifiedChange, fallback, resetKey, className },
  ref,
) {
  const widget = useRef<AltchaWidgetElement>(null)
  const answerId = useId()
  const onChange = useRef(onVerifiedChange)
  useEffect(() => {
    onChange.current = onVerifiedChange
  }, [onVerifiedChange])

  // Define <altcha-widget> (client only) and follow its state.
  useEffect(() => {
    void import('altcha')
    const el = widget.current
    if (!el) return
    const onState = (event: Event) => {
      const state = (event as CustomEvent<{ state?: string }>).detail?.state
      onChange.current?.(state === 'verified')
    }
    el.addEventListener('statechange', onState)
    return () => el.removeEventListener('statechange', onState)
  }, [])

  useImperativeHandle(ref, () => ({ reset: () => resetWidget(widget.current, onChange.current) }), [])

  // Reset whenever the parent changes resetKey (not on the first render).
  const firstKey = useRef(resetKey)
  useEffect(() => {
    if (resetKey === firstKey.current) return
    firstKey.current = resetKey
    resetWidget(widget.current, onChange.current)
  }, [resetKey])

  return (
    <div className={cn('space-y-2', className)}>
      <altcha-widget
        ref={widget}
        challenge={CAPTCHA_CHALLENGE_URL}
        name={CAPTCHA_FIELD}
        configuration={WIDGET_CONFIGURATION}
        style={{ '--altcha-max-width': '100%' }}
      />
      <noscript>
        <div className="space-y-2" data-testid="captcha-fallback">
          <Label htmlFor={answerId}>{fallback.question}</Label>
          <Input
            id={answerId}
            name={CAPTCHA_FALLBACK_ANSWER_FIELD}
            inputMode="numeric"
            autoComplete="off"
            required
          />
          <input type="hidden" name={CAPTCHA_FALLBACK_TOKEN_FIELD} value={fallback.token} />
        </div>
      </noscript>
    </div>
  )
})

function resetWidget(el: AltchaWidgetElement | null, onChange: ((verified: boolean) => void) | undefined) {
  // `reset` exists once the element is upgraded (the script has loaded).
  if (el && typeof el.reset === 'function') el.reset()
  onChange?.(false)
}
