import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { FuelImportPreviewPage } from '#app/components/costs/fuel-import-preview.tsx'
import { fuelImportPreviewAction, fuelImportPreviewLoader } from '#app/routes/_app+/fuel-import-page.server.ts'

/** A staged fuel card upload (decision 085): each row's problems, the Import and Discard buttons. */
export const loader = (args: LoaderFunctionArgs) => fuelImportPreviewLoader(args)
export const action = (args: ActionFunctionArgs) => fuelImportPreviewAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  return <FuelImportPreviewPage />
}
