import { Form, useNavigation } from '@remix-run/react'
import type { LucideIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT } from '#app/utils/i18n.tsx'

/**
 * One data-changing button of a request row (Cancel, Accept, Reject; vehicle
 * and join requests).
 * Without JavaScript: a small form whose button posts `intent` and
 * `requestId` to the page's action at once. With JavaScript: the same post
 * behind a confirmation dialog. Disabled while its own post is under way (a
 * second post anyway gets a 409 from the server, shown as a toast).
 */
export function RequestActionButton({
  intent,
  requestId,
  label,
  accessibleName,
  title,
  description,
  confirmLabel = label,
  dismissLabel,
  destructive = false,
  icon: Icon,
  companyId,
  disabled = false,
}: {
  intent: string
  requestId: number
  /** Posted too when the page's action checks it (join requests). */
  companyId?: number
  /** E.g. a request no longer Pending. */
  disabled?: boolean
  /** Visible label, e.g. "Accept". */
  label: string
  /** Names the row, e.g. "Accept request for BUS-0001". */
  accessibleName: string
  /** Title of the confirmation. */
  title: string
  /** The explicit confirmation text. */
  description: string
  /** The confirmation's submit button; defaults to `label`. */
  confirmLabel?: string
  /** The confirmation's close button. Default "Cancel". */
  dismissLabel?: string
  destructive?: boolean
  icon: LucideIcon
}) {
  const hydrated = useHydrated()
  const { t } = useT()
  const navigation = useNavigation()
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('requestId') === String(requestId) &&
    navigation.formData?.get('intent') === intent
  const trigger = (type: 'button' | 'submit') => (
    <Button
      type={type}
      size="sm"
      variant={destructive ? 'outline' : 'default'}
      disabled={disabled || busy}
      aria-label={accessibleName}
      className={destructive ? 'text-destructive hover:text-destructive' : undefined}
      {...(type === 'submit' ? { name: 'intent', value: intent } : {})}
    >
      <Icon aria-hidden="true" />
      {label}
    </Button>
  )
  const hidden = (
    <>
      <input type="hidden" name="requestId" value={requestId} />
      {companyId === undefined ? null : <input type="hidden" name="companyId" value={companyId} />}
    </>
  )
  if (disabled) return trigger('button')
  if (!hydrated) {
    return (
      <Form method="post" className="inline">
        {hidden}
        {trigger('submit')}
      </Form>
    )
  }
  return (
    <ConfirmDialog
      trigger={trigger('button')}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={dismissLabel ?? t('Cancel')}
      variant={destructive ? 'destructive' : 'default'}
      formAs={Form}
      formProps={{ method: 'post' }}
      confirmButtonProps={{ name: 'intent', value: intent }}
    >
      {hidden}
    </ConfirmDialog>
  )
}
