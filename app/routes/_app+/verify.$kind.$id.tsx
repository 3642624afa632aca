import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { CircleCheckIcon, CircleXIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { formatDateOnly } from '#app/utils/dates.ts'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'
import { verifyPageLoader } from './verify.server.ts'

/** /verify/{pre-inspection|inspection|emergency-exit-check}/{id}?f=: checks a printed copy's fingerprint against the database (decision 032). */
export const loader = (args: LoaderFunctionArgs) => verifyPageLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Check a printed copy'} · Operon` }]

/** Each kind's name and who signed it (decision 065 adds the 90-day emergency-exit check). */
const KIND_TEXT = {
  'pre-inspection': {
    description: msg('Compare the fingerprint printed on a pre-inspection with the record kept by Operon.'),
    title: msg('Pre-inspection'),
    signer: msg('Driver'),
  },
  inspection: { description: msg('Compare the fingerprint printed on a inspection with the record kept by Operon.'), title: msg('Inspection'), signer: msg('Inspector') },
  'emergency-exit-check': {
    description: msg('Compare the fingerprint printed on a emergency-exit check with the record kept by Operon.'),
    title: msg('Emergency-exit check'),
    signer: msg('Checked by'),
  },
} as const

export default function Page() {
  const { t, locale } = useT()
  const data = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={t('Check a printed copy')} description={t(KIND_TEXT[data.kind].description)} />
      {data.result ? (
        <section
          aria-label={t('Result')}
          data-testid="verify-result"
          data-matches={data.result.matches ? 'true' : 'false'}
          className={`mb-6 rounded-lg border p-4 ${data.result.matches ? 'border-emerald-500/50 bg-emerald-500/10' : 'border-destructive/50 bg-destructive/10'}`}
        >
          <p className="flex items-center gap-2 text-lg font-semibold">
            {data.result.matches ? <CircleCheckIcon aria-hidden="true" className="size-5 text-emerald-600" /> : <CircleXIcon aria-hidden="true" className="size-5 text-destructive" />}
            {data.result.matches ? t('This copy matches the record.') : t('This copy does not match the record.')}
          </p>
          {!data.result.matches ? <p className="mt-1 text-sm">{t('The record was changed after this copy was printed, or the fingerprint was mistyped.')}</p> : null}
          <dl className="mt-3 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-3 gap-y-1 text-sm">
            <dt className="text-muted-foreground">{t('Record')}</dt>
            <dd>
              {t(KIND_TEXT[data.result.kind].title)} #{data.result.id}
            </dd>
            <dt className="text-muted-foreground">{t('Fingerprint checked')}</dt>
            <dd className="font-mono">{data.result.fingerprint}</dd>
            <dt className="text-muted-foreground">{t('Vehicle')}</dt>
            <dd className="break-words">
              {data.result.facts.make} {data.result.facts.model} · {data.result.facts.vehicleIdentifier}
            </dd>
            <dt className="text-muted-foreground">{t('License plate')}</dt>
            <dd className="break-words">{data.result.facts.licensePlate || '—'}</dd>
            <dt className="text-muted-foreground">{t('Owner')}</dt>
            <dd className="break-words">{data.result.facts.ownerCompanyName}</dd>
            <dt className="text-muted-foreground">{t('Date')}</dt>
            <dd>{formatDateOnly(data.result.facts.date, locale)}</dd>
            <dt className="text-muted-foreground">{t(KIND_TEXT[data.result.kind].signer)}</dt>
            <dd className="break-words">{data.result.facts.signedBy}</dd>
            <dt className="text-muted-foreground">{t('Result')}</dt>
            <dd>{data.result.facts.isSatisfactory ? t('Satisfactory') : t('Unsatisfactory')}</dd>
          </dl>
        </section>
      ) : null}
      {data.error ? (
        <p role="alert" className="mb-6 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm">
          {data.error}
        </p>
      ) : null}
      <Form method="get" className="grid gap-2">
        <Label htmlFor="f">{t('Fingerprint printed on the copy')}</Label>
        <div className="flex gap-2">
          <Input id="f" name="f" defaultValue={data.f} autoComplete="off" spellCheck={false} maxLength={64} className="font-mono" placeholder={t('12 characters, e.g. 3fa9c01b7e42')} />
          <Button type="submit">{t('Check')}</Button>
        </div>
      </Form>
    </div>
  )
}
