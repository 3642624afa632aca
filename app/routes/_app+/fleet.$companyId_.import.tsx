import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { FleetImportUpload } from '#app/components/fleet/import/import-upload.tsx'
import { fleetImportPageAction, fleetImportPageLoader } from '#app/routes/_app+/fleet-import-page.server.ts'

/** Import vehicles from a CSV file (decision 076): the upload form; Owner managers. */
export const loader = (args: LoaderFunctionArgs) => fleetImportPageLoader(args)
export const action = (args: ActionFunctionArgs) => fleetImportPageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  return <FleetImportUpload />
}
