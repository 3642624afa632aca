/**
 * Service programs (issue 35, decision 084): an owner company's programs, their tasks, their
 * buses (picked, or matched by a rule over the fleet table's filters) and the ready templates.
 * One use case per door-independent action; the pages, tRPC `maintenance.programs.*` and
 * REST /api/Maintenance/… call these.
 *
 * Who: the Owner managers of the program's company write and read; anyone else gets 403 for a
 * company (list, create, copy) and 404 for a program or task (as for one that does not exist).
 * Bad input is refused with every field's message and nothing saved; every change is audited in
 * its own transaction.
 */
import { and, asc, count, eq, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm'
import type { Tx } from '#db/client.ts'
import { companies, repairTasks, serviceProgramVehicles, servicePrograms, serviceTasks, vehicles, type ProgramRule, type ServiceProgram, type ServiceTask } from '#db/schema/index.ts'
import { MAINTENANCE_LIMITS } from '#catalog/maintenance.ts'
import { SERVICE_TEMPLATES, serviceTemplate } from '#catalog/maintenance-templates.ts'
import { msg, withValues } from '#catalog/i18n.ts'
import type { UseCaseContext } from '../context/use-case-context.ts'
import type { UserActor } from '../context/actor.ts'
import { audit } from '../activity/audit.server.ts'
import { hasRole, requireRole, requireUser } from '../access/policy.ts'
import { todayIn } from '../access/vehicle-access.server.ts'
import { AppError } from '../errors.ts'
import { translator } from '../i18n/messages.server.ts'
import { idSchema, parseInput } from '../validation.ts'
import { z } from 'zod'
import { countRuleMatches, hasRule, syncProgram } from '../fleet/program-membership.server.ts'
import {
  addServiceTaskInput,
  companyIdInput,
  copyServiceTemplateInput,
  createServiceProgramInput,
  programIdInput,
  setServiceProgramVehiclesInput,
  storedRule,
  taskIdInput,
  updateServiceProgramInput,
  updateServiceTaskInput,
} from './program-schema.ts'

const OWNER = ['Owner'] as const

export const PROGRAMS_TEXT = {
  programNotFound: msg('Service program not found'),
  taskNotFound: msg('Service task not found'),
  stale: msg('This program was changed meanwhile: reload it and make your change again'),
  created: msg('Service program created'),
  copied: msg('Template copied: check its intervals, then choose its buses'),
  saved: msg('Service program saved'),
  deleted: msg('Service program deleted; the service history of its buses is kept'),
  taskAdded: msg('Task added'),
  taskSaved: msg('Task saved'),
  taskDeleted: msg('Task removed; the service history of its buses is kept'),
  vehiclesSaved: msg('Buses saved'),
  noMatch: msg('The rule matches no bus yet: buses that match it later join the program.'),
} as const

const programNotFound = () => new AppError('NOT_FOUND', PROGRAMS_TEXT.programNotFound)
const taskNotFound = () => new AppError('NOT_FOUND', PROGRAMS_TEXT.taskNotFound)
const stale = () => new AppError('CONFLICT', PROGRAMS_TEXT.stale, { fieldErrors: { version: PROGRAMS_TEXT.stale } })

export interface ServiceProgramSummary {
  id: number
  ownerCompanyId: number
  name: string
  description: string | null
  templateKey: string | null
  rule: ProgramRule | null
  version: number
  taskCount: number
  vehicleCount: number
  updatedAt: string
}

export interface ServiceTaskRow {
  id: number
  programId: number
  name: string
  checklist: string | null
  intervalDays: number | null
  intervalMiles: number | null
  intervalHours: number | null
  soonDays: number | null
  soonMiles: number | null
  soonHours: number | null
  firstDueDate: string | null
  firstDueMiles: number | null
  firstDueHours: number | null
  position: number
}

export interface ProgramVehicleRow {
  vehicleId: number
  vehicleIdentifier: string
  make: string | null
  model: string | null
  licensePlate: string
  kind: 'pick' | 'rule'
  joinedOn: string
}

export interface ServiceProgramDetail extends ServiceProgramSummary {
  tasks: ServiceTaskRow[]
  vehicles: ProgramVehicleRow[]
  /** How many of the company's buses the rule matches now (0 without a rule). */
  matchedVehicles: number
}

function taskRow(t: ServiceTask): ServiceTaskRow {
  return {
    id: t.id,
    programId: t.programId,
    name: t.name,
    checklist: t.checklist,
    intervalDays: t.intervalDays,
    intervalMiles: t.intervalMiles,
    intervalHours: t.intervalHours,
    soonDays: t.soonDays,
    soonMiles: t.soonMiles,
    soonHours: t.soonHours,
    firstDueDate: t.firstDueDate,
    firstDueMiles: t.firstDueMiles,
    firstDueHours: t.firstDueHours,
    position: t.position,
  }
}

const ruleOf = (p: ServiceProgram): ProgramRule | null => (hasRule(p.rule) ? p.rule : null)

/** The program, if the caller is an Owner manager of its company; else "not found". */
async function ownedProgram(read: Pick<Tx, 'select'>, actor: UseCaseContext['actor'], programId: number): Promise<{ me: UserActor; program: ServiceProgram }> {
  const me = requireUser(actor)
  const [program] = await read.select().from(servicePrograms).where(eq(servicePrograms.id, programId))
  if (!program || !hasRole(me, program.ownerCompanyId, OWNER)) throw programNotFound()
  return { me, program }
}

/** The task and its program, if the caller is an Owner manager of its company; else "not found". */
async function ownedTask(read: Pick<Tx, 'select'>, actor: UseCaseContext['actor'], taskId: number): Promise<{ me: UserActor; task: ServiceTask; program: ServiceProgram }> {
  const me = requireUser(actor)
  const [row] = await read
    .select({ task: serviceTasks, program: servicePrograms })
    .from(serviceTasks)
    .innerJoin(servicePrograms, eq(servicePrograms.id, serviceTasks.programId))
    .where(eq(serviceTasks.id, taskId))
  if (!row || !hasRole(me, row.program.ownerCompanyId, OWNER)) throw taskNotFound()
  return { me, ...row }
}

async function companyTodayTx(tx: Pick<Tx, 'select'>, companyId: number, now: Date): Promise<string> {
  const [c] = await tx.select({ tz: companies.timeZone }).from(companies).where(eq(companies.id, companyId))
  return todayIn(c?.tz, now)
}

async function summaries(read: Pick<Tx, 'select'>, where: SQL): Promise<ServiceProgramSummary[]> {
  const rows = await read
    .select({
      program: servicePrograms,
      taskCount: sql<number>`(SELECT count(*) FROM ${serviceTasks} WHERE ${serviceTasks.programId} = ${servicePrograms.id})`,
      vehicleCount: sql<number>`(SELECT count(*) FROM ${serviceProgramVehicles} WHERE ${serviceProgramVehicles.programId} = ${servicePrograms.id})`,
    })
    .from(servicePrograms)
    .where(where)
    .orderBy(asc(servicePrograms.name), asc(servicePrograms.id))
  return rows.map(({ program: p, taskCount, vehicleCount }) => ({
    id: p.id,
    ownerCompanyId: p.ownerCompanyId,
    name: p.name,
    description: p.description,
    templateKey: p.templateKey,
    rule: ruleOf(p),
    version: p.version,
    taskCount: Number(taskCount),
    vehicleCount: Number(vehicleCount),
    updatedAt: p.updatedAt.toISOString(),
  }))
}

async function detail(read: Pick<Tx, 'select'>, programId: number): Promise<ServiceProgramDetail> {
  const [summary] = await summaries(read, eq(servicePrograms.id, programId))
  if (!summary) throw programNotFound()
  const tasks = await read.select().from(serviceTasks).where(eq(serviceTasks.programId, programId)).orderBy(asc(serviceTasks.position), asc(serviceTasks.id))
  const members = await read
    .select({
      vehicleId: serviceProgramVehicles.vehicleId,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      make: vehicles.make,
      model: vehicles.model,
      licensePlate: vehicles.licensePlate,
      kind: serviceProgramVehicles.kind,
      joinedOn: serviceProgramVehicles.joinedOn,
    })
    .from(serviceProgramVehicles)
    .innerJoin(vehicles, eq(vehicles.id, serviceProgramVehicles.vehicleId))
    .where(eq(serviceProgramVehicles.programId, programId))
    .orderBy(asc(vehicles.vehicleIdentifier))
  return { ...summary, tasks: tasks.map(taskRow), vehicles: members, matchedVehicles: await countRuleMatches(read, summary.ownerCompanyId, summary.rule) }
}

/** GET /api/Maintenance/getServicePrograms, tRPC `maintenance.programs.list`, the programs page. */
export async function listServicePrograms(ctx: UseCaseContext, input: unknown): Promise<{ companyId: number; programs: ServiceProgramSummary[] }> {
  const { companyId } = parseInput(companyIdInput, input)
  requireRole(ctx.actor, companyId, OWNER)
  return { companyId, programs: await summaries(ctx.db.read, eq(servicePrograms.ownerCompanyId, companyId)) }
}

/** GET /api/Maintenance/getServiceProgram: the program, its tasks, its buses and how many the rule matches. */
export async function getServiceProgram(ctx: UseCaseContext, input: unknown): Promise<ServiceProgramDetail> {
  const { programId } = parseInput(programIdInput, input)
  await ownedProgram(ctx.db.read, ctx.actor, programId)
  return detail(ctx.db.read, programId)
}

/** GET /api/Maintenance/getServiceTemplates: the ready programs to copy (English; pages translate). */
export async function listServiceTemplates(ctx: UseCaseContext): Promise<typeof SERVICE_TEMPLATES> {
  requireUser(ctx.actor)
  return SERVICE_TEMPLATES
}

/** The per-company cap on programs, checked inside the writing transaction. */
async function assertProgramRoom(tx: Tx, companyId: number) {
  const [row] = await tx.select({ n: count() }).from(servicePrograms).where(eq(servicePrograms.ownerCompanyId, companyId))
  const cap = MAINTENANCE_LIMITS.programsPerCompany
  if (Number(row?.n ?? 0) >= cap) {
    const message = withValues(msg('A company can have at most {n} service programs'), { n: cap })
    throw new AppError('CONFLICT', message, { fieldErrors: { name: message } })
  }
}

async function assertTaskRoom(tx: Tx, programId: number) {
  const [row] = await tx.select({ n: count() }).from(serviceTasks).where(eq(serviceTasks.programId, programId))
  const cap = MAINTENANCE_LIMITS.tasksPerProgram
  if (Number(row?.n ?? 0) >= cap) {
    const message = withValues(msg('A program can have at most {n} tasks'), { n: cap })
    throw new AppError('CONFLICT', message, { fieldErrors: { name: message } })
  }
}

/** POST /api/Maintenance/createServiceProgram: a new program (name, description), no task or bus yet. */
export async function createServiceProgram(ctx: UseCaseContext, input: unknown): Promise<ServiceProgramDetail> {
  const v = parseInput(createServiceProgramInput, input)
  const me = requireRole(ctx.actor, v.companyId, OWNER)
  const now = ctx.now ?? new Date()
  const id = await ctx.db.transaction(async (tx) => {
    await assertProgramRoom(tx, v.companyId)
    const [created] = await tx
      .insert(servicePrograms)
      .values({ ownerCompanyId: v.companyId, name: v.name, description: v.description, createdAt: now, updatedAt: now })
      .returning({ id: servicePrograms.id })
    await audit(tx, me, { action: 'serviceProgram.create', companyId: v.companyId, entityType: 'serviceProgram', entityId: created!.id, details: { name: v.name } })
    return created!.id
  })
  return detail(ctx.db.read, id)
}

/** POST /api/Maintenance/copyServiceTemplate: a template copied as a new program of the company, in the copier's language. */
export async function copyServiceTemplate(ctx: UseCaseContext, input: unknown): Promise<ServiceProgramDetail> {
  const v = parseInput(copyServiceTemplateInput, input)
  const me = requireRole(ctx.actor, v.companyId, OWNER)
  const template = serviceTemplate(v.templateKey)!
  const t = translator(ctx.locale ?? 'en')
  const now = ctx.now ?? new Date()
  const id = await ctx.db.transaction(async (tx) => {
    await assertProgramRoom(tx, v.companyId)
    const name = t(template.name)
    const [created] = await tx
      .insert(servicePrograms)
      .values({ ownerCompanyId: v.companyId, name, description: `${t(template.description)}\n${t(template.help)}`, templateKey: template.key, createdAt: now, updatedAt: now })
      .returning({ id: servicePrograms.id })
    let position = 0
    for (const task of template.tasks) {
      await tx.insert(serviceTasks).values({
        ...task,
        name: t(task.name),
        checklist: task.checklist ? t(task.checklist) : null,
        programId: created!.id,
        ownerCompanyId: v.companyId,
        position: position++,
        createdAt: now,
        updatedAt: now,
      })
    }
    await audit(tx, me, {
      action: 'serviceProgram.copyTemplate',
      companyId: v.companyId,
      entityType: 'serviceProgram',
      entityId: created!.id,
      details: { name, templateKey: template.key },
    })
    return created!.id
  })
  return detail(ctx.db.read, id)
}

/** PUT /api/Maintenance/updateServiceProgram: name and description, from the version the edit started from (else 409). */
export async function updateServiceProgram(ctx: UseCaseContext, input: unknown): Promise<ServiceProgramDetail> {
  const v = parseInput(updateServiceProgramInput, input)
  const { me, program } = await ownedProgram(ctx.db.read, ctx.actor, v.programId)
  const now = ctx.now ?? new Date()
  await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(servicePrograms)
      .set({ name: v.name, description: v.description, updatedAt: now, version: sql`${servicePrograms.version} + 1` })
      .where(and(eq(servicePrograms.id, program.id), eq(servicePrograms.version, v.version)))
      .returning({ id: servicePrograms.id })
    if (!updated) {
      const [still] = await tx.select({ id: servicePrograms.id }).from(servicePrograms).where(eq(servicePrograms.id, program.id))
      throw still ? stale() : programNotFound()
    }
    await audit(tx, me, { action: 'serviceProgram.update', companyId: program.ownerCompanyId, entityType: 'serviceProgram', entityId: program.id, details: { name: v.name } })
  })
  return detail(ctx.db.read, program.id)
}

