import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { DownloadIcon, PrinterIcon } from 'lucide-react'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { SignatureField } from '#app/components/forms/signature-field.tsx'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'
import type { LeaseSide } from '#catalog/compliance.ts'
import { LEASE_STATE_LABELS } from '#server/leases/lease-text.ts'
import { LEASE_INTENT } from './intents.ts'
import { LeaseDocument, type LeaseView } from './lease-document.tsx'

interface ActionData {
  formError?: string
  fieldErrors?: Record<string, string>
  side?: string | null
}

/** The help text: what the lease is and the rules it answers (cited, as the issue asks). */
export const LEASE_HELP = msg(
  "When an owner approves a vehicle request, Operon drafts the written lease between the owner and the operator (49 CFR 390.401–390.403). During the lease the operator has exclusive possession, control and responsibility for the operation of the vehicle (49 CFR 390.403). A manager of each company signs for it; a copy of the signed lease must be carried on the bus (49 CFR 390.403). The lease's text is fixed for its version and never changes once drafted.",
)

function SignForm({ side, lease, signerName, action }: { side: LeaseSide; lease: LeaseView; signerName: string; action: ActionData | undefined }) {
  const hydrated = useHydrated()
  const { t } = useT()
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('side') === side
  const mine = action?.side === side || (action?.side == null && !!action)
  const errors = mine ? (action?.fieldErrors ?? {}) : {}
  return (
    <Form method="post" className="grid gap-3 rounded-lg border p-4" aria-label={side === 'Owner' ? t('Sign for the owner') : t('Sign for the operator')}>
      <h2 className="text-base font-semibold">
        {side === 'Owner' ? t('Sign for {company} (the lessor)', { company: lease.owner.name }) : t('Sign for {company} (the lessee)', { company: lease.operator.name })}
      </h2>
      <input type="hidden" name="intent" value={LEASE_INTENT.sign} />
      <input type="hidden" name="side" value={side} />
      {hydrated ? (
        <Field id={`signerName-${side}`} name="signerName" label={t('Your full name')} error={errors.signerName ? t(errors.signerName) : null}>
          {(control) => <Input {...control} defaultValue={signerName} autoComplete="name" required maxLength={100} />}
        </Field>
      ) : null}
      {/* Without JavaScript this is the typed full name (the field `signerName`): it signs, as on the pre-trip. */}
      <SignatureField name="signature" typedName="signerName" label={t('Signature')} error={errors.signature ?? (hydrated ? undefined : errors.signerName)} />
      <FormError message={mine && action?.formError ? t(action.formError) : null} />
      <p className="text-xs text-muted-foreground">
        {t('By signing you agree to this lease for {company}. Your name and the time are recorded.', { company: side === 'Owner' ? lease.owner.name : lease.operator.name })}
      </p>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? t('Signing…') : t('Sign the lease')}
        </Button>
      </div>
    </Form>
  )
}

export function LeasePage({
  lease,
  fingerprintCheck,
  signable,
  signerName,
}: {
  lease: LeaseView
  fingerprintCheck: { given: string; matches: boolean } | null
  signable: LeaseSide[]
  signerName: string
}) {
  const action = useActionData<ActionData>()
  const { t } = useT()
  return (
    <div className="mx-auto grid max-w-4xl gap-4">
      <PageHeader
        title={t('Lease agreement')}
        description={t(LEASE_HELP)}
        actions={
          <>
            <Link to={`/PrintLease/${lease.id}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              <PrinterIcon aria-hidden="true" className="size-4" />
              {t('Print')}
            </Link>
            <a href={`/PrintLease/${lease.id}/pdf`} download className={buttonVariants({ size: 'sm' })}>
              <DownloadIcon aria-hidden="true" className="size-4" />
              {t('Download PDF')}
            </a>
          </>
        }
      />
      {fingerprintCheck ? (
        <p role="status" data-testid="fingerprint-check" className={`rounded-md border p-3 text-sm ${fingerprintCheck.matches ? 'border-success' : 'border-destructive'}`}>
          {fingerprintCheck.matches
            ? t("The printed copy's fingerprint {given} matches this lease as recorded.", { given: fingerprintCheck.given })
            : t("The printed copy's fingerprint {given} does not match this lease as recorded now ({recorded}): the copy is older (signed or ended since) or was altered.", {
                given: fingerprintCheck.given,
                recorded: lease.fingerprint,
              })}
        </p>
      ) : null}
      <p className="text-sm">
        {t('Status:')} <strong data-testid="lease-state">{t(LEASE_STATE_LABELS[lease.state])}</strong>
      </p>
      <div className="overflow-hidden rounded-lg border bg-white">
        <LeaseDocument lease={lease} titleAs="h2" />
      </div>
      {signable.map((side) => (
        <SignForm key={side} side={side} lease={lease} signerName={signerName} action={action} />
      ))}
    </div>
  )
}
