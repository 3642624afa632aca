import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { FleetImportPreviewPage } from '#app/components/fleet/import/import-preview.tsx'
import { fleetImportPreviewAction, fleetImportPreviewLoader } from '#app/routes/_app+/fleet-import-page.server.ts'

/** A staged fleet import (decision 076): each row's problems and the Import button; Owner managers. */
export const loader = (args: LoaderFunctionArgs) => fleetImportPreviewLoader(args)
export const action = (args: ActionFunctionArgs) => fleetImportPreviewAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  return <FleetImportPreviewPage />
}
