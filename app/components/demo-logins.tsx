import { DEMO_LOGINS, DEMO_PASSWORD } from '#server/demo/logins.ts'
import { useT } from '#app/utils/i18n.tsx'

/** Shown on the login page while the instance runs with demo data, the accounts' descriptions in the page's language. */
export function DemoLogins() {
  const { t } = useT()
  return (
    <section aria-labelledby="demo-logins" className="rounded-lg border bg-muted/40 p-4 text-sm">
      <h2 id="demo-logins" className="mb-2 font-medium">
        {t('Demo logins')}
      </h2>
      <p className="mb-2 text-muted-foreground">
        {t('Password for every demo account:')} <code className="font-mono text-foreground">{DEMO_PASSWORD}</code>
      </p>
      <ul className="space-y-1">
        {DEMO_LOGINS.map((l) => (
          <li key={l.email}>
            <code className="font-mono">{l.email}</code>
            <span className="text-muted-foreground"> — {t(l.description)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
