import * as React from 'react'
import { Label } from '#app/components/ui/label.tsx'
import { cn } from '#app/utils/cn.ts'
/** A form's field errors by field name, as the server's form failure returns them. */
export type FieldErrors = Record<string, string>

export interface ControlProps {
  id: string
  name: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

function isControl(t: EventTarget | null): t is Control {
  return t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement
}

/**
 * A labelled form field with its error underneath.
 *
 * The error comes from the server (`errors[errorKey ?? name]`, works without
 * JavaScript). With JavaScript the field also validates live: on leaving a
 * field the user has changed, the browser's own constraint check (required, pattern, min/max) shows
 * its message, and a server error disappears as soon as the user edits the
 * value it was about.
 */
export function Field({
  id,
  name,
  label,
  errors,
  errorKey,
  hint,
  className,
  children,
}: {
  id: string
  name: string
  label: React.ReactNode
  errors?: FieldErrors
  /** The key of the server's error, when it is not `name`. */
  errorKey?: string
  hint?: React.ReactNode
  className?: string
  children: (control: ControlProps) => React.ReactNode
}) {
  const serverError = errors?.[errorKey ?? name]
  // The errors object the user has since edited away from (new submission → new object).
  const [editedFor, setEditedFor] = React.useState<FieldErrors | undefined | null>(null)
  const [liveError, setLiveError] = React.useState<string | null>(null)
  // Checked on leaving the field only once the user has changed it (tabbing through flags nothing).
  const [touched, setTouched] = React.useState(false)
  const error = liveError ?? (editedFor === errors ? undefined : serverError)
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined

  const check = (target: EventTarget | null) => {
    if (isControl(target)) setLiveError(target.validity.valid ? null : target.validationMessage)
  }

  return (
    <div
      className={cn('grid content-start gap-1.5', className)}
      onBlur={(e) => {
        if (touched) check(e.target)
      }}
      onChange={(e) => {
        setTouched(true)
        setEditedFor(errors)
        if (liveError !== null) check(e.target)
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm text-destructive" data-field-error={errorKey ?? name}>
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** The form-level error (e.g. "The image must be a JPEG, PNG or WebP picture"). */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {message}
    </p>
  )
}

/** An error line under a control that is not wrapped in `Field` (a checkbox row, a table cell). */
export function FieldError({ id, message }: { id?: string; message?: string | null }) {
  if (!message) return null
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  )
}
