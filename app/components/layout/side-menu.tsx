import { NavLink } from '@remix-run/react'
import { cn } from '#app/utils/cn.ts'
import type { MenuGroup } from '#app/utils/menu.ts'

export function SideMenu({ groups, onNavigate }: { groups: MenuGroup[]; onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex flex-col gap-5 p-3">
      {groups.map((g) => (
        <section key={g.id} data-testid={`menu-group-${g.id}`} aria-labelledby={`menu-${g.id}`}>
          <h2 id={`menu-${g.id}`} className="px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {g.title}
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
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  )
}
