import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { useT } from '#app/utils/i18n.tsx'

export interface AccountActivityRow {
  at: string
  /** Formatted on the server in the page's language. */
  when: string
  /** Translated on the server (the action labels live in the activity catalog). */
  label: string
  /** How the sign-in was confirmed, in words (translated on the server too). */
  method: string | null
  ip: string | null
}

/**
 * "Recent sign-ins and account activity" (issue 26 point 4, decision 079): the person's own
 * sign-ins, failed attempts and account changes, which no company's activity log shows.
 */
export function AccountActivityCard({ rows }: { rows: AccountActivityRow[] }) {
  const { t } = useT()
  return (
    <Card className="gap-4" data-testid="account-activity-card">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('Recent sign-ins and account activity')}</h2>
        </CardTitle>
        <CardDescription>{t('Only you see this list. If you do not recognise a sign-in, change your password.')}</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('No sign-ins recorded yet.')}</p>
        ) : (
          <ul className="divide-y text-sm">
            {rows.map((r, i) => (
              <li key={`${r.at}-${i}`} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
                <span className="font-medium">
                  {r.label}
                  {r.method ? <span className="font-normal text-muted-foreground"> · {r.method}</span> : null}
                </span>
                <span className="text-muted-foreground">
                  <time dateTime={r.at}>{r.when}</time>
                  {r.ip ? <span className="break-all"> · {r.ip}</span> : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
