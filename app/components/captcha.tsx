import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState } from 'react'
import altchaCss from 'altcha/altcha.css?url'
import type {} from 'altcha/types/react'
import type { AltchaWidgetElement } from 'altcha/types/generic'
import type { Strings } from 'altcha/types'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { cn } from '#app/utils/cn.ts'
import { useT, type Translate } from '#app/utils/i18n.tsx'
import {
  CAPTCHA_CHALLENGE_URL,
  CAPTCHA_FALLBACK_ANSWER_FIELD,
  CAPTCHA_FALLBACK_TOKEN_FIELD,
  CAPTCHA_FIELD,
  type FallbackQuestion as FallbackQuestionData,
} from '#server/captcha/captcha-fields.ts'

export interface CaptchaProps {
  /** Called with true when the proof of work is solved, false when it is reset, expires or fails. */
  onVerifiedChange?: (verified: boolean) => void
  /** The no-JavaScript question from `createFallbackQuestion()` (loader data). */
  fallback: FallbackQuestionData
  /**
   * Reset whenever this changes (compared with ===), e.g. `resetKey={actionData}`: each
   * action result is a new object. A solution is good for one attempt only.
   */
  resetKey?: unknown
  className?: string
}

export interface CaptchaHandle {
  /** Back to unsolved (aborts a solve in progress). */
  reset: () => void
}

/** altcha's widget options that HTML attributes do not cover. */
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true, humanInteractionSignature: false })

/**
 * The web forms' captcha: the self-hosted altcha proof-of-work widget, and,
 * for browsers without JavaScript, a small question inside <noscript>. The
 * form posts `altcha` (widget) or `captchaToken` + `captchaAnswer` (fallback);
 * the action checks them with `verifyCaptchaForm` / `requireCaptcha`.
 *
 * The widget script is loaded in the browser only (it needs `window`). A page
 * served over plain http from another machine (not https, not localhost) has
 * no Web Crypto, so the proof of work cannot run there: it gets the question
 * too, and counts as "solved" once an answer is typed (the server decides).
 */
export const Captcha = forwardRef<CaptchaHandle, CaptchaProps>(function Captcha(
  { onVerifiedChange, fallback, resetKey, className },
  ref,
) {
  const widget = useRef<AltchaWidgetElement>(null)
  const { t, locale } = useT()
  const answerId = useId()
  const onChange = useRef(onVerifiedChange)
  useEffect(() => {
    onChange.current = onVerifiedChange
  }, [onVerifiedChange])
  const [insecure, setInsecure] = useState(false)
  const [answer, setAnswer] = useState('')

  // Define <altcha-widget> (client only) and follow its state.
  useEffect(() => {
    if (!window.isSecureContext) {
      setInsecure(true)
      return
    }
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

  // The widget's own words in the page's language: altcha knows only English unless given them.
  useEffect(() => {
    if (!window.isSecureContext) return
    void import('altcha').then(() => {
      const { i18n } = globalThis.$altcha
      i18n.set(locale, { ...i18n.get('en'), ...widgetStrings(t) })
    })
  }, [locale, t])

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        setAnswer('')
        resetWidget(widget.current, onChange.current)
      },
    }),
    [],
  )

  // Reset whenever the parent changes resetKey (not on the first render).
  const firstKey = useRef(resetKey)
  useEffect(() => {
    if (resetKey === firstKey.current) return
    firstKey.current = resetKey
    setAnswer('')
    resetWidget(widget.current, onChange.current)
  }, [resetKey])

  if (insecure) {
    return (
      <div className={cn('space-y-2', className)}>
        <FallbackQuestion
          id={answerId}
          fallback={fallback}
          value={answer}
          onChange={(value) => {
            setAnswer(value)
            onChange.current?.(value.trim() !== '')
          }}
        />
      </div>
    )
  }

  return (
    <div className={cn('space-y-2', className)}>
      {/* The widget's CSS as a file of the app (decision 046): altcha injects an inline <style> unless an element has this id. */}
      <link id="altcha-css" rel="stylesheet" href={altchaCss} />
      {/*
        The widget's box is drawn only once its script has loaded (after hydration): until then
        this holder keeps its height (64 px: 0.75 rem padding, the 22 px checkbox, the label's
        line, the border), so the form does not jump when it appears (issue 12). Without
        JavaScript it collapses: the question below replaces it.
      */}
      <div className="min-h-16 [@media(scripting:none)]:min-h-0" data-testid="captcha-box">
        <altcha-widget
          ref={widget}
          challenge={CAPTCHA_CHALLENGE_URL}
          name={CAPTCHA_FIELD}
          language={locale}
          configuration={WIDGET_CONFIGURATION}
          style={{ '--altcha-max-width': '100%' }}
        />
      </div>
      {/* The browser shows this only with JavaScript off; React never renders it on the client. */}
      <noscript>
        <FallbackQuestion id={answerId} fallback={fallback} />
      </noscript>
    </div>
  )
})

function FallbackQuestion(props: {
  id: string
  fallback: FallbackQuestionData
  value?: string
  onChange?: (value: string) => void
}) {
  const { id, fallback, value, onChange } = props
  const { t } = useT()
  return (
    <div className="space-y-2" data-testid="captcha-fallback">
      <Label htmlFor={id}>{t('What is {a} plus {b}?', { a: fallback.a, b: fallback.b })}</Label>
      <Input
        id={id}
        name={CAPTCHA_FALLBACK_ANSWER_FIELD}
        inputMode="numeric"
        autoComplete="off"
        required
        {...(onChange ? { value, onChange: (e) => onChange(e.target.value) } : {})}
      />
      <input type="hidden" name={CAPTCHA_FALLBACK_TOKEN_FIELD} value={fallback.token} />
      <p className="text-xs text-muted-foreground">{t('Answers count after a few seconds; with JavaScript on, no question is asked.')}</p>
    </div>
  )
}

/**
 * What the widget shows (altcha's English texts are the ids): the states this server's challenges
 * reach, and the logo link's name. The footer is hidden and no code challenge is ever issued.
 */
function widgetStrings(t: Translate) {
  return {
    label: t("I'm not a robot"),
    verifying: t('Verifying...'),
    verified: t('Verified'),
    error: t('Verification failed. Try again later.'),
    expired: t('Verification expired. Try again.'),
    verificationRequired: t('Verification required!'),
    waitAlert: t('Verifying... please wait.'),
    ariaLinkLabel: t('Altcha (official website)'),
  } satisfies Partial<Strings>
}

function resetWidget(el: AltchaWidgetElement | null, onChange: ((verified: boolean) => void) | undefined) {
  // `reset` exists once the element is upgraded (the script has loaded).
  if (el && typeof el.reset === 'function') el.reset()
  onChange?.(false)
}