/**
 * A repair task sent for a service task keeps its name when the task goes. Migration 0015 added
 * `repair_tasks.service_task_id` with ALTER TABLE, which cannot carry ON DELETE SET NULL, so the
 * link is cleared here first (otherwise the foreign key refuses the delete).
 */
async function unlinkRepairTasks(tx: Tx, taskIds: number[]): Promise<void> {
  if (taskIds.length) await tx.update(repairTasks).set({ serviceTaskId: null }).where(inArray(repairTasks.serviceTaskId, taskIds))
}

/**
 * DELETE /api/Maintenance/deleteServiceProgram: the program, its tasks and its buses go; the
 * service records stay (they keep the task's and program's names: history, 49 CFR 396.3(c)).
 */
export async function deleteServiceProgram(ctx: UseCaseContext, input: unknown): Promise<{ id: number; message: string }> {
  const { programId } = parseInput(programIdInput, input)
  const { me, program } = await ownedProgram(ctx.db.read, ctx.actor, programId)
  await ctx.db.transaction(async (tx) => {
    const tasks = await tx.select({ id: serviceTasks.id }).from(serviceTasks).where(eq(serviceTasks.programId, program.id))
    await unlinkRepairTasks(tx, tasks.map((t) => t.id))
    const deleted = await tx.delete(servicePrograms).where(eq(servicePrograms.id, program.id)).returning({ id: servicePrograms.id })
    if (!deleted.length) throw programNotFound()
    await audit(tx, me, { action: 'serviceProgram.delete', companyId: program.ownerCompanyId, entityType: 'serviceProgram', entityId: program.id, details: { name: program.name } })
  })
  return { id: program.id, message: PROGRAMS_TEXT.deleted }
}

