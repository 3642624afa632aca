import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useLocation } from '@remix-run/react'
import { WebhooksPage } from '#app/components/webhooks/webhooks-page.tsx'
import { webhooksPageAction, webhooksPageLoader, type WebhooksActionData } from '#app/routes/_app+/webhooks-page.server.ts'

/** "Webhooks" (issue 26 point 3, decision 078): a company's managers. */
export const loader = (args: LoaderFunctionArgs) => webhooksPageLoader(args)
export const action = (args: ActionFunctionArgs) => webhooksPageAction(args)

/** A refused "Send test event" (429) says when to try again, as the other doors do (issue 38). */
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers()
  const retryAfter = actionHeaders.get('Retry-After')
  if (retryAfter) headers.set('Retry-After', retryAfter)
  return headers
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const data = useLoaderData<typeof loader>()
  const action = useActionData<typeof action>() as WebhooksActionData | undefined
  const location = useLocation()
  return <WebhooksPage data={data} action={action} search={location.search} />
}
