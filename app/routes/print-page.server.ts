import type { LoaderFunctionArgs } from '@remix-run/node'
import { companyPage } from '#app/utils/page.server.ts'

/** The print routes (decision 006): Owner or Operator in the route's company, no standard layout. */
export async function printPageLoader(args: LoaderFunctionArgs, title: string) {
  await companyPage(args, ['Owner', 'Operator'])
  return { title }
}
