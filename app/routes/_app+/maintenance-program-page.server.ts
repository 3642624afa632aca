/**
 * Loader and action of a service program's editor (`/maintenance/{companyId}/programs/{programId}`,
 * issue 35, decision 084): its name and description, its tasks (add, edit, remove), its buses
 * (picked by checkbox, a page of the company's buses at a time, searchable) and its rule (the fleet
 * table's filters), with how many buses the rule matches. Owner managers. Every form is a plain
 * post (works without JavaScript); a refusal comes back under the form it is about.
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { attempt, companyPage, formFailure } from '#app/utils/page.server.ts'
import { routeMessages } from '#app/utils/i18n.server.ts'
import { redirectWithToast } from '#app/utils/toast.server.ts'
import { positiveInt, text } from '#app/utils/form-data.ts'
import { PROGRAM_INTENT, TASK_FIELD_NAMES } from '#app/components/maintenance/intents.ts'
import { sayStored } from '#catalog/i18n.ts'
import { localeOfRequest, translator } from '#server/i18n/messages.server.ts'
import { FUEL_TYPES } from '#catalog/vehicle.ts'
import {
  addServiceTask,
  deleteServiceProgram,
  deleteServiceTask,
  getServiceProgram,
  listProgramVehicleChoices,
  PROGRAMS_TEXT,
  setServiceProgramVehicles,
  updateServiceProgram,
  updateServiceTask,
} from '#server/maintenance/programs.server.ts'

/** The bus picker's page size. */
export const PICKER_PAGE_SIZE = 25

function programIdOf(params: Record<string, string | undefined>): number | null {
  return positiveInt(params.programId ?? null)
}

export async function programPageLoader(args: LoaderFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner'])
  const programId = programIdOf(args.params)
  const back = `/maintenance/${companyId}/programs`
  if (!programId) throw redirect(back)
  const found = await attempt(() => getServiceProgram(ctx, { programId }))
  // Another company's program (or none): back to the list, with the reason.
  if (!found.ok || found.value.ownerCompanyId !== companyId) {
    throw await redirectWithToast(back, { type: 'error', message: PROGRAMS_TEXT.programNotFound })
  }
  const t = translator(localeOfRequest(args.request))
  // Copied from a template, unchanged: in the reader's language; the forms save what they show (decision 084).
  const program = {
    ...found.value,
    name: sayStored(t, found.value.name),
    description: sayStored(t, found.value.description),
    tasks: found.value.tasks.map((task) => ({ ...task, name: sayStored(t, task.name), checklist: sayStored(t, task.checklist) })),
  }
  const url = new URL(args.request.url)
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 60)
  const page = positiveInt(url.searchParams.get('vpage')) ?? 1
  const choices = await listProgramVehicleChoices(ctx, { programId, q: q || undefined, page, pageSize: PICKER_PAGE_SIZE })
  const pageCount = Math.max(1, Math.ceil(choices.total / PICKER_PAGE_SIZE))
  if (page > pageCount) {
    url.searchParams.set('vpage', String(pageCount))
    throw redirect(url.pathname + url.search)
  }
  return {
    title: program.name,
    companyId,
    program,
    choices: { ...choices, pageCount, q },
    fuelTypes: FUEL_TYPES.map((f) => ({ value: f.value, label: f.label })),
    messages: routeMessages(args.request, 'maintenance'),
  }
}
export type ProgramLoaderData = Awaited<ReturnType<typeof programPageLoader>>

/** The values of a task form, as typed (sent back with a refusal). */
function taskValues(form: FormData): Record<string, string> {
  return Object.fromEntries(TASK_FIELD_NAMES.map((n) => [n, text(form, n)]))
}

