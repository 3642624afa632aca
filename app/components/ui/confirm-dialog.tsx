import * as React from 'react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '#app/components/ui/alert-dialog.tsx'
import { Button, buttonVariants, type ButtonProps } from '#app/components/ui/button.tsx'
import { useT } from '#app/utils/i18n.tsx'

type FormLikeProps = {
  onSubmit?: React.FormEventHandler<HTMLFormElement>
  className?: string
  children?: React.ReactNode
}
type FormLike = 'form' | React.ComponentType<FormLikeProps>

export type ConfirmDialogProps<C extends FormLike = 'form'> = {
  /** Short question, e.g. "Delete document?". */
  title: string
  /** Required, explicit English text, e.g. "Are you sure you want to delete this document?". */
  description: string
  /** Label of the confirm button (already translated). Default "Confirm", in the page's language. */
  confirmLabel?: string
  /** Label of the cancel button (already translated). Default "Cancel", in the page's language. */
  cancelLabel?: string
  /** 'destructive' paints the confirm button red. */
  variant?: 'default' | 'destructive'
  /** Element that opens the dialog (rendered with `asChild`), e.g. `<Button>Delete</Button>`. */
  trigger?: React.ReactNode
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  /** Callback mode: called when the user confirms; the dialog then closes. */
  onConfirm?: () => void
  /**
   * Form mode: when set, the dialog body is a form and the confirm button is
   * its `type="submit"` button, e.g. `{ method: 'post', action: '/joinRequests/3' }`.
   */
  formProps?: Omit<React.ComponentPropsWithoutRef<C>, 'children'>
  /** Form component for form mode: 'form' (default), Remix's `Form` or `fetcher.Form`. */
  formAs?: C
  /** Extra props for the confirm button, e.g. `{ name: 'intent', value: 'accept' }`. */
  confirmButtonProps?: Omit<ButtonProps, 'children' | 'type' | 'asChild'>
  /** Extra content under the description; in form mode it sits inside the form (hidden inputs). */
  children?: React.ReactNode
}

/**
 * A confirmation dialog (Radix AlertDialog: focus trapped, Escape or Cancel closes).
 *
 * Callback mode:
 *   <ConfirmDialog
 *     trigger={<Button variant="destructive">Delete</Button>}
 *     title="Delete document?"
 *     description="Are you sure you want to delete this document?"
 *     confirmLabel="Delete" variant="destructive"
 *     onConfirm={() => fetcher.submit({ intent: 'delete', id }, { method: 'post' })}
 *   />
 *
 * Form mode (the confirm is an ordinary form submit, so the route's `action`
 * receives a normal POST; works with a plain `<form>` as well as Remix's `Form`):
 *   <ConfirmDialog
 *     trigger={<Button>Accept</Button>}
 *     title="Accept request"
 *     description="Are you sure you want to accept this user?"
 *     confirmLabel="Accept"
 *     formProps={{ method: 'post' }}            // optional formAs={fetcher.Form}
 *     confirmButtonProps={{ name: 'intent', value: 'accept' }}
 *   >
 *     <input type="hidden" name="requestId" value={request.id} />
 *   </ConfirmDialog>
 *
 * In form mode the dialog closes just after the submit event, so the
 * browser (or Remix) has already taken the form data; a handler in
 * `formProps.onSubmit` that calls `preventDefault()` keeps it open.
 */
function ConfirmDialog<C extends FormLike = 'form'>({
  title,
  description,
  confirmLabel: confirmLabelProp,
  cancelLabel: cancelLabelProp,
  variant = 'default',
  trigger,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  onConfirm,
  formProps,
  formAs,
  confirmButtonProps,
  children,
}: ConfirmDialogProps<C>) {
  const { t } = useT()
  const confirmLabel = confirmLabelProp ?? t('Confirm')
  const cancelLabel = cancelLabelProp ?? t('Cancel')
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(defaultOpen)
  const open = openProp ?? uncontrolledOpen
  const setOpen = React.useCallback(
    (next: boolean) => {
      if (openProp === undefined) setUncontrolledOpen(next)
      onOpenChange?.(next)
    },
    [openProp, onOpenChange],
  )

  const isForm = formProps !== undefined || formAs !== undefined

  const header = (
    <AlertDialogHeader>
      <AlertDialogTitle>{title}</AlertDialogTitle>
      <AlertDialogDescription>{description}</AlertDialogDescription>
    </AlertDialogHeader>
  )

  let body: React.ReactNode
  if (isForm) {
    const Form = (formAs ?? 'form') as React.ElementType<FormLikeProps>
    const userOnSubmit = (formProps as FormLikeProps | undefined)?.onSubmit
    const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
      userOnSubmit?.(event)
      if (event.defaultPrevented && formAs === undefined) return
      // Close after the submit has been dispatched, never during it: removing
      // the form from the DOM mid-submit would cancel a native submission.
      window.setTimeout(() => setOpen(false), 0)
    }
    body = (
      <Form {...formProps} onSubmit={handleSubmit} className="grid gap-4">
        {header}
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <Button {...confirmButtonProps} type="submit" variant={variant}>
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </Form>
    )
  } else {
    body = (
      <>
        {header}
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
          <AlertDialogAction
            {...confirmButtonProps}
            className={buttonVariants({ variant, className: confirmButtonProps?.className })}
            onClick={() => onConfirm?.()}
          >
            {confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </>
    )
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent>{body}</AlertDialogContent>
    </AlertDialog>
  )
}

export { ConfirmDialog }
