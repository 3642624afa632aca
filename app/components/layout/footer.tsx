import { Link } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { CopyButton } from '#app/components/ui/copy-button.tsx'
import { useT } from '#app/utils/i18n.tsx'

export const SUPPORT_EMAIL = 'support@operon.app'

/** Spec "Layout": year, terms, support mail with copy, and the version from /VERSION. */
export function Footer({ initialVersion }: { initialVersion: string }) {
  const { t } = useT()
  const [version, setVersion] = useState(initialVersion)
  useEffect(() => {
    let cancelled = false
    fetch('/VERSION')
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(r.statusText))))
      .then((text) => !cancelled && setVersion(text.trim() || 'unknown'))
      .catch(() => !cancelled && setVersion('unknown'))
    return () => {
      cancelled = true
    }
  }, [])
  return (
    <footer className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-t px-4 py-3 text-sm text-muted-foreground">
      <span>© {new Date().getFullYear()} Operon</span>
      <Link to="/TermsAndConditions" target="_blank" rel="noopener" className="hover:text-foreground hover:underline">
        {t('Terms and Conditions')}
      </Link>
      <span className="inline-flex items-center gap-1">
        <a href={`mailto:${SUPPORT_EMAIL}`} className="hover:text-foreground hover:underline">
          {SUPPORT_EMAIL}
        </a>
        <CopyButton text={SUPPORT_EMAIL} label={t('Copy support email')} />
      </span>
      <span data-testid="app-version">{t('Version {version}', { version })}</span>
    </footer>
  )
}
