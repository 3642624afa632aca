import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { FuelImportUpload } from '#app/components/costs/fuel-import-upload.tsx'
import { fuelImportPageAction, fuelImportPageLoader } from '#app/routes/_app+/fuel-import-page.server.ts'

/** Import fill-ups from a fuel card's CSV (decision 085): the upload form; Owner and Operator managers. */
export const loader = (args: LoaderFunctionArgs) => fuelImportPageLoader(args)
export const action = (args: ActionFunctionArgs) => fuelImportPageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  return <FuelImportUpload />
}
