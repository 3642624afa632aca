/**
 * The CSV resource routes of the record exports (decision 077) and the activity log (decision
 * 079): whoever calls, the use case decides (400 with the message for a bad range, 403 for a
 * driver or mechanic, 404 for a company the caller has no role in, as REST answers); no session
 * goes to /login and back. Column headers in the request's language (decision 074).
 */
import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { attempt, callerContext, errorText } from '#app/utils/page.server.ts'
import type { UseCaseContext } from '#server/context/use-case-context.ts'
import { csvResponse } from '#server/csv.ts'
import type { CsvExport } from '#server/exports/common.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'

export async function csvExportLoader(args: LoaderFunctionArgs, run: (ctx: UseCaseContext, url: URL, companyId: string) => Promise<CsvExport>) {
  const url = new URL(args.request.url)
  const ctx = await callerContext(args)
  if (ctx.actor.kind !== 'user') return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
  const made = await attempt(() => run(ctx, url, String(args.params.companyId ?? '')))
  if (!made.ok) return errorText(made.error)
  const t = translator(localeOfRequest(args.request))
  return csvResponse(made.value.fileName, made.value.header.map((h) => t(h)), made.value.lines)
}

/** `?from=&to=` of an export URL. */
export const rangeOf = (url: URL) => ({ from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' })
