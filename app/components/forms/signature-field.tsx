import * as React from 'react'
import type SignaturePad from 'signature_pad'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { Field, FieldError, controlProps } from './field.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { loadOnce, whenLoaded } from '#app/utils/load-once.ts'
import { useT } from '#app/utils/i18n.tsx'

/** signature_pad, loaded once the page is interactive rather than in its first load (decision 053). */
export const loadSignaturePad = loadOnce(() => import('signature_pad').then((m) => m.default))

export interface SignatureFieldProps {
  /** The form field carrying the drawn signature as a PNG `data:` URL (e.g. `driverSignature`). */
  name: string
  /** The form field carrying the typed full name that signs without JavaScript (e.g. `signatureName`). */
  typedName: string
  label: string
  /** A drawn signature to show again (a restored draft). */
  defaultValue?: string
  /** The typed name to show again when a form posted without JavaScript comes back refused. */
  typedDefault?: string
  /** Called with the PNG data URL after each stroke, or '' when cleared (drafts). */
  onChange?: (dataUrl: string) => void
  error?: string
}

/**
 * A signature drawn with a finger or a mouse (`signature_pad`). Without JavaScript the form
 * shows a text field instead: the typed full name stands in for the drawn signature.
 */
export function SignatureField({ name, typedName, label, defaultValue, typedDefault, onChange, error }: SignatureFieldProps) {
  const hydrated = useHydrated()
  const { t } = useT()
  const canvasRef = React.useRef<HTMLCanvasElement>(null)
  const padRef = React.useRef<SignaturePad | null>(null)
  const [value, setValue] = React.useState(defaultValue ?? '')
  const onChangeRef = React.useRef(onChange)
  onChangeRef.current = onChange

  React.useEffect(() => {
    const canvas = canvasRef.current
    if (!hydrated || !canvas) return
    let cleanup: (() => void) | undefined
    // Without a signal the pad loads when it returns; the typed full name signs meanwhile.
    const cancel = whenLoaded(loadSignaturePad, (Pad) => {
      cleanup = attach(new Pad(canvas, { penColor: '#111827', backgroundColor: 'rgba(255,255,255,0)' }), canvas)
    })
    return () => {
      cancel()
      cleanup?.()
    }
    // defaultValue is read once: later changes come from the pad itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated])

  function attach(pad: SignaturePad, canvas: HTMLCanvasElement) {
    padRef.current = pad
    // The canvas is drawn at the screen's pixel density; a resize clears it, so the current
    // drawing is kept as data and drawn again.
    const fit = () => {
      const data = pad.toData()
      const ratio = Math.max(window.devicePixelRatio || 1, 1)
      canvas.width = canvas.offsetWidth * ratio
      canvas.height = canvas.offsetHeight * ratio
      canvas.getContext('2d')?.scale(ratio, ratio)
      pad.clear()
      if (data.length) pad.fromData(data)
    }
    fit()
    if (defaultValue) void pad.fromDataURL(defaultValue, { ratio: 1, width: canvas.offsetWidth, height: canvas.offsetHeight })
    const onEnd = () => {
      const url = pad.isEmpty() ? '' : pad.toDataURL('image/png')
      setValue(url)
      onChangeRef.current?.(url)
    }
    pad.addEventListener('endStroke', onEnd)
    window.addEventListener('resize', fit)
    return () => {
      pad.removeEventListener('endStroke', onEnd)
      window.removeEventListener('resize', fit)
      pad.off()
      padRef.current = null
    }
  }

  if (!hydrated) {
    return (
      <Field id={`${typedName}-input`} name={typedName} label={t('{label}: type your full name', { label })} error={error} live={false}>
        {(control) => <Input {...control} defaultValue={typedDefault} autoComplete="name" required maxLength={200} />}
      </Field>
    )
  }

  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-2">
        <Label id={`${name}-label`}>{label}</Label>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            padRef.current?.clear()
            setValue('')
            onChangeRef.current?.('')
          }}
        >
          {t('Clear')}
        </Button>
      </div>
      <canvas
        ref={canvasRef}
        role="img"
        aria-labelledby={`${name}-label`}
        {...controlProps(name, error)}
        className="h-40 w-full touch-none rounded-md border border-input bg-white"
      />
      <p className="text-xs text-muted-foreground">{t('Sign with your finger or the mouse inside the box.')}</p>
      <input type="hidden" name={name} value={value} />
      <FieldError id={`${name}-error`} name={name} message={error} />
    </div>
  )
}
