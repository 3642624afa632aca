import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { attempt, userPage } from '#app/utils/page.server.ts'
import { msg } from '#catalog/i18n.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { VERIFY_KINDS, verifyFormFingerprint, type VerifyKind, type VerifyResult } from '#server/inspections/fingerprint.server.ts'

/** The verify page (decision 032): any signed-in member of a company the record belongs to; others see "not found". */
export async function verifyPageLoader(args: LoaderFunctionArgs) {
  const ctx = await userPage(args)
  const kind = (VERIFY_KINDS as readonly string[]).includes(args.params.kind ?? '') ? (args.params.kind as VerifyKind) : null
  const f = new URL(args.request.url).searchParams.get('f') ?? ''
  const t = translator(localeOfRequest(args.request))
  const base = { kind: kind ?? ('pre-inspection' as VerifyKind), f: f.slice(0, 64), title: t(msg('Check a printed copy')), messages: routeMessages(args.request, 'inspections') }
  if (!kind) return data({ ...base, result: null as VerifyResult | null, error: t(msg('Record not found')) as string | null }, { status: 404 })
  if (!f.trim()) return { ...base, result: null as VerifyResult | null, error: null as string | null }
  const checked = await attempt(() => verifyFormFingerprint(ctx, { kind, id: args.params.id, f }))
  if (checked.ok) return { ...base, result: checked.value as VerifyResult | null, error: null as string | null }
  const { error } = checked
  const message = error.code === 'BAD_REQUEST' ? (error.fieldErrors?.f ?? (error.fieldErrors?.id ? 'Record not found' : error.message)) : error.message
  return data({ ...base, result: null as VerifyResult | null, error: t(message) as string | null }, { status: error.code === 'BAD_REQUEST' && !error.fieldErrors?.f ? 404 : error.status })
}
