/**
 * Loader and action of "Service programs" (`/maintenance/{companyId}/programs`, issue 35,
 * decision 084): an owner company's programs, the ready templates to copy and a new program's
 * form; Owner managers. Every form is a plain post (works without JavaScript); a created or
 * copied program opens in its editor.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { attempt, companyPage, formFailure, refusalText } from '#app/utils/page.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { text } from '#app/utils/form-data.ts'
import { PROGRAM_INTENT } from '#app/components/maintenance/intents.ts'
import { msg, sayStored } from '#catalog/i18n.ts'
import { getCompany } from '#server/companies/company-settings.server.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { copyServiceTemplate, createServiceProgram, listServicePrograms, listServiceTemplates, PROGRAMS_TEXT } from '#server/maintenance/programs.server.ts'

export const PROGRAMS_PAGE_TITLE = msg('Service programs')

export async function programsPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner'])
  const company = await getCompany(ctx, companyId)
  const listed = await attempt(() => listServicePrograms(ctx, { companyId }))
  const t = translator(localeOfRequest(args.request))
  return {
    title: t(PROGRAMS_PAGE_TITLE),
    companyId,
    companyName: company.companyName,
    // Copied from a template, unchanged: in the reader's language (decision 084).
    programs: listed.ok ? listed.value.programs.map((p) => ({ ...p, name: sayStored(t, p.name), description: sayStored(t, p.description) })) : [],
    listError: listed.ok ? null : refusalText(listed.error),
    templates: await listServiceTemplates(ctx),
    messages: routeMessages(args.request, 'maintenance'),
  }
}
export type ProgramsLoaderData = Awaited<ReturnType<typeof programsPageLoader>>

export async function programsPageAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner'])
  const form = await args.request.formData()
  const intent = text(form, 'intent')
  const editor = (programId: number) => `/maintenance/${companyId}/programs/${programId}`
  if (intent === PROGRAM_INTENT.createProgram) {
    const values = { name: text(form, 'name'), description: text(form, 'description') }
    const created = await attempt(() => createServiceProgram(ctx, { companyId, ...values }))
    if (!created.ok) return formFailure(created.error, { intent, values }, { fields: ['name', 'description'] })
    return redirectWithToast(editor(created.value.id), { type: 'success', message: PROGRAMS_TEXT.created })
  }
  if (intent === PROGRAM_INTENT.copyTemplate) {
    const templateKey = text(form, 'templateKey')
    const copied = await attempt(() => copyServiceTemplate(ctx, { companyId, templateKey }))
    if (!copied.ok) return formFailure(copied.error, { intent, templateKey, values: {} })
    return redirectWithToast(editor(copied.value.id), { type: 'success', message: PROGRAMS_TEXT.copied })
  }
  const url = new URL(args.request.url)
  return redirect(url.pathname)
}
