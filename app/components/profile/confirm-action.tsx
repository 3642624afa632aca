import { Form } from '@remix-run/react'
import * as React from 'react'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { cn } from '#app/utils/cn.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/**
 * A button that posts `intent` to the page's action after a confirmation.
 * With JavaScript: a ConfirmDialog in form mode (Remix `Form`). Without
 * JavaScript: a `<details>` disclosure holding the same question and a plain
 * form with the confirm button, so the confirmation step is never skipped.
 */
export function ConfirmAction({
  intent,
  label,
  title,
  description,
  confirmLabel,
  variant = 'default',
  disabled = false,
  icon,
  open = false,
  children,
}: {
  intent: string
  label: string
  title: string
  description: string
  confirmLabel: string
  variant?: 'default' | 'destructive'
  disabled?: boolean
  icon?: React.ReactNode
  /** Without JavaScript: the disclosure starts open (e.g. after a refused attempt). */
  open?: boolean
  /** Fields posted with the confirmation (e.g. the password and code of a re-authentication). */
  children?: React.ReactNode
}) {
  const hydrated = useHydrated()
  const triggerVariant = variant === 'destructive' ? 'destructive' : 'outline'

  if (disabled) {
    return (
      <Button type="button" variant={triggerVariant} disabled className="w-full sm:w-auto">
        {icon}
        {label}
      </Button>
    )
  }

  if (hydrated) {
    return (
      <ConfirmDialog
        trigger={
          <Button type="button" variant={triggerVariant} className="w-full sm:w-auto">
            {icon}
            {label}
          </Button>
        }
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        variant={variant}
        formAs={Form}
        formProps={{ method: 'post' }}
        confirmButtonProps={{ name: 'intent', value: intent }}
      >
        {children}
      </ConfirmDialog>
    )
  }

  return (
    <details className="group w-full" open={open || undefined}>
      <summary
        className={cn(
          buttonVariants({ variant: triggerVariant }),
          'w-full cursor-pointer list-none sm:w-auto [&::-webkit-details-marker]:hidden',
        )}
      >
        {icon}
        {label}
      </summary>
      <Form method="post" className="mt-3 grid gap-3 rounded-lg border p-4" aria-label={title}>
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted-foreground">{description}</p>
        {children}
        <div>
          <Button type="submit" name="intent" value={intent} variant={variant}>
            {confirmLabel}
          </Button>
        </div>
      </Form>
    </details>
  )
}