/** POST /api/Maintenance/addServiceTask: a task at the end of the program (at most `tasksPerProgram`). */
export async function addServiceTask(ctx: UseCaseContext, input: unknown): Promise<ServiceTaskRow> {
  const v = parseInput(addServiceTaskInput, input)
  const { me, program } = await ownedProgram(ctx.db.read, ctx.actor, v.programId)
  const now = ctx.now ?? new Date()
  const { programId, ...fields } = v
  return ctx.db.transaction(async (tx) => {
    const [still] = await tx.select({ id: servicePrograms.id }).from(servicePrograms).where(eq(servicePrograms.id, programId))
    if (!still) throw programNotFound()
    await assertTaskRoom(tx, programId)
    const [last] = await tx.select({ p: max(serviceTasks.position) }).from(serviceTasks).where(eq(serviceTasks.programId, programId))
    const [created] = await tx
      .insert(serviceTasks)
      .values({ ...fields, programId, ownerCompanyId: program.ownerCompanyId, position: (last?.p ?? -1) + 1, createdAt: now, updatedAt: now })
      .returning()
    await audit(tx, me, { action: 'serviceTask.create', companyId: program.ownerCompanyId, entityType: 'serviceTask', entityId: created!.id, details: { name: v.name, programId } })
    return taskRow(created!)
  })
}