export async function programPageAction(args: ActionFunctionArgs) {
  const { ctx, companyId } = await companyPage(args, ['Owner'])
  const programId = programIdOf(args.params)
  const list = `/maintenance/${companyId}/programs`
  if (!programId) return redirect(list)
  const form = await args.request.formData()
  const intent = text(form, 'intent')
  const url = new URL(args.request.url)
  const here = url.pathname + url.search

  // The program must be this company's (the use cases check the caller's role; the URL's company must agree).
  const found = await attempt(() => getServiceProgram(ctx, { programId }))
  if (!found.ok) return formFailure(found.error, { intent, values: {} })
  if (found.value.ownerCompanyId !== companyId) return redirectWithToast(list, { type: 'error', message: PROGRAMS_TEXT.programNotFound })

  switch (intent) {
    case PROGRAM_INTENT.updateProgram: {
      const values = { name: text(form, 'name'), description: text(form, 'description'), version: text(form, 'version') }
      const saved = await attempt(() => updateServiceProgram(ctx, { programId, ...values }))
      if (!saved.ok) return formFailure(saved.error, { intent, values }, { fields: ['name', 'description'] })
      return redirectWithToast(here, { type: 'success', message: PROGRAMS_TEXT.saved })
    }
    case PROGRAM_INTENT.deleteProgram: {
      const deleted = await attempt(() => deleteServiceProgram(ctx, { programId }))
      if (!deleted.ok) return formFailure(deleted.error, { intent, values: {} })
      return redirectWithToast(list, { type: 'success', message: PROGRAMS_TEXT.deleted })
    }
    case PROGRAM_INTENT.addTask: {
      const values = taskValues(form)
      const added = await attempt(() => addServiceTask(ctx, { programId, ...values }))
      if (!added.ok) return formFailure(added.error, { intent, values }, { fields: [...TASK_FIELD_NAMES] })
      return redirectWithToast(`${here}#task-${added.value.id}`, { type: 'success', message: PROGRAMS_TEXT.taskAdded })
    }
    case PROGRAM_INTENT.updateTask: {
      const taskId = positiveInt(text(form, 'taskId'))
      const values = taskValues(form)
      const saved = await attempt(() => updateServiceTask(ctx, { taskId, ...values }))
      if (!saved.ok) return formFailure(saved.error, { intent, taskId, values }, { fields: [...TASK_FIELD_NAMES] })
      return redirectWithToast(`${here}#task-${saved.value.id}`, { type: 'success', message: PROGRAMS_TEXT.taskSaved })
    }
    case PROGRAM_INTENT.deleteTask: {
      const taskId = positiveInt(text(form, 'taskId'))
      const deleted = await attempt(() => deleteServiceTask(ctx, { taskId }))
      if (!deleted.ok) return formFailure(deleted.error, { intent, taskId, values: {} })
      return redirectWithToast(here, { type: 'success', message: PROGRAMS_TEXT.taskDeleted })
    }
    case PROGRAM_INTENT.setVehicles: {
      const strings = (name: string) => form.getAll(name).filter((v): v is string => typeof v === 'string' && v.trim() !== '')
      const rule = {
        tag: text(form, 'tag')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
        make: strings('make'),
        model: strings('model'),
        yearFrom: text(form, 'yearFrom'),
        yearTo: text(form, 'yearTo'),
        fuelType: strings('fuelType'),
      }
      const vehicleIds = strings('vehicleIds')
      const saved = await attempt(() => setServiceProgramVehicles(ctx, { programId, version: text(form, 'version'), vehicleIds, rule }))
      if (!saved.ok) {
        const values = { tag: text(form, 'tag'), yearFrom: rule.yearFrom, yearTo: rule.yearTo }
        return formFailure(saved.error, { intent, values }, { fields: ['rule.tag', 'rule.make', 'rule.model', 'rule.yearFrom', 'rule.yearTo', 'rule.fuelType', 'vehicleIds'] })
      }
      const r = saved.value
      return redirectWithToast(`${here}#buses`, r.message ? { type: 'warning', message: r.message } : { type: 'success', message: PROGRAMS_TEXT.vehiclesSaved })
    }
    default:
      return redirect(here)
  }
}
