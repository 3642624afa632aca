import { Form, Link } from '@remix-run/react'
import { LogOut, Menu } from 'lucide-react'
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { Logo } from '#app/components/logo.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '#app/components/ui/lazy-sheet.tsx'
import type { MenuGroup } from '#app/utils/menu.ts'
import { useT } from '#app/utils/i18n.tsx'
import { Footer } from './footer.tsx'
import { SideMenu } from './side-menu.tsx'

/**
 * The standard layout: top bar (menu toggle, logo to /dashboard, logout), side
 * menu (a drawer on phones), content, footer.
 */
export function AppShell({
  menu,
  userName,
  version,
  profileComplete = true,
  beforeLogout,
  children,
}: {
  menu: MenuGroup[]
  userName: string
  version: string
  /** False while the profile lacks a required field: the menu calls to /completeProfile. */
  profileComplete?: boolean
  /** Work on this device before signing out (the pre-trip drafts); given at most a second. */
  beforeLogout?: () => Promise<unknown>
  children: ReactNode
}) {
  const { t } = useT()
  const onLogout = useBeforeSubmit(beforeLogout)
  const [desktopOpen, setDesktopOpen] = useState(true)
  const [mobileOpen, setMobileOpen] = useState(false)
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur">
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('Toggle menu')}
          onClick={() => {
            if (window.matchMedia('(min-width: 768px)').matches) setDesktopOpen((o) => !o)
            else setMobileOpen(true)
          }}
        >
          <Menu className="size-5" />
        </Button>
        <Link to="/dashboard" aria-label={t('Operon dashboard')} className="rounded-md px-1 focus-visible:ring-2 focus-visible:ring-ring">
          <Logo />
        </Link>
        <div className="ml-auto flex items-center gap-3">
          <span className="hidden text-sm text-muted-foreground sm:inline">{userName}</span>
          <Form method="post" action="/logout" onSubmit={onLogout}>
            <Button type="submit" variant="outline" size="sm">
              <LogOut className="size-4" />
              {t('Logout')}
            </Button>
          </Form>
        </div>
      </header>
      <div className="flex flex-1">
        {desktopOpen ? (
          <aside className="hidden w-64 shrink-0 border-r bg-sidebar md:block" data-testid="side-menu">
            <SideMenu groups={menu} profileComplete={profileComplete} />
          </aside>
        ) : null}
        <Sheet open={mobileOpen} onOpenChange={setMobileOpen}>
          <SheetContent side="left" className="w-72 p-0">
            <SheetTitle className="sr-only">{t('Menu')}</SheetTitle>
            <SheetDescription className="sr-only">{t('Pages of your companies and roles')}</SheetDescription>
            <SideMenu groups={menu} profileComplete={profileComplete} onNavigate={() => setMobileOpen(false)} />
          </SheetContent>
        </Sheet>
        <main id="main" className="min-w-0 flex-1 p-4 md:p-6">
          {children}
        </main>
      </div>
      <Footer initialVersion={version} />
    </div>
  )
}

/**
 * Runs `before` and then submits the form (Remix's Form submits when the event is not
 * prevented). Bounded: a device store that hangs does not keep anyone signed in. Without
 * JavaScript the form posts as it is (and there are no drafts on the device then).
 */
function useBeforeSubmit(before: (() => Promise<unknown>) | undefined) {
  const done = useRef(false)
  return (event: FormEvent<HTMLFormElement>) => {
    if (!before || done.current) return
    event.preventDefault()
    const form = event.currentTarget
    const timeout = new Promise((resolve) => setTimeout(resolve, 1000))
    void Promise.race([before().catch(() => undefined), timeout]).then(() => {
      done.current = true
      form.requestSubmit()
    })
  }
}