/**
 * PUT /api/Maintenance/updateServiceTask: every field replaced. A changed interval applies at
 * once: the next due point is computed from the last service with the new interval.
 */
export async function updateServiceTask(ctx: UseCaseContext, input: unknown): Promise<ServiceTaskRow> {
  const v = parseInput(updateServiceTaskInput, input)
  const { me, program } = await ownedTask(ctx.db.read, ctx.actor, v.taskId)
  const now = ctx.now ?? new Date()
  const { taskId, ...fields } = v
  return ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(serviceTasks).set({ ...fields, updatedAt: now }).where(eq(serviceTasks.id, taskId)).returning()
    if (!updated) throw taskNotFound()
    await audit(tx, me, { action: 'serviceTask.update', companyId: program.ownerCompanyId, entityType: 'serviceTask', entityId: taskId, details: { name: v.name, programId: program.id } })
    return taskRow(updated)
  })
}

/** DELETE /api/Maintenance/deleteServiceTask: the task goes; its service records stay (history). */
export async function deleteServiceTask(ctx: UseCaseContext, input: unknown): Promise<{ id: number; message: string }> {
  const { taskId } = parseInput(taskIdInput, input)
  const { me, task, program } = await ownedTask(ctx.db.read, ctx.actor, taskId)
  await ctx.db.transaction(async (tx) => {
    await unlinkRepairTasks(tx, [taskId])
    const deleted = await tx.delete(serviceTasks).where(eq(serviceTasks.id, taskId)).returning({ id: serviceTasks.id })
    if (!deleted.length) throw taskNotFound()
    await audit(tx, me, { action: 'serviceTask.delete', companyId: program.ownerCompanyId, entityType: 'serviceTask', entityId: taskId, details: { name: task.name, programId: program.id } })
  })
  return { id: taskId, message: PROGRAMS_TEXT.taskDeleted }
}

