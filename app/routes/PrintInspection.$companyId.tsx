import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PrintPage } from '#app/components/print-page.tsx'
import { printPageLoader } from './print-page.server.ts'

/** Printable page, without the standard layout (owners and operators). */
export const loader = (args: LoaderFunctionArgs) => printPageLoader(args, 'Inspection')

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  return <PrintPage title={useLoaderData<typeof loader>().title} />
}
