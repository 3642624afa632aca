import { Button } from '#app/components/ui/button.tsx'
import { formatInstant } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { lazyComponent } from '#app/utils/lazy-component.tsx'
import { loadConfirmDialog } from './lazy-pieces.ts'

const ConfirmDialog = lazyComponent(loadConfirmDialog, <StartOverButton disabled />)

function StartOverButton({ disabled }: { disabled?: boolean }) {
  const { t } = useT()
  return (
    <Button type="button" variant="ghost" size="sm" disabled={disabled}>
      {t('Start over')}
    </Button>
  )
}

/** Where the draft stands on the phone, and the way to throw it away and start over. */
export function DraftStatus({ saving, savedAt, timeZone, onStartOver }: { saving: boolean; savedAt: number | null; timeZone: string; onStartOver: () => void }) {
  const { t, locale } = useT()
  return (
    <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
      <span data-testid="draft-status">{saving
          ? t('Saving on this phone…')
          : savedAt
            ? t('Draft saved on this phone, {time}', { time: formatInstant(new Date(savedAt).toISOString(), timeZone, locale) })
            : t('Your answers are kept on this phone as you go.')}</span>
      <ConfirmDialog
        trigger={<StartOverButton />}
        title={t('Start over?')}
        description={t('Everything typed in this pre-trip, its photos and signature are removed from this phone.')}
        confirmLabel={t('Start over')}
        variant="destructive"
        onConfirm={onStartOver}
      />
    </div>
  )
}
