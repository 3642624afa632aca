import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { AppShell } from '#app/components/layout/app-shell.tsx'
import { OutboxFlusher } from '#app/components/pre-trip/outbox-flusher.ts'
import { FuelOutboxFlusher } from '#app/components/costs/fuel-outbox-flusher.ts'
import { DutyOutboxFlusher } from '#app/components/hours/duty-outbox-flusher.ts'
import { buildMenu } from '#app/utils/menu.ts'
import { userPage } from '#app/utils/page.server.ts'
import { getProfileCompletion } from '#server/auth/profile.server.ts'
import { appVersion } from '#server/version.server.ts'

/** Every signed-in page: no session → /login. Route id `routes/_app+/_layout` (the dashboard reads `profileComplete`). */
export async function loader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const { actor } = ctx
  // While the profile lacks a required field, the menu calls to /completeProfile (decision 058).
  const { complete } = await getProfileCompletion(ctx)
  return {
    userId: actor.userId,
    userName: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
    menu: buildMenu(actor.memberships),
    version: appVersion(),
    profileComplete: complete,
  }
}

export default function AppLayout() {
  const { userId, userName, menu, version, profileComplete } = useLoaderData<typeof loader>()
  return (
    <AppShell
      menu={menu}
      userName={userName}
      version={version}
      profileComplete={profileComplete}
      // A yard phone is shared: signing out forgets this user's unfinished pre-trip drafts (decision 030).
      beforeLogout={() => import('#app/utils/offline-queue.ts').then((queue) => queue.forgetDrafts(userId))}
    >
      <Outlet />
      {/* Sends the pre-trips saved on this phone while offline (decision 030). */}
      <OutboxFlusher userId={userId} />
      {/* And the fill-ups and charges saved on this phone (decision 085). */}
      <FuelOutboxFlusher userId={userId} />
      {/* And the duty status changes, in order (decision 086). */}
      <DutyOutboxFlusher userId={userId} />
    </AppShell>
  )
}
