/**
 * Loader and action of the lease page (`/leases/{leaseId}`, decision 064): the lease agreement
 * (49 CFR 390.401–390.403) with its fixed text, parties, vehicle, term and signatures, and the
 * sign form for the side the caller manages. Signing is a plain form post: with JavaScript a
 * drawn signature and the signer's name, without it the typed full name signs (as on the
 * pre-trip). `?f=` checks a printed copy's fingerprint against the record.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { positiveInt } from '#app/utils/form-data.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { attempt, formFailure, userPage } from '#app/utils/page.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { getLeaseAgreement, signLeaseAgreement } from '#server/leases/lease-agreements.server.ts'
import { LEASE_MESSAGES } from '#server/leases/lease-text.ts'
import { LEASE_INTENT } from '#app/components/leases/intents.ts'

function leaseIdOf(params: LoaderFunctionArgs['params']): number {
  const id = positiveInt(params.leaseId)
  if (!id) throw redirect('/')
  return id
}

export async function leasePageLoader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const id = leaseIdOf(args.params)
  const found = await attempt(() => getLeaseAgreement(ctx, id))
  // A lease the caller may not read leaves for / with the reason (spec section 6), revealing nothing.
  if (!found.ok) throw await redirectWithToast('/', { type: 'error', message: found.error.message })
  const lease = found.value
  const given = new URL(args.request.url).searchParams.get('f')?.replace(/\s+/g, '').toLowerCase().slice(0, 64) ?? null
  const signerName = `${ctx.actor.firstName} ${ctx.actor.lastName}`.trim()
  return {
    /** The browser tab's title, in the reader's language. */
    title: translator(localeOfRequest(args.request))('Lease {vehicle}', { vehicle: lease.vehicle.vehicleIdentifier }),
    lease,
    /** A printed copy's fingerprint, checked against the record. */
    fingerprintCheck: given ? { given, matches: given === lease.fingerprint } : null,
    /** The sides the caller may still sign (none once the assignment ended early). */
    signable: lease.assignmentEndedAt ? [] : lease.mySides.filter((side) => !lease.signatures.some((s) => s.side === side)),
    signerName,
    messages: routeMessages(args.request, 'fleet'),
  }
}
export type LeasePageData = Awaited<ReturnType<typeof leasePageLoader>>

export async function leasePageAction(args: ActionFunctionArgs) {
  const ctx = await userPage(args)
  const id = leaseIdOf(args.params)
  const form = await args.request.formData()
  if (String(form.get('intent') ?? '') !== LEASE_INTENT.sign) return redirect(`/leases/${id}`)
  const side = String(form.get('side') ?? '') || undefined
  const signed = await attempt(
    () =>
      signLeaseAgreement(ctx, {
        leaseId: id,
        side,
        signerName: String(form.get('signerName') ?? ''),
        signature: String(form.get('signature') ?? '') || null,
      }),
    { log: 'lease signing failed', leaseId: id },
  )
  if (!signed.ok) {
    const { error } = signed
    if (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN') return redirectWithToast('/', { type: 'error', message: error.message })
    return formFailure(error, { side: side ?? null })
  }
  return redirectWithToast(`/leases/${id}`, { type: 'success', message: LEASE_MESSAGES.signed })
}
