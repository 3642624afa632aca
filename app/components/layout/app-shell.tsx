import { Form, Link } from '@remix-run/react'
import { LogOut, Menu } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Logo } from '#app/components/logo.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '#app/components/ui/lazy-sheet.tsx'
import type { MenuGroup } from '#app/utils/menu.ts'
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
  children,
}: {
  menu: MenuGroup[]
  userName: string
  version: string
  /** False while the profile lacks a required field: the menu calls to /completeProfile. */
  profileComplete?: boolean
  children: ReactNode
}) {
  const [desktopOpen, setDesktopOpen] = useState(true)
  const [mobileOpen, setMobileOpen] = useState(false)
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur">
        <Button
          variant="ghost"
          size="icon"
          aria-label="Toggle menu"
          onClick={() => {
            if (window.matchMedia('(min-width: 768px)').matches) setDesktopOpen((o) => !o)
            else setMobileOpen(true)
          }}
        >
          <Menu className="size-5" />
        </Button>
        <Link to="/dashboard" aria-label="Operon dashboard" className="rounded-md px-1 focus-visible:ring-2 focus-visible:ring-ring">
          <Logo />
        </Link>
        <div className="ml-auto flex items-center gap-3">
          <span className="hidden text-sm text-muted-foreground sm:inline">{userName}</span>
          <Form method="post" action="/logout">
            <Button type="submit" variant="outline" size="sm">
              <LogOut className="size-4" />
              Logout
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
            <SheetTitle className="sr-only">Menu</SheetTitle>
            <SheetDescription className="sr-only">Pages of your companies and roles</SheetDescription>
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
