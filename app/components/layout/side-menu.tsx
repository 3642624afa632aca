import { Link, NavLink, useLocation } from '@remix-run/react'
import { UserRoundPen } from 'lucide-react'
import { cn } from '#app/utils/cn.ts'
import { useT } from '#app/utils/i18n.tsx'
import type { MenuGroup } from '#app/utils/menu.ts'

export function SideMenu({
  groups,
  profileComplete = true,
  onNavigate,
}: {
  groups: MenuGroup[]
  /** False while the profile lacks a required field (decision 058). */
  profileComplete?: boolean
  onNavigate?: () => void
}) {
  const { pathname } = useLocation()
  const { t } = useT()
  return (
    <nav aria-label={t('Main')} className="flex flex-col gap-5 p-3">
      {!profileComplete && pathname !== '/completeProfile' ? (
        <div className="rounded-md border border-primary/40 bg-primary/5 p-3 text-sm" data-testid="menu-complete-profile">
          <p className="font-medium">{t('Your profile is incomplete')}</p>
          <p className="mt-0.5 text-muted-foreground">{t('Add your date of birth, phone number and where you live.')}</p>
          <Link
            to="/completeProfile"
            onClick={onNavigate}
            className="mt-2 inline-flex items-center gap-1.5 font-medium text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <UserRoundPen className="size-4" aria-hidden="true" />
            {t('Complete your profile')}
          </Link>
        </div>
      ) : null}
      {groups.map((g) => (
        <section key={g.id} data-testid={`menu-group-${g.id}`} aria-labelledby={`menu-${g.id}`}>
          <h2 id={`menu-${g.id}`} className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {g.company ? `${g.company} · ${t(g.title)}` : t(g.title)}
          </h2>
          <ul className="flex flex-col gap-0.5">
            {g.links.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  onClick={onNavigate}
                  className={({ isActive }) =>
                    cn(
                      'block rounded-md px-2 py-1.5 text-sm hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      isActive && 'bg-accent font-medium text-accent-foreground',
                    )
                  }
                >
                  {t(l.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  )
}
