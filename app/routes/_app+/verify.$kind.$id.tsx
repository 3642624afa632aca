import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { CircleCheckIcon, CircleXIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { verifyPageLoader } from './verify.server.ts'

/** /verify/{pre-inspection|inspection|emergency-exit-check}/{id}?f=: checks a printed copy's fingerprint against the database (decision 032). */
export const loader = (args: LoaderFunctionArgs) => verifyPageLoader(args)

export const meta: MetaFunction<typeof loader> = () => [{ title: 'Check a printed copy · Operon' }]

/** Each kind's name and who signed it (decision 065 adds the 90-day emergency-exit check). */
const KIND_TEXT = {
  'pre-inspection': { label: 'pre-inspection', title: 'Pre-inspection', signer: 'Driver' },
  inspection: { label: 'inspection', title: 'Inspection', signer: 'Inspector' },
  'emergency-exit-check': { label: 'emergency-exit check', title: 'Emergency-exit check', signer: 'Checked by' },
} as const

export default function Page() {
  const data = useLoaderData<typeof loader>()
  const kindLabel = KIND_TEXT[data.kind].label
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title="Check a printed copy" description={`Compare the fingerprint printed on a ${kindLabel} with the record kept by Operon.`} />
      {data.result ? (
        <section
          aria-label="Result"
          data-testid="verify-result"
          data-matches={data.result.matches ? 'true' : 'false'}
          className={`mb-6 rounded-lg border p-4 ${data.result.matches ? 'border-emerald-500/50 bg-emerald-500/10' : 'border-destructive/50 bg-destructive/10'}`}
        >
          <p className="flex items-center gap-2 text-lg font-semibold">
            {data.result.matches ? <CircleCheckIcon aria-hidden="true" className="size-5 text-emerald-600" /> : <CircleXIcon aria-hidden="true" className="size-5 text-destructive" />}
            {data.result.matches ? 'This copy matches the record.' : 'This copy does not match the record.'}
          </p>
          {!data.result.matches ? <p className="mt-1 text-sm">The record was changed after this copy was printed, or the fingerprint was mistyped.</p> : null}
          <dl className="mt-3 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">Record</dt>
            <dd>
              {KIND_TEXT[data.result.kind].title} #{data.result.id}
            </dd>
            <dt className="text-muted-foreground">Fingerprint checked</dt>
            <dd className="font-mono">{data.result.fingerprint}</dd>
            <dt className="text-muted-foreground">Vehicle</dt>
            <dd className="break-words">
              {data.result.facts.make} {data.result.facts.model} · {data.result.facts.vehicleIdentifier}
            </dd>
            <dt className="text-muted-foreground">License plate</dt>
            <dd className="break-words">{data.result.facts.licensePlate || '—'}</dd>
            <dt className="text-muted-foreground">Owner</dt>
            <dd className="break-words">{data.result.facts.ownerCompanyName}</dd>
            <dt className="text-muted-foreground">Date</dt>
            <dd>{data.result.facts.date}</dd>
            <dt className="text-muted-foreground">{KIND_TEXT[data.result.kind].signer}</dt>
            <dd className="break-words">{data.result.facts.signedBy}</dd>
            <dt className="text-muted-foreground">Result</dt>
            <dd>{data.result.facts.isSatisfactory ? 'Satisfactory' : 'Unsatisfactory'}</dd>
          </dl>
        </section>
      ) : null}
      {data.error ? (
        <p role="alert" className="mb-6 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
          {data.error}
        </p>
      ) : null}
      <Form method="get" className="grid gap-2">
        <Label htmlFor="f">Fingerprint printed on the copy</Label>
        <div className="flex gap-2">
          <Input id="f" name="f" defaultValue={data.f} autoComplete="off" spellCheck={false} maxLength={64} className="font-mono" placeholder="12 characters, e.g. 3fa9c01b7e42" />
          <Button type="submit">Check</Button>
        </div>
      </Form>
    </div>
  )
}