/**
 * PUT /api/Maintenance/setServiceProgramVehicles: the buses picked one by one (the whole picked
 * set) and the rule. Every picked bus must be a bus of the program's company, not archived (else
 * 404 naming `vehicleIds`, nothing saved). A bus no longer picked stays while the rule matches
 * it; rule rows are rewritten in the same transaction. A rule that matches no bus is allowed: the
 * answer says so (`matchedVehicles: 0` and `message`).
 */
export async function setServiceProgramVehicles(
  ctx: UseCaseContext,
  input: unknown,
): Promise<{ program: ServiceProgramDetail; matchedVehicles: number; message: string | null }> {
  const v = parseInput(setServiceProgramVehiclesInput, input)
  const { me, program } = await ownedProgram(ctx.db.read, ctx.actor, v.programId)
  const companyId = program.ownerCompanyId
  const picked = [...new Set(v.vehicleIds)]
  const rule = storedRule(v.rule)
  const now = ctx.now ?? new Date()
  await ctx.db.transaction(async (tx) => {
    // Every picked bus is one of the company's (checked inside the transaction: none moved meanwhile).
    const found = new Set<number>()
    for (let i = 0; i < picked.length; i += 500) {
      const ids = picked.slice(i, i + 500)
      const rows = await tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(inArray(vehicles.id, ids), eq(vehicles.ownerCompanyId, companyId), isNull(vehicles.archivedAt)))
      for (const r of rows) found.add(r.id)
    }
    const foreign = picked.find((id) => !found.has(id))
    if (foreign !== undefined) {
      const message = withValues(msg('Bus {id} is not one of this company’s buses'), { id: foreign })
      throw new AppError('NOT_FOUND', message, { fieldErrors: { vehicleIds: message } })
    }
    const [updated] = await tx
      .update(servicePrograms)
      .set({ rule, updatedAt: now, version: sql`${servicePrograms.version} + 1` })
      .where(and(eq(servicePrograms.id, program.id), v.version !== null ? eq(servicePrograms.version, v.version) : undefined))
      .returning({ id: servicePrograms.id })
    if (!updated) {
      const [still] = await tx.select({ id: servicePrograms.id }).from(servicePrograms).where(eq(servicePrograms.id, program.id))
      throw still ? stale() : programNotFound()
    }
    const today = await companyTodayTx(tx, companyId, now)
    // No longer picked: kept as a rule row (its joining baseline too) while the rule matches it; the sync below drops the rest.
    const unpicked = and(eq(serviceProgramVehicles.programId, program.id), eq(serviceProgramVehicles.kind, 'pick'))
    if (picked.length === 0) await tx.update(serviceProgramVehicles).set({ kind: 'rule' }).where(unpicked)
    else {
      await tx
        .update(serviceProgramVehicles)
        .set({ kind: 'rule' })
        .where(and(unpicked, sql`${serviceProgramVehicles.vehicleId} NOT IN (SELECT value FROM json_each(${JSON.stringify(picked)}))`))
      // Picked: a bus already in (by the rule) becomes picked, keeping the day it joined; a new one joins today.
      await tx.run(
        sql`INSERT INTO ${serviceProgramVehicles} ("program_id", "vehicle_id", "owner_company_id", "kind", "joined_on", "join_life_miles", "join_life_hours")
          SELECT ${program.id}, ${vehicles.id}, ${companyId}, 'pick', ${today}, ${vehicles.odometer} + ${vehicles.odometerOffset}, ${vehicles.engineHours} + ${vehicles.engineHoursOffset}
          FROM ${vehicles} WHERE ${vehicles.id} IN (SELECT value FROM json_each(${JSON.stringify(picked)})) AND ${vehicles.ownerCompanyId} = ${companyId}
          ON CONFLICT ("program_id", "vehicle_id") DO UPDATE SET "kind" = 'pick'`,
      )
    }
    await syncProgram(tx, companyId, program.id, rule, today)
    await audit(tx, me, {
      action: 'serviceProgram.vehicles',
      companyId,
      entityType: 'serviceProgram',
      entityId: program.id,
      details: { name: program.name, picked: picked.length, rule: rule !== null },
    })
  })
  const result = await detail(ctx.db.read, program.id)
  return { program: result, matchedVehicles: result.matchedVehicles, message: rule && result.matchedVehicles === 0 ? PROGRAMS_TEXT.noMatch : null }
}

