import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { AppShell } from '#app/components/layout/app-shell.tsx'
import { OutboxFlusher } from '#app/components/pre-trip/outbox.tsx'
import { requirePageUser } from '#app/utils/auth.server.ts'
import { buildMenu } from '#app/utils/menu.ts'
import { appVersion } from '#server/version.server.ts'

/** Every signed-in page: no session → /login. */
export async function loader({ request }: LoaderFunctionArgs) {
  const actor = await requirePageUser(request)
  return {
    userId: actor.userId,
    userName: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
    menu: buildMenu(actor.memberships),
    version: appVersion(),
  }
}

export default function AppLayout() {
  const { userId, userName, menu, version } = useLoaderData<typeof loader>()
  return (
    <AppShell menu={menu} userName={userName} version={version}>
      <Outlet />
      {/* Sends the pre-trips saved on this phone while offline (decision 030). */}
      <OutboxFlusher userId={userId} />
    </AppShell>
  )
}
