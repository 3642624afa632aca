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
 * A labelled form field with its error underneath: the label, the control, a hint (description) and
 * the error line, with `aria-invalid` and `aria-describedby` wired once for every form.
 *
 * The error comes from the server (`errors[errorKey ?? name]`, works without
 * JavaScript), or from the form's own client check (`error`, shown while set). With JavaScript the
 * field also validates live (unless `live={false}`, for forms that check on submit themselves): on
 * leaving a field the user has changed, the browser's own constraint check (required, pattern,
 * min/max) shows its message, and a server error disappears as soon as the user edits the value it
 * was about.
 */
export function Field({
  id,
  name,
  label,
  errors,
  errorKey,
  error: clientError,
  invalid,
  hint,
  hintId: hintIdProp,
  describedBy,
  live = true,
  className,
  labelClassName,
  errorClassName,
  errorTestId,
  errorAlert,
  children,
}: {
  id: string
  name: string
  label: React.ReactNode
  errors?: FieldErrors
  /** The key of the server's error, when it is not `name`. */
  errorKey?: string
  /** An error the page found itself (client-side check); shown before the server's one. */
  error?: string | null
  /** Mark the control invalid although its message stands elsewhere (a form-level error it is about). */
  invalid?: boolean
  /** A description under the control (referenced by `aria-describedby`). */
  hint?: React.ReactNode
  /** The hint's id, when a test or another control refers to it (default `${id}-hint`). */
  hintId?: string
  /** Further ids that describe the control (a checklist rendered elsewhere). */
  describedBy?: string
  /** Check the browser's constraints on leaving a changed field (default true). */
  live?: boolean
  className?: string
  labelClassName?: string
  errorClassName?: string
  errorTestId?: string
  /** Announce the error at once (it comes without a form the user just sent, e.g. a search). */
  errorAlert?: boolean
  children: (control: ControlProps) => React.ReactNode
}) {
  const serverError = errors?.[errorKey ?? name]
  // The errors object the user has since edited away from (new submission → new object).
  const [editedFor, setEditedFor] = React.useState<FieldErrors | undefined | null>(null)
  const [liveError, setLiveError] = React.useState<string | null>(null)
  // Checked on leaving the field only once the user has changed it (tabbing through flags nothing).
  const [touched, setTouched] = React.useState(false)
  const error = clientError || liveError || (editedFor === errors ? undefined : serverError)
  const errorId = `${id}-error`
  const hintId = hintIdProp ?? `${id}-hint`
  const describedByIds = [error ? errorId : null, hint ? hintId : null, describedBy ?? null].filter(Boolean).join(' ') || undefined

  const check = (target: EventTarget | null) => {
    if (live && isControl(target)) setLiveError(target.validity.valid ? null : target.validationMessage)
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
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
      {children({ id, name, 'aria-invalid': error || invalid ? true : undefined, 'aria-describedby': describedByIds })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} name={errorKey ?? name} message={error} className={errorClassName} testId={errorTestId} alert={errorAlert} />
    </div>
  )
}

/** The props a control gets when it is not wrapped in `Field` (a radio group, a checkbox row). */
export function controlProps(id: string, error: string | null | undefined, ...describedBy: (string | null | undefined | false)[]) {
  const ids = [error ? `${id}-error` : null, ...describedBy].filter(Boolean).join(' ')
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': ids || undefined }
}

/**
 * The form-level error (e.g. "The image must be a JPEG, PNG or WebP picture"), announced at once.
 * Focusable through its ref (a summary the page moves focus to); `children` add lines under it.
 */
export const FormError = React.forwardRef<
  HTMLDivElement,
  { message: string | null | undefined; id?: string; className?: string; testId?: string; children?: React.ReactNode }
>(function FormError({ message, id, className, testId, children }, ref) {
  if (!message) return null
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={ref ? -1 : undefined}
      role="alert"
      className={cn('rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive', className)}
      data-testid={testId}
    >
      {message}
      {children}
    </div>
  )
})

/**
 * An error line under a control that is not wrapped in `Field` (a checkbox row, a radio group, a
 * table cell). Give the control `aria-describedby` = this id (see `controlProps`).
 */
export function FieldError({
  id,
  name,
  message,
  className,
  testId,
  alert,
}: {
  id?: string
  /** The field it is about (`data-field-error`, for tests and scripts). */
  name?: string
  message?: string | null
  className?: string
  testId?: string
  /** Announce it at once (an error that appears without a submission, e.g. a failed scan). */
  alert?: boolean
}) {
  if (!message) return null
  return (
    <p id={id} role={alert ? 'alert' : undefined} className={cn('text-sm text-destructive', className)} data-field-error={name} data-testid={testId}>
      {message}
    </p>
  )
}
