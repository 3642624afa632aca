import { Form, useNavigation } from '@remix-run/react'
import { CalendarPlusIcon, CalendarXIcon, RefreshCwIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { CopyButton } from '#app/components/ui/copy-button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { FormError } from '#app/components/forms/field.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { CREATE_CALENDAR_FEED_INTENT, REVOKE_CALENDAR_FEED_INTENT } from './intents.ts'

export interface CalendarFeedView {
  active: boolean
  /** Formatted on the server in the page's language, or null. */
  created: string | null
  lastFetched: string | null
}

/**
 * "Calendar feed" (issue 35, decision 084): a private iCalendar link with the maintenance items,
 * 90-day checks, annual inspections and lease ends the person may see. The link is shown once,
 * in the answer that made it; a new link replaces the old one; both buttons are plain form posts
 * (no JavaScript needed; the copy button is an extra when it runs).
 */
export function CalendarFeedCard({ feed, url, error }: { feed: CalendarFeedView; url?: string | null; error?: string | null }) {
  const { t } = useT()
  const navigation = useNavigation()
  const intent = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null
  const busy = intent === CREATE_CALENDAR_FEED_INTENT || intent === REVOKE_CALENDAR_FEED_INTENT
  return (
    <Card className="gap-4" data-testid="calendar-feed-card">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('Calendar feed')}</h2>
        </CardTitle>
        <CardDescription>
          {t(
            'A private link for your calendar application (Google Calendar, Outlook, Apple Calendar): the maintenance items, 90-day emergency-exit checks, annual inspections and lease ends of the companies where you are an owner or operator manager.',
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm font-medium text-warning-foreground" data-testid="calendar-feed-warning">
          {t('Anyone with the link can read this calendar. Keep it private; if it leaks, make a new link or revoke it.')}
        </p>
        {url ? (
          <div className="grid gap-2 rounded-md border p-3" data-testid="calendar-feed-url">
            <label htmlFor="calendar-feed-url" className="text-sm font-medium">
              {t('Your calendar link')}
            </label>
            <div className="flex min-w-0 items-center gap-2">
              <Input id="calendar-feed-url" readOnly value={url} className="min-w-0 flex-1 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
              <CopyButton text={url} label={t('Copy the calendar link')} variant="outline" />
            </div>
            <p className="text-xs text-muted-foreground">
              {t('Copy it now: it is shown only this once. In your calendar application, choose “Add calendar from URL” (or “Subscribe”) and paste it.')}
            </p>
          </div>
        ) : null}
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="calendar-feed-status">
          {feed.active
            ? `${t('A link is active since {date}.', { date: feed.created ?? '' })} ${feed.lastFetched ? t('Last read by a calendar application: {date}.', { date: feed.lastFetched }) : t('No calendar application has read it yet.')}`
            : t('You have no calendar link.')}
        </p>
        <div className="flex flex-wrap gap-2">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value={CREATE_CALENDAR_FEED_INTENT} />
            <Button type="submit" variant={feed.active ? 'outline' : 'default'} disabled={busy}>
              {feed.active ? <RefreshCwIcon /> : <CalendarPlusIcon />}
              {feed.active ? t('Make a new link') : t('Make a calendar link')}
            </Button>
          </Form>
          {feed.active ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value={REVOKE_CALENDAR_FEED_INTENT} />
              <Button type="submit" variant="destructive" disabled={busy}>
                <CalendarXIcon />
                {t('Revoke the link')}
              </Button>
            </Form>
          ) : null}
        </div>
        {feed.active ? <p className="text-xs text-muted-foreground">{t('A new link replaces this one, which stops working at once.')}</p> : null}
        <FormError message={error} />
      </CardContent>
    </Card>
  )
}