export const vehicleChoicesInput = z.object({
  programId: idSchema,
  q: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
})

/**
 * The program editor's bus picker: the company's buses (not archived), searched by identifier,
 * make, model or plate, a page at a time, each with how it is in the program (picked, by the
 * rule, or not).
 */
export async function listProgramVehicleChoices(
  ctx: UseCaseContext,
  input: unknown,
): Promise<{
  items: { id: number; vehicleIdentifier: string; make: string | null; model: string | null; licensePlate: string; yearBuild: number | null; kind: 'pick' | 'rule' | null }[]
  total: number
  page: number
  pageSize: number
  options: { makes: string[]; models: string[] }
}> {
  const q = parseInput(vehicleChoicesInput, input)
  const { program } = await ownedProgram(ctx.db.read, ctx.actor, q.programId)
  const base = and(eq(vehicles.ownerCompanyId, program.ownerCompanyId), isNull(vehicles.archivedAt))
  const term = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => '\\' + c)}%` : null
  const search = term
    ? or(
        sql`${vehicles.vehicleIdentifier} LIKE ${term} ESCAPE '\\'`,
        sql`${vehicles.make} LIKE ${term} ESCAPE '\\'`,
        sql`${vehicles.model} LIKE ${term} ESCAPE '\\'`,
        sql`${vehicles.licensePlate} LIKE ${term} ESCAPE '\\'`,
      )
    : undefined
  const where = and(base, search)
  const [total] = await ctx.db.read.select({ n: count() }).from(vehicles).where(where)
  const items = await ctx.db.read
    .select({
      id: vehicles.id,
      vehicleIdentifier: vehicles.vehicleIdentifier,
      make: vehicles.make,
      model: vehicles.model,
      licensePlate: vehicles.licensePlate,
      yearBuild: vehicles.yearBuild,
      kind: serviceProgramVehicles.kind,
    })
    .from(vehicles)
    .leftJoin(serviceProgramVehicles, and(eq(serviceProgramVehicles.vehicleId, vehicles.id), eq(serviceProgramVehicles.programId, program.id)))
    .where(where)
    .orderBy(asc(vehicles.vehicleIdentifier))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
  const distinct = async (column: typeof vehicles.make | typeof vehicles.model) =>
    (await ctx.db.read.selectDistinct({ v: column }).from(vehicles).where(and(base, sql`${column} IS NOT NULL`)).orderBy(column).limit(200))
      .map((r) => r.v)
      .filter((x): x is string => !!x)
  const [makes, models] = await Promise.all([distinct(vehicles.make), distinct(vehicles.model)])
  return { items: items.map((i) => ({ ...i, kind: i.kind ?? null })), total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize, options: { makes, models } }
}
