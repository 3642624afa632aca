/**
 * The authorization matrix: every use case, through each door (REST with a
 * bearer token, tRPC and the Remix pages with a session cookie), as each kind
 * of actor, with the documented status. Later capabilities add their rows to
 * USE_CASES (FLEET_USE_CASES or RECORD_USE_CASES).
 *
 * Three files run it, so that Vitest's workers share it: the matrix of
 * FLEET_USE_CASES (tests/integration/authorization-matrix.test.ts), the matrix of
 * RECORD_USE_CASES (authorization-matrix-records.test.ts) and the origin dimension
 * of every mutation (authorization-origins.test.ts). Each sets up its own world
 * with setUpMatrixWorld().
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { Database } from '#db/client.ts'
import { fleetImports, leaseAgreements, operatorAssignments, repairActions, repairTasks, users, vehicles } from '#db/schema/index.ts'
import { withVinCheckDigit } from '#catalog/vin.ts'
import { requestToJoinCompany } from '#server/companies/join-requests.server.ts'
import { previewFleetImport } from '#server/fleet/import/fleet-import.server.ts'
import { createVehicleRequest, respondToVehicleRequest } from '#server/fleet/vehicle-requests.server.ts'
import { addVehicle } from '#server/fleet/vehicles.server.ts'
import { submitInspection } from '#server/inspections/submit-inspection.server.ts'
import { handleRestRequest } from '#server/rest/handler.server.ts'
import { handleTrpcRequest } from '#server/trpc/handler.server.ts'
import { createTestDb, useAsAppDb } from '#tests/helpers/db.ts'
import { raw } from '#tests/helpers/http-app.ts'
import { ctxFor } from '#tests/helpers/auth.ts'
import { apiTokenFor, createCompany, createUser, grantRole, webSessionFor } from '#tests/helpers/factory.ts'
import * as companySettingsPage from '#app/routes/_app+/company.$companyId.settings.tsx'
import * as employeesPage from '#app/routes/_app+/employees.$companyId.tsx'
import * as fleetPage from '#app/routes/_app+/fleet.$companyId.tsx'
import * as fleetOperatorPage from '#app/routes/_app+/fleetOperator.$companyId.tsx'
import * as joinRequestsPage from '#app/routes/_app+/joinRequests.$companyId.tsx'
import * as operatorRequestPage from '#app/routes/_app+/operatorRequestPage.$companyId.tsx'
import * as ownerRequestPage from '#app/routes/_app+/ownerRequestPage.$companyId.tsx'
import * as profilePage from '#app/routes/_app+/profile.tsx'
import * as printPreInspectionPage from '#app/routes/PrintPreInspection.$companyId.tsx'
import * as printInspectionPage from '#app/routes/PrintInspection.$companyId.tsx'
import { insertInspection, insertPreInspection } from '#tests/helpers/inspection-records.ts'
import * as inspectionPage from '#app/routes/_app+/InspectionPage.tsx'
import { INSPECTION_ITEM_KEYS } from '#catalog/inspection-checklist.ts'
import * as repairActionsPage from '#app/routes/_app+/repairActions.$companyId.tsx'
import * as ownerDashboardPage from '#app/routes/_app+/OwnerDashboard.$companyId.tsx'
import * as operatorDashboardPage from '#app/routes/_app+/OperatorDashboard.$companyId.tsx'
import * as dashboardPage from '#app/routes/_app+/dashboard.tsx'
import * as compliancePage from '#app/routes/_app+/compliance.$companyId.tsx'
import * as complianceCsvRoute from '#app/routes/compliance.$companyId.export[.]csv.ts'
import * as retentionPage from '#app/routes/_app+/retention.$companyId.tsx'
import * as webhooksPage from '#app/routes/_app+/company.$companyId.webhooks.tsx'
import * as fleetCsvRoute from '#app/routes/fleet.$companyId.export[.]csv.ts'
import * as fleetImportPage from '#app/routes/_app+/fleet.$companyId_.import.tsx'
import * as fleetImportPreviewPage from '#app/routes/_app+/fleet.$companyId_.import_.$importId.tsx'
import * as preTripsCsvRoute from '#app/routes/company.$companyId.export.pre-trips[.]csv.ts'
import * as fuelRecordsCsvRoute from '#app/routes/company.$companyId.export.fuel-records[.]csv.ts'
import * as activityPage from '#app/routes/_app+/company.$companyId.activity.tsx'

export const ACTORS = ['managerHere', 'managerOther', 'driver', 'mechanic', 'inactiveRole', 'stranger', 'anonymous'] as const
export type ActorKind = (typeof ACTORS)[number]

export interface World {
  db: Database
  here: { id: number; code: string }
  other: { id: number; code: string }
  users: Record<Exclude<ActorKind, 'anonymous'>, number>
  /** A fresh Pending Driver request to `here` (stateful cases get a new one per call). */
  newJoinRequest(): Promise<number>
  /** A fresh bus of `here` (owner side). */
  newVehicle(): Promise<{ id: number; vehicleIdentifier: string }>
  /** A fresh Pending request of `here` (as operator) for a bus of `here` (as owner). */
  newVehicleRequest(): Promise<number>
  /** A fresh active assignment of a bus of `here` to `here`; its id. */
  newAssignment(): Promise<number>
  /** A fresh one-task repair action of a bus of `here`, at the shop `here`; the task's id. */
  newRepairTask(): Promise<number>
}

export interface PageCall {
  /** The route module's loader (GET) or action (POST with `form`). */
  handler: (args: { request: Request; params: Record<string, string>; context: { cspNonce: string; clientIp: string } }) => unknown
  path: string
  params?: Record<string, string>
  form?: Record<string, string>
  /** Sent with `form` as multipart/form-data (an upload form). */
  file?: { field: string; name: string; type: string; content: string }
  /**
   * A resource route (a CSV download) answers the use case's status instead of redirecting
   * (decision 077); only no session still goes to /login.
   */
  resource?: true
}

export interface Call {
  /** Absent when the legacy REST contract has no path for the use case. */
  rest?: { method: string; path: string; body?: unknown }
  /** The page door: the loader or action the browser reaches. */
  page?: PageCall
  /** Absent when the use case has no widget procedure (pages reach it through their actions). */
  trpc?: { path: string; type: 'query' | 'mutation'; input?: unknown }
}

export interface UseCase {
  name: string
  call: (w: World) => Promise<Call> | Call
  /** Expected HTTP status per actor (both doors answer the same). */
  expect: Record<ActorKind, number>
}

export const OK = 200
let vinSeq = 0
const nextVin = () => withVinCheckDigit(`4DRBUAAN0NB${String(100000 + vinSeq++).slice(-6)}`)
export const allUsers = (status: number): Record<ActorKind, number> => ({
  managerHere: status,
  managerOther: status,
  driver: status,
  mechanic: status,
  inactiveRole: status,
  stranger: status,
  anonymous: 401,
})
/** Only the manager of `here`; everyone else signed in is 403 (or `deny`). */
export const managerOnly = (status = OK, deny = 403): Record<ActorKind, number> => ({
  managerHere: status,
  managerOther: deny,
  driver: deny,
  mechanic: deny,
  inactiveRole: deny,
  stranger: deny,
  anonymous: 401,
})

/**
 * What a world makes once (a filed pre-trip and inspection, the outside mechanic, the annual
 * inspection). Kept per world: the files of a Vitest worker share this module (isolate: false),
 * each with its own database.
 */
interface Once {
  filed?: Promise<{ preId: number; inspId: number }>
  outsider?: number
  annual?: Promise<{ vehicleId: number; inspectionId: number }>
}
const made = new WeakMap<World, Once>()
const onceOf = (w: World): Once => {
  let once = made.get(w)
  if (!once) made.set(w, (once = {}))
  return once
}

/** A pre-inspection and an inspection of a bus of `here` (no assignment; filed by someone else), once. */
const filed = (w: World) =>
  (onceOf(w).filed ??= (async () => {
    const v = await w.newVehicle()
    const filer = await createUser(w.db)
    const pre = await insertPreInspection(w.db, { vehicleId: v.id, operatorCompanyId: w.here.id, driverUserId: filer.id, defective: ['horn'] })
    const insp = await insertInspection(w.db, { vehicleId: v.id, inspectorUserId: filer.id })
    return { preId: pre.id, inspId: insp.id }
  })())

/** A fresh inspection of a bus of `here`, filed by a mechanic of a shop with no relation to it: Pending (decision 062). */
async function pendingInspection(w: World): Promise<number> {
  const once = onceOf(w)
  if (once.outsider === undefined) {
    const shop = await createCompany(w.db, 'Matrix Roadside Garage', ['RepairShop'])
    once.outsider = (await createUser(w.db, { firstName: 'Outsider' })).id
    await grantRole(w.db, once.outsider, shop.id, 'Mechanic')
  }
  const outsider = once.outsider
  const v = await w.newVehicle()
  const filed = await submitInspection(await ctxFor(w.db, outsider), {
    vehicleIdentifier: v.vehicleIdentifier,
    inspectionDate: new Date().toISOString().slice(0, 10),
    signatureName: 'Outsider Mechanic',
    ...Object.fromEntries(INSPECTION_ITEM_KEYS.map((k) => [k, { status: 0, comments: '' }])),
  })
  if (!filed.pendingReview) throw new Error('expected a pending inspection')
  return filed.id
}

/** Companies, people, fleet, vehicle requests and assignments: tests/integration/authorization-matrix.test.ts. */
export const FLEET_USE_CASES: UseCase[] = [
  // Personal statistics (i11a): 204 (REST) / null (tRPC, page) without the active role.
  {
    name: 'getDriverStatsByCompany',
    call: () => ({
      rest: { method: 'GET', path: '/api/Dashboard/getDriverStatsByCompany' },
      trpc: { path: 'dashboards.driverStats', type: 'query' },
      page: { handler: dashboardPage.loader, path: '/dashboard?view=driver' },
    }),
    expect: { ...allUsers(204), driver: OK },
  },
  {
    name: 'getMechanicStats',
    call: () => ({
      rest: { method: 'GET', path: '/api/Dashboard/getMechanicStats' },
      trpc: { path: 'dashboards.mechanicStats', type: 'query' },
      page: { handler: dashboardPage.loader, path: '/dashboard?view=mechanic' },
    }),
    expect: { ...allUsers(204), mechanic: OK },
  },
  {
    name: 'getDriverActivity',
    call: (w) => ({ trpc: { path: 'dashboards.driverActivity', type: 'query', input: { companyId: w.here.id } } }),
    expect: { ...managerOnly(OK), managerHere: 403, driver: OK },
  },
  {
    name: 'getMechanicActivity',
    call: () => ({ trpc: { path: 'dashboards.mechanicActivity', type: 'query' } }),
    expect: allUsers(OK),
  },
  {
    name: 'listMyCompanies',
    call: () => ({
      rest: { method: 'GET', path: '/api/Company/mine' },
      trpc: { path: 'company.mine', type: 'query' },
      page: { handler: profilePage.loader, path: '/profile' },
    }),
    expect: allUsers(OK),
  },
  {
    name: 'createCompany',
    call: () => ({
      rest: { method: 'POST', path: '/api/Company/create', body: { name: 'Matrix Co', types: ['Owner'] } },
      trpc: { path: 'company.create', type: 'mutation', input: { name: 'Matrix Co', types: ['Owner'] } },
      page: { handler: profilePage.action, path: '/profile', form: { intent: 'createCompany', name: 'Matrix Co', types: 'Owner' } },
    }),
    expect: { ...allUsers(201), anonymous: 401 },
  },
  {
    name: 'updateCompanySettings',
    call: (w) => ({
      rest: { method: 'PUT', path: '/api/Company/settings', body: { companyId: w.here.id, timeZone: 'UTC' } },
      trpc: { path: 'company.settings', type: 'mutation', input: { companyId: w.here.id, timeZone: 'UTC' } },
      page: { handler: companySettingsPage.action, path: `/company/${w.here.id}/settings`, params: { companyId: String(w.here.id) }, form: { name: 'Matrix Here', timeZone: 'UTC' } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'listJoinRequests',
    call: (w) => ({
      rest: { method: 'POST', path: '/api/JoinRequests/getUsersRequests', body: { role: 'Operator', companyId: w.here.id } },
      trpc: { path: 'joinRequests.list', type: 'query', input: { role: 'Operator', companyId: w.here.id } },
      page: { handler: joinRequestsPage.loader, path: `/joinRequests/${w.here.id}`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'acceptJoinRequest',
    call: async (w) => {
      const requestId = await w.newJoinRequest()
      return {
        rest: { method: 'POST', path: '/api/JoinRequests/accept', body: { requestId } },
        trpc: { path: 'joinRequests.accept', type: 'mutation', input: { requestId } },
        page: {
          handler: joinRequestsPage.action,
          path: `/joinRequests/${w.here.id}`,
          params: { companyId: String(w.here.id) },
          form: { intent: 'acceptJoinRequest', requestId: String(await w.newJoinRequest()), companyId: String(w.here.id) },
        },
      }
    },
    // A request of a company the caller may not manage is "not found".
    expect: managerOnly(OK, 404),
  },
  {
    name: 'rejectJoinRequest',
    call: async (w) => {
      const requestId = await w.newJoinRequest()
      return {
        rest: { method: 'POST', path: '/api/JoinRequests/decline', body: { requestId } },
        trpc: { path: 'joinRequests.reject', type: 'mutation', input: { requestId } },
        page: {
          handler: joinRequestsPage.action,
          path: `/joinRequests/${w.here.id}`,
          params: { companyId: String(w.here.id) },
          form: { intent: 'rejectJoinRequest', requestId: String(await w.newJoinRequest()), companyId: String(w.here.id) },
        },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'requestToJoinCompany',
    call: (w) => ({
      rest: { method: 'POST', path: '/api/JoinRequests/create', body: { companyCode: w.here.code, role: 'Driver' } },
      trpc: { path: 'joinRequests.create', type: 'mutation', input: { companyCode: w.here.code, role: 'Driver' } },
    }),
    // Anyone signed in may ask; the driver already holds the role (409). The
    // second door's call finds the first door's Pending request: see below.
    expect: { ...allUsers(201), driver: 409 },
  },
  {
    name: 'listEmployees',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Employee/getEmployees?companyId=${w.here.id}` },
      trpc: { path: 'employees.list', type: 'query', input: { companyId: w.here.id, manager: 'Operator', page: 1, pageSize: 10 } },
      page: { handler: employeesPage.loader, path: `/employees/${w.here.id}`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'updateUserRoleStatus',
    call: (w) => ({
      rest: { method: 'PUT', path: '/api/Employee/updateUserRoleStatus', body: { userId: w.users.driver, companyId: w.here.id, roleId: 4, isActive: true } },
      trpc: { path: 'employees.setRoleActive', type: 'mutation', input: { userId: w.users.driver, companyId: w.here.id, roleId: 4, isActive: true } },
      page: {
        handler: employeesPage.action,
        path: `/employees/${w.here.id}`,
        params: { companyId: String(w.here.id) },
        form: { intent: 'setRoleStatus', userId: String(w.users.driver), roleId: '4', isActive: 'true', companyId: String(w.here.id) },
      },
    }),
    expect: managerOnly(),
  },
  {
    name: 'listOwnerVehicles',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Fleet/getAllVehicles?companyId=${w.here.id}` },
      trpc: { path: 'fleet.list', type: 'query', input: { companyId: w.here.id } },
      page: { handler: fleetPage.loader, path: `/fleet/${w.here.id}`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'getVehiclesAssignedToOperator',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Fleet/getVehiclesAssignedToOperator?companyId=${w.here.id}` },
      trpc: { path: 'fleet.list', type: 'query', input: { companyId: w.here.id, scope: 'operator' } },
      page: { handler: fleetOperatorPage.loader, path: `/fleetOperator/${w.here.id}`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'addVehicle',
    call: (w) => ({
      rest: { method: 'POST', path: '/api/Fleet/addVehicle', body: { ownerId: w.here.id, make: 'Prevost', model: 'H3-45', vin: nextVin(), licensePlate: 'MX-1' } },
      page: {
        handler: fleetPage.action,
        path: `/fleet/${w.here.id}`,
        params: { companyId: String(w.here.id) },
        form: { intent: 'addVehicle', make: 'Prevost', model: 'H3-45', vin: nextVin(), licensePlate: 'MX-2', fuelType: '-1' },
      },
    }),
    expect: managerOnly(201),
  },
  {
    name: 'archiveVehicle',
    call: async (w) => ({
      rest: { method: 'DELETE', path: `/api/Fleet/deleteVehicle?id=${(await w.newVehicle()).id}` },
      page: {
        handler: fleetPage.action,
        path: `/fleet/${w.here.id}`,
        params: { companyId: String(w.here.id) },
        form: { intent: 'deleteVehicle', id: String((await w.newVehicle()).id) },
      },
    }),
    expect: managerOnly(OK, 404),
  },
  {
    name: 'getVehicleOperatorAssignments',
    call: async (w) => {
      const v = await w.newVehicle()
      return {
        rest: { method: 'GET', path: `/api/VehicleOperator/getVehicleOperatorAssignments?vehicleId=${v.id}` },
        trpc: { path: 'fleet.assignments', type: 'query', input: { vehicleId: v.id } },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'createVehicleRequest',
    call: async (w) => {
      const input = { vehicleIdentifier: (await w.newVehicle()).vehicleIdentifier, operatorCompanyId: w.here.id, startDate: new Date().toISOString().slice(0, 10), endDate: null }
      return {
        rest: { method: 'POST', path: '/api/VehicleOperator/createRequest', body: input },
        trpc: { path: 'vehicleRequests.create', type: 'mutation', input: { ...input, vehicleIdentifier: (await w.newVehicle()).vehicleIdentifier } },
        page: {
          handler: operatorRequestPage.action,
          path: `/operatorRequestPage/${w.here.id}`,
          params: { companyId: String(w.here.id) },
          form: { intent: 'createVehicleRequest', vehicleIdentifier: (await w.newVehicle()).vehicleIdentifier, startDate: input.startDate, endDate: '' },
        },
      }
    },
    expect: managerOnly(201),
  },
  {
    name: 'respondToVehicleRequest',
    call: async (w) => {
      const requestId = await w.newVehicleRequest()
      return {
        rest: { method: 'POST', path: '/api/VehicleOperator/respond', body: { requestId, approved: false } },
        trpc: { path: 'vehicleRequests.respond', type: 'mutation', input: { requestId: await w.newVehicleRequest(), approved: false } },
        page: {
          handler: ownerRequestPage.action,
          path: `/ownerRequestPage/${w.here.id}`,
          params: { companyId: String(w.here.id) },
          form: { intent: 'rejectVehicleRequest', requestId: String(await w.newVehicleRequest()) },
        },
      }
    },
    expect: managerOnly(OK, 404),
  },
  // Decision 059 (issue 12): the owner's answered requests, the request form's overlap warning, the operator's upcoming assignments.
  {
    name: 'listAnsweredRequestsByOwner',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/VehicleOperator/getAnsweredRequestsByOwner?ownerCompanyId=${w.here.id}` },
      trpc: { path: 'vehicleRequests.answeredByOwner', type: 'query', input: { ownerCompanyId: w.here.id } },
      page: { handler: ownerRequestPage.loader, path: `/ownerRequestPage/${w.here.id}`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'vehicleRequestOverlaps',
    call: async (w) => ({
      trpc: {
        path: 'vehicleRequests.overlaps',
        type: 'query',
        input: { operatorCompanyId: w.here.id, vehicleIdentifier: (await w.newVehicle()).vehicleIdentifier, startDate: '2030-01-01', endDate: null },
      },
    }),
    expect: managerOnly(),
  },
  {
    name: 'listUpcomingAssignmentsByOperator',
    call: (w) => ({
      trpc: { path: 'vehicleRequests.upcomingByOperator', type: 'query', input: { operatorCompanyId: w.here.id } },
      page: { handler: fleetOperatorPage.loader, path: `/fleetOperator/${w.here.id}`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'endOperatorAssignment',
    call: async (w) => ({
      trpc: { path: 'vehicleRequests.endAssignment', type: 'mutation', input: { assignmentId: await w.newAssignment() } },
      page: {
        handler: fleetPage.action,
        path: `/fleet/${w.here.id}`,
        params: { companyId: String(w.here.id) },
        form: { intent: 'endAssignment', assignmentId: String(await w.newAssignment()) },
      },
    }),
    // No REST path: the legacy clients had none.
    expect: managerOnly(OK, 404),
  },
]

/** Inspections, pre-trips, repairs, odometer, forms and photos, profile, alerts, dashboards, leases, compliance, retention, webhooks, annual inspections, emergency exits, issue 26's imports, exports and activity log: tests/integration/authorization-matrix-records.test.ts. */
export const RECORD_USE_CASES: UseCase[] = [
  // Inspections (i10b): any active Mechanic, Operator or RepairShop manager, for any vehicle (PRODUCT.md section 5).
  {
    name: 'submitInspection',
    call: async (w) => {
      const filing = (vehicleIdentifier: string) => ({
        vehicleIdentifier,
        inspectionDate: new Date().toISOString().slice(0, 10),
        signatureName: 'Matrix Inspector',
        ...Object.fromEntries(INSPECTION_ITEM_KEYS.map((k) => [k, { status: 0, comments: '' }])),
      })
      const form: Record<string, string> = { intent: 'fileInspection', vehicleIdentifier: (await w.newVehicle()).vehicleIdentifier, inspectionDate: new Date().toISOString().slice(0, 10), signatureName: 'Matrix Inspector' }
      for (const k of INSPECTION_ITEM_KEYS) form[`${k}.status`] = '0'
      return {
        rest: { method: 'POST', path: '/api/Maintenance/submitInspection', body: filing((await w.newVehicle()).vehicleIdentifier) },
        trpc: { path: 'inspections.submitInspection', type: 'mutation', input: filing((await w.newVehicle()).vehicleIdentifier) },
        page: { handler: inspectionPage.action, path: '/InspectionPage', form },
      }
    },
    expect: { managerHere: 201, managerOther: 201, driver: 403, mechanic: 201, inactiveRole: 403, stranger: 403, anonymous: 401 },
  },
  {
    name: 'findVehicleForInspection',
    call: async (w) => {
      const v = await w.newVehicle()
      return {
        trpc: { path: 'inspections.findVehicle', type: 'query', input: { vehicle: v.vehicleIdentifier } },
        page: { handler: inspectionPage.loader, path: `/InspectionPage?vehicle=${encodeURIComponent(v.vehicleIdentifier)}` },
      }
    },
    expect: { managerHere: OK, managerOther: OK, driver: 403, mechanic: OK, inactiveRole: 403, stranger: 403, anonymous: 401 },
  },
  // Decision 062: an inspection by a company with no relation to the bus waits for the owner, whose managers alone decide.
  {
    name: 'reviewInspection',
    call: async (w) => {
      const body = async (decision: string) => ({ inspectionId: await pendingInspection(w), decision })
      return {
        rest: { method: 'PUT', path: '/api/Maintenance/reviewInspection', body: await body('Reject') },
        trpc: { path: 'inspections.review', type: 'mutation', input: await body('Accept') },
        page: {
          handler: fleetPage.action,
          path: `/fleet/${w.here.id}`,
          params: { companyId: String(w.here.id) },
          form: { intent: 'reviewInspection', inspectionId: String(await pendingInspection(w)), decision: 'Accept' },
        },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'listInspectionsAwaitingReview',
    call: async (w) => {
      const v = await w.newVehicle()
      return { rest: { method: 'GET', path: `/api/Maintenance/GetInspectionsAwaitingReview?vehicleId=${v.id}` } }
    },
    expect: managerOnly(OK, 404),
  },
  // The driver's pre-trip (decision 024): only an active Driver of the operator with the active assignment files;
  // those who may see the bus (its owner's managers, the operator's other staff) get 403, everyone else 404.
  {
    name: 'submitPreInspection',
    call: async (w) => {
      const body = async () => ({
        vehicleIdentifier: await assignedBusIdentifier(w),
        date: new Date().toISOString().slice(0, 10),
        timeIn: new Date(Date.now() - 3600_000).toISOString(),
        odometerStart: 0,
        signatureName: 'Matrix Driver',
      })
      return {
        rest: { method: 'POST', path: '/api/Maintenance/submitPreInspection', body: await body() },
        trpc: { path: 'inspections.submitPreInspection', type: 'mutation', input: await body() },
      }
    },
    expect: { managerHere: 403, managerOther: 404, driver: 201, mechanic: 403, inactiveRole: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'preTripContext',
    call: async (w) => ({ trpc: { path: 'inspections.preTripContext', type: 'query', input: { vehicleId: await assignedBusId(w) } } }),
    expect: { managerHere: 403, managerOther: 404, driver: OK, mechanic: 403, inactiveRole: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'myBuses',
    call: () => ({ trpc: { path: 'inspections.myBuses', type: 'query' } }),
    expect: allUsers(OK),
  },
  {
    name: 'updateTaskStatus',
    call: async (w) => {
      const taskId = await w.newRepairTask()
      return {
        rest: { method: 'PUT', path: '/api/RepairAction/updateTaskStatus', body: { taskId, status: 'Completed' } },
        trpc: { path: 'repairs.updateTaskStatus', type: 'mutation', input: { taskId, status: 'Completed' } },
        page: {
          handler: repairActionsPage.action,
          path: `/repairActions/${w.here.id}`,
          params: { companyId: String(w.here.id) },
          form: { intent: 'updateTaskStatus', taskId: String(await w.newRepairTask()), status: 'Completed' },
        },
      }
    },
    // The shop's managers and mechanics; a task anyone else may not touch is "not found".
    expect: { ...managerOnly(OK, 404), mechanic: OK },
  },
  {
    name: 'listRepairsByCompany',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/RepairAction/getRepairsByCompany?repairCompanyId=${w.here.id}` },
      trpc: { path: 'repairs.byCompany', type: 'query', input: { repairCompanyId: w.here.id } },
      page: { handler: repairActionsPage.loader, path: `/repairActions/${w.here.id}`, params: { companyId: String(w.here.id) } },
    }),
    expect: { ...managerOnly(), mechanic: OK },
  },
  {
    name: 'getOdometerHistory',
    call: async (w) => {
      const v = await w.newVehicle()
      return {
        rest: { method: 'GET', path: `/api/Fleet/getOdometerHistory?vehicleId=${v.id}` },
        trpc: { path: 'fleet.odometerHistory', type: 'query', input: { vehicleId: v.id } },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'correctOdometer',
    call: async (w) => {
      const v = await w.newVehicle()
      const body = { vehicleId: v.id, reading: 5, reason: 'Matrix correction' }
      return {
        rest: { method: 'POST', path: '/api/Fleet/correctOdometer', body },
        trpc: { path: 'fleet.correctOdometer', type: 'mutation', input: body },
        page: {
          handler: fleetPage.action,
          path: `/fleet/${w.here.id}?open=${v.id}`,
          params: { companyId: String(w.here.id) },
          form: { intent: 'correctOdometer', vehicleId: String(v.id), reading: '5', reason: 'Matrix correction' },
        },
      }
    },
    expect: managerOnly(OK, 404),
  },
  // Reading filed forms (issue 10): the owner company; anyone else 404 (the page door: no Owner/Operator role there → /).
  {
    name: 'getPreInspectionForm',
    call: async (w) => {
      const { preId } = await filed(w)
      return {
        rest: { method: 'GET', path: `/api/Maintenance/GetPreInspectionFormById?inspectionId=${preId}` },
        trpc: { path: 'inspectionForms.preInspection', type: 'query', input: { inspectionId: preId } },
        page: { handler: printPreInspectionPage.loader, path: `/PrintPreInspection/${w.here.id}?id=${preId}`, params: { companyId: String(w.here.id) } },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'getPreInspectionPhotos',
    call: async (w) => {
      const { preId } = await filed(w)
      return {
        rest: { method: 'GET', path: `/api/Maintenance/getPreInspectionPhotosByIdAsync?inspectionId=${preId}` },
        trpc: { path: 'inspectionForms.preInspectionPhotos', type: 'query', input: { inspectionId: preId } },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'getInspectionForm',
    call: async (w) => {
      const { inspId } = await filed(w)
      return {
        rest: { method: 'GET', path: `/api/Maintenance/GetInspectionFormById?inspectionId=${inspId}` },
        trpc: { path: 'inspectionForms.inspection', type: 'query', input: { inspectionId: inspId } },
        page: { handler: printInspectionPage.loader, path: `/PrintInspection/${w.here.id}?id=${inspId}`, params: { companyId: String(w.here.id) } },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'getInspectionPhotos',
    call: async (w) => {
      const { inspId } = await filed(w)
      return {
        rest: { method: 'GET', path: `/api/Maintenance/getInspectionPhotosByIdAsync?inspectionId=${inspId}` },
        trpc: { path: 'inspectionForms.inspectionPhotos', type: 'query', input: { inspectionId: inspId } },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'getProfile',
    call: () => ({ rest: { method: 'GET', path: '/api/Profile' }, trpc: { path: 'company.mine', type: 'query' } }),
    expect: allUsers(OK),
  },  {
    name: 'getVehicleAlerts',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Alerts/getVehicleAlerts?companyId=${w.here.id}` },
      trpc: { path: 'dashboards.vehicleAlerts', type: 'query', input: { companyId: w.here.id } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'listOwnerAlerts',
    call: (w) => ({ trpc: { path: 'dashboards.ownerAlerts', type: 'query', input: { companyId: w.here.id } } }),
    expect: managerOnly(),
  },
  {
    name: 'vehicleExpiries',
    call: (w) => ({
      trpc: { path: 'dashboards.vehicleExpiries', type: 'query', input: { companyId: w.here.id, until: new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'getAlertDigestSetting',
    call: () => ({ trpc: { path: 'profile.alertDigest', type: 'query' }, page: { handler: profilePage.loader, path: '/profile' } }),
    expect: allUsers(OK),
  },
  {
    name: 'setAlertDigest',
    call: () => ({
      trpc: { path: 'profile.setAlertDigest', type: 'mutation', input: { alertDigest: true } },
      page: { handler: profilePage.action, path: '/profile', form: { intent: 'alertDigest', alertDigest: 'true' } },
    }),
    // Everyone's own setting (it only matters while they manage an owner company).
    expect: allUsers(OK),
  },
  // Company dashboards (issue 11): the owner's and the operator's statistics.
  {
    name: 'getOwnerStatsByCompanyId',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Dashboard/getOwnerStatsByCompanyId?companyId=${w.here.id}` },
      trpc: { path: 'dashboards.ownerStats', type: 'query', input: { companyId: w.here.id } },
      page: { handler: ownerDashboardPage.loader, path: `/OwnerDashboard/${w.here.id}`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'getOwnerExpiryTimeline',
    call: (w) => ({ trpc: { path: 'dashboards.ownerExpiries', type: 'query', input: { companyId: w.here.id } } }),
    expect: managerOnly(),
  },
  {
    name: 'getOperatorStatsByCompanyId',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Dashboard/getOperatorStatsByCompanyId?companyId=${w.here.id}` },
      trpc: { path: 'dashboards.operatorStats', type: 'query', input: { companyId: w.here.id } },
      page: { handler: operatorDashboardPage.loader, path: `/OperatorDashboard/${w.here.id}`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'getOperatorActivity',
    call: (w) => ({ trpc: { path: 'dashboards.operatorActivity', type: 'query', input: { companyId: w.here.id } } }),
    expect: managerOnly(),
  },
  // The lease agreement (issue 23, decision 064): a bus of `other` (owner) leased to `here` (operator).
  // Both companies' managers read it, the operator's driver too (active assignment); the operator's
  // manager signs the Operator side; the driver, who may read it, gets 403 for signing.
  {
    name: 'getLease',
    call: async (w) => {
      const id = await newMatrixLease(w)
      return {
        rest: { method: 'GET', path: `/api/Lease/GetLease/${id}` },
        trpc: { path: 'leases.get', type: 'query', input: { leaseId: id } },
        page: { handler: (await import('#app/routes/_app+/leases.$leaseId.tsx')).loader, path: `/leases/${id}`, params: { leaseId: String(id) } },
      }
    },
    expect: { managerHere: OK, managerOther: OK, driver: OK, mechanic: 404, inactiveRole: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'signLease',
    call: async (w) => {
      const sign = async () => ({ leaseId: await newMatrixLease(w), side: 'Operator', signerName: 'Matrix Signer' })
      const page = await sign()
      return {
        rest: { method: 'PUT', path: '/api/Lease/SignLease', body: await sign() },
        trpc: { path: 'leases.sign', type: 'mutation', input: await sign() },
        page: {
          handler: (await import('#app/routes/_app+/leases.$leaseId.tsx')).action,
          path: `/leases/${page.leaseId}`,
          params: { leaseId: String(page.leaseId) },
          form: { intent: 'sign', side: page.side, signerName: page.signerName },
        },
      }
    },
    // managerOther signs for the owner, not the operator: 403, as the driver who reads it.
    expect: { managerHere: OK, managerOther: 403, driver: 403, mechanic: 404, inactiveRole: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'leasePdf',
    call: async (w) => {
      const id = await newMatrixLease(w)
      return { page: { handler: (await import('#app/routes/PrintLease.$leaseId_.pdf.ts')).loader, path: `/PrintLease/${id}/pdf`, params: { leaseId: String(id) } } }
    },
    expect: { managerHere: OK, managerOther: OK, driver: OK, mechanic: 404, inactiveRole: 404, stranger: 404, anonymous: 401 },
  },
  // Issue 23 points 5 and 6 (decisions 067, 068): the owner's compliance view and its CSV, record retention.
  {
    name: 'getComplianceView',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Compliance/GetComplianceView/${w.here.id}?attention=true` },
      trpc: { path: 'compliance.view', type: 'query', input: { companyId: w.here.id, filters: { attention: true } } },
      page: { handler: compliancePage.loader, path: `/compliance/${w.here.id}`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'exportComplianceCsv',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Compliance/Export/${w.here.id}` },
      page: { handler: complianceCsvRoute.loader, path: `/compliance/${w.here.id}/export.csv`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'getRetentionOverview',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Compliance/Retention/${w.here.id}` },
      trpc: { path: 'compliance.retention', type: 'query', input: { companyId: w.here.id } },
      page: { handler: retentionPage.loader, path: `/retention/${w.here.id}`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  {
    name: 'updateRetentionSettings',
    call: (w) => ({
      rest: { method: 'PUT', path: `/api/Compliance/Retention/${w.here.id}`, body: { periods: { preTrips: 14, maintenance: 14 } } },
      trpc: { path: 'compliance.updateRetention', type: 'mutation', input: { companyId: w.here.id, periods: { preTrips: 14, maintenance: 14 } } },
      page: { handler: retentionPage.action, path: `/retention/${w.here.id}`, params: { companyId: String(w.here.id) }, form: { preTrips: '14', maintenance: '14' } },
    }),
    expect: managerOnly(),
  },
  // Issue 26 point 3 (decision 078): a company's webhooks. Any manager of it; anyone else 403 (API.md, issue 38: one rule on every door).
  {
    name: 'listWebhookEndpoints',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Company/${w.here.id}/webhooks` },
      trpc: { path: 'webhooks.list', type: 'query', input: { companyId: w.here.id } },
      page: { handler: webhooksPage.loader, path: `/company/${w.here.id}/webhooks`, params: { companyId: String(w.here.id) } },
    }),
    expect: { managerHere: OK, managerOther: 403, driver: 403, mechanic: 403, inactiveRole: 403, stranger: 403, anonymous: 401 },
  },
  {
    name: 'createWebhookEndpoint',
    call: (w) => ({
      rest: { method: 'POST', path: `/api/Company/${w.here.id}/webhooks`, body: { url: 'https://93.184.216.34/matrix', events: ['defect.found'] } },
      trpc: { path: 'webhooks.create', type: 'mutation', input: { companyId: w.here.id, url: 'https://93.184.216.34/matrix', events: ['defect.found'] } },
      page: {
        handler: webhooksPage.action,
        path: `/company/${w.here.id}/webhooks`,
        params: { companyId: String(w.here.id) },
        form: { intent: 'create', url: 'https://93.184.216.34/matrix', events: 'defect.found' },
      },
    }),
    expect: { managerHere: 201, managerOther: 403, driver: 403, mechanic: 403, inactiveRole: 403, stranger: 403, anonymous: 401 },
  },
  // The annual inspection (issue 23, decision 066): a bus of `here`, inspected by a qualified Mechanic of `here`
  // (a repair shop too, so `here` is the shop named on it and its Mechanic reads it). Unrelated: 404.
  {
    name: 'listAnnualInspections',
    call: async (w) => {
      const { vehicleId } = await annualInspection(w)
      return {
        rest: { method: 'GET', path: `/api/Maintenance/GetAnnualInspections?vehicleId=${vehicleId}` },
        trpc: { path: 'inspections.annualList', type: 'query', input: { vehicleId } },
      }
    },
    expect: managerOnly(OK, 404),
  },
  {
    name: 'getAnnualInspectionReport',
    call: async (w) => {
      const { inspectionId } = await annualInspection(w)
      return {
        rest: { method: 'GET', path: `/api/Maintenance/GetAnnualInspectionReport?inspectionId=${inspectionId}` },
        trpc: { path: 'inspections.annualReport', type: 'query', input: { inspectionId } },
      }
    },
    expect: { ...managerOnly(OK, 404), mechanic: OK },
  },
  {
    name: 'getAnnualInspectionDecal',
    call: async (w) => ({ rest: { method: 'GET', path: `/api/Maintenance/GetAnnualInspectionDecal?inspectionId=${(await annualInspection(w)).inspectionId}` } }),
    expect: { ...managerOnly(OK, 404), mechanic: OK },
  },
  {
    name: 'getInspectorQualification',
    call: () => ({ trpc: { path: 'profile.inspectorQualification', type: 'query' }, page: { handler: profilePage.loader, path: '/profile' } }),
    expect: allUsers(OK),
  },
  // The 90-day emergency-exit check (decision 065): a Mechanic of a company related to the bus or a Driver of its operator
  // files; who may see the bus otherwise gets 403, anyone else the 404 of an unknown bus. The related companies read.
  {
    name: 'submitEmergencyExitCheck',
    call: async (w) => {
      const body = async () => ({
        vehicleId: await assignedBusId(w),
        signatureName: 'Matrix Filer',
        pushOutWindows: { status: 0 },
        emergencyDoors: { status: 0 },
        emergencyDoorMarkingLights: { status: 0 },
      })
      return {
        rest: { method: 'POST', path: '/api/Maintenance/submitEmergencyExitCheck', body: await body() },
        trpc: { path: 'emergencyExits.submit', type: 'mutation', input: await body() },
      }
    },
    expect: { managerHere: 403, managerOther: 404, driver: 201, mechanic: 201, inactiveRole: 404, stranger: 404, anonymous: 401 },
  },
  {
    name: 'listEmergencyExitChecks',
    call: async (w) => {
      const vehicleId = await assignedBusId(w)
      return {
        rest: { method: 'GET', path: `/api/Maintenance/GetEmergencyExitChecks/${vehicleId}` },
        trpc: { path: 'emergencyExits.list', type: 'query', input: { vehicleId } },
      }
    },
    expect: { managerHere: OK, managerOther: 404, driver: OK, mechanic: OK, inactiveRole: 404, stranger: 404, anonymous: 401 },
  },
  // Issue 26 point 1 (decision 076): the fleet CSV import, Owner managers of the company only; a member
  // without the Owner role, or with no role there at all, 403 (API.md, issue 38); an import id of another company 404.
  {
    name: 'previewFleetImport',
    call: (w) => ({
      rest: { method: 'POST', path: `/api/Fleet/${w.here.id}/import`, body: { csv: importCsv(), fileName: 'matrix-rest.csv' } },
      trpc: { path: 'fleet.import.preview', type: 'mutation', input: { companyId: w.here.id, csv: importCsv(), fileName: 'matrix-trpc.csv' } },
      page: {
        handler: fleetImportPage.action,
        path: `/fleet/${w.here.id}/import`,
        params: { companyId: String(w.here.id) },
        form: {},
        file: { field: 'file', name: 'matrix-page.csv', type: 'text/csv', content: importCsv() },
      },
    }),
    expect: { managerHere: 201, managerOther: 403, driver: 403, mechanic: 403, inactiveRole: 403, stranger: 403, anonymous: 401 },
  },
  {
    name: 'commitFleetImport',
    call: async (w) => {
      // The uploads the refused cells left waiting are dropped first: a company holds a bounded number (issue 38 point 4).
      await w.db.transaction((tx) => tx.delete(fleetImports).where(and(eq(fleetImports.companyId, w.here.id), eq(fleetImports.status, 'staged'))))
      const [rest, trpc, page] = [await stagedImport(w), await stagedImport(w), await stagedImport(w)]
      return {
        rest: { method: 'POST', path: `/api/Fleet/${w.here.id}/import/${rest}` },
        trpc: { path: 'fleet.import.commit', type: 'mutation', input: { companyId: w.here.id, importId: trpc } },
        page: {
          handler: fleetImportPreviewPage.action,
          path: `/fleet/${w.here.id}/import/${page}`,
          params: { companyId: String(w.here.id), importId: String(page) },
          form: {},
        },
      }
    },
    expect: { managerHere: OK, managerOther: 403, driver: 403, mechanic: 403, inactiveRole: 403, stranger: 403, anonymous: 401 },
  },
  // The fleet table as CSV (decision 076): requireRole Owner, so anyone without it in `here` is 403.
  {
    name: 'exportFleetCsv',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Fleet/${w.here.id}/export` },
      page: { handler: fleetCsvRoute.loader, path: `/fleet/${w.here.id}/export.csv`, params: { companyId: String(w.here.id) } },
    }),
    expect: managerOnly(),
  },
  // Issue 26 point 2 (decision 077), one kind of the three (pre-trips): the company's Owner or Operator managers;
  // drivers, mechanics and those with no active role in the company 403 (issue 38). The CSV route answers the use case's status.
  {
    name: 'exportRecords',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Export/PreTrips/${w.here.id}?from=2026-01-01&to=2026-12-31` },
      page: {
        handler: preTripsCsvRoute.loader,
        path: `/company/${w.here.id}/export/pre-trips.csv?from=2026-01-01&to=2026-12-31`,
        params: { companyId: String(w.here.id) },
        resource: true,
      },
    }),
    expect: { managerHere: OK, managerOther: 403, driver: 403, mechanic: 403, inactiveRole: 403, stranger: 403, anonymous: 401 },
  },
  // Issue 36 (decision 085): the fuel and energy records the company paid for, its Owner or Operator managers;
  // drivers, mechanics and those with no active role in the company 403 (the same rule as the other record exports).
  {
    name: 'exportFuelRecords',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Export/FuelRecords/${w.here.id}?from=2026-01-01&to=2026-12-31` },
      page: {
        handler: fuelRecordsCsvRoute.loader,
        path: `/company/${w.here.id}/export/fuel-records.csv?from=2026-01-01&to=2026-12-31`,
        params: { companyId: String(w.here.id) },
        resource: true,
      },
    }),
    expect: { managerHere: OK, managerOther: 403, driver: 403, mechanic: 403, inactiveRole: 403, stranger: 403, anonymous: 401 },
  },
  // Issue 26 point 4 (decision 079): the company's activity log, its managers; anyone else 403 (issue 38).
  {
    name: 'listActivity',
    call: (w) => ({
      rest: { method: 'GET', path: `/api/Company/${w.here.id}/activity` },
      trpc: { path: 'activity.list', type: 'query', input: { companyId: w.here.id } },
      page: { handler: activityPage.loader, path: `/company/${w.here.id}/activity`, params: { companyId: String(w.here.id) } },
    }),
    expect: { managerHere: OK, managerOther: 403, driver: 403, mechanic: 403, inactiveRole: 403, stranger: 403, anonymous: 401 },
  },
]

/** Every row, for the origin dimension. */
export const USE_CASES: UseCase[] = [...FLEET_USE_CASES, ...RECORD_USE_CASES]

/** A fleet CSV of one new bus (make, model and year given: the VIN decoder has nothing to fill). */
const importCsv = () => `make,model,vin,licensePlate,yearBuild\r\nBlue Bird,Vision,${nextVin()},MXI,2019\r\n`

/** A fresh staged import of one valid row, uploaded by the manager of `here`; its id. */
async function stagedImport(w: World): Promise<number> {
  const view = await previewFleetImport(await ctxFor(w.db, w.users.managerHere), { companyId: w.here.id, fileName: 'matrix.csv', csv: importCsv() })
  if (view.validRows !== 1) throw new Error(`expected one importable row: ${JSON.stringify(view.problems)}`)
  return view.id
}

/** One passed annual inspection of a bus of `here`, by a qualified Mechanic of `here` (decision 066), once. */
const annualInspection = (w: World) =>
  (onceOf(w).annual ??= (async () => {
    const v = await w.newVehicle()
    const filer = (await createUser(w.db, { firstName: 'Annual', lastName: 'Inspector' })).id
    await grantRole(w.db, filer, w.here.id, 'Mechanic')
    await w.db.transaction((tx) => tx.update(users).set({ inspectorQualification: 'ASE Master Certified' }).where(eq(users.id, filer)))
    const filed = await submitInspection(await ctxFor(w.db, filer), {
      vehicleIdentifier: v.vehicleIdentifier,
      inspectionDate: new Date().toISOString().slice(0, 10),
      signatureName: 'Annual Inspector',
      isAnnual: true,
      ...Object.fromEntries(INSPECTION_ITEM_KEYS.map((k) => [k, { status: 0, comments: '' }])),
    })
    return { vehicleId: v.id, inspectionId: filed.id }
  })())

/** A fresh lease agreement: a bus of `other` requested by `here` and approved by `other`'s manager; its id. */
async function newMatrixLease(w: World): Promise<number> {
  const v = await addVehicle(await ctxFor(w.db, w.users.managerOther), { ownerId: w.other.id, make: 'Blue Bird', model: 'Vision', vin: nextVin(), licensePlate: 'MXL' })
  const r = await createVehicleRequest(await ctxFor(w.db, w.users.managerHere), {
    vehicleIdentifier: v.vehicleIdentifier,
    operatorCompanyId: w.here.id,
    startDate: new Date().toISOString().slice(0, 10),
    endDate: null,
  })
  await respondToVehicleRequest(await ctxFor(w.db, w.users.managerOther), { requestId: r.id, approved: true })
  const [lease] = await w.db.read.select({ id: leaseAgreements.id }).from(leaseAgreements).where(eq(leaseAgreements.requestId, r.id))
  return lease!.id
}

/** A bus of `here` with an active assignment to `here` (the driver of `here` may file its pre-trip). */
async function assignedBusId(w: World): Promise<number> {
  const assignmentId = await w.newAssignment()
  const [a] = await w.db.read.select({ vehicleId: operatorAssignments.vehicleId }).from(operatorAssignments).where(eq(operatorAssignments.id, assignmentId))
  return a!.vehicleId
}
async function assignedBusIdentifier(w: World): Promise<string> {
  const [v] = await w.db.read.select({ identifier: vehicles.vehicleIdentifier }).from(vehicles).where(eq(vehicles.id, await assignedBusId(w)))
  return v!.identifier
}

/** A matrix world: its database, two companies and one user of each kind, with their API tokens and session cookies. */
export interface MatrixWorld {
  world: World
  tokens: Partial<Record<ActorKind, string>>
  cookies: Partial<Record<ActorKind, string>>
}

/** (Not a React hook: makes `db` the process database.) */
const setAppDb = useAsAppDb

/** Sets up a fresh world on a fresh database (the process database too, for the pages); each file's beforeAll. */
export async function setUpMatrixWorld(): Promise<MatrixWorld> {
  const tokens: Partial<Record<ActorKind, string>> = {}
  const cookies: Partial<Record<ActorKind, string>> = {}
  const db = createTestDb()
  setAppDb(db)
  const here = await createCompany(db, 'Matrix Here', ['Owner', 'Operator', 'RepairShop'])
  const other = await createCompany(db, 'Matrix Other', ['Owner', 'Operator', 'RepairShop'])
  const users = {} as World['users']
  for (const kind of ACTORS) {
    if (kind === 'anonymous') continue
    users[kind] = (await createUser(db, { firstName: kind })).id
  }
  for (const r of ['Owner', 'Operator', 'RepairShop'] as const) {
    await grantRole(db, users.managerHere, here.id, r)
    await grantRole(db, users.managerOther, other.id, r)
    await grantRole(db, users.inactiveRole, here.id, r, false)
  }
  await grantRole(db, users.driver, here.id, 'Driver')
  await grantRole(db, users.mechanic, here.id, 'Mechanic')
  for (const kind of ACTORS) {
    if (kind === 'anonymous') continue
    tokens[kind] = await apiTokenFor(db, users[kind])
    cookies[kind] = await webSessionFor(db, users[kind])
  }
  const world: World = {
    db,
    here: { id: here.id, code: here.code },
    other: { id: other.id, code: other.code },
    users,
    async newJoinRequest() {
      const u = await createUser(db)
      return (await requestToJoinCompany(await ctxFor(db, u.id), { companyCode: here.code, role: 'Driver' })).id
    },
    async newVehicle() {
      return addVehicle(await ctxFor(db, users.managerHere), { ownerId: here.id, make: 'Blue Bird', model: 'Vision', vin: nextVin(), licensePlate: 'MX' })
    },
    async newVehicleRequest() {
      const v = await this.newVehicle()
      const r = await createVehicleRequest(await ctxFor(db, users.managerHere), {
        vehicleIdentifier: v.vehicleIdentifier,
        operatorCompanyId: here.id,
        startDate: new Date().toISOString().slice(0, 10),
        endDate: null,
      })
      return r.id
    },
    async newAssignment() {
      const requestId = await this.newVehicleRequest()
      const ctx = await ctxFor(db, users.managerHere)
      await respondToVehicleRequest(ctx, { requestId, approved: true })
      const [row] = await db.read.select({ id: operatorAssignments.id }).from(operatorAssignments).where(eq(operatorAssignments.requestId, requestId))
      return row!.id
    },
    async newRepairTask() {
      const v = await this.newVehicle()
      return db.transaction(async (tx) => {
        const [a] = await tx
          .insert(repairActions)
          .values({ repairIdentifier: `RA-MX-${v.id}`, vehicleId: v.id, ownerCompanyId: here.id, repairCompanyId: here.id })
          .returning({ id: repairActions.id })
        const [t] = await tx.insert(repairTasks).values({ repairActionId: a!.id, name: 'Matrix task' }).returning({ id: repairTasks.id })
        return t!.id
      })
    },
  }
  return { world, tokens, cookies }
}

/** The answer's status; a body nobody reads (a streamed CSV) is cancelled. */
async function statusOf(res: Response): Promise<number> {
  await res.body?.cancel().catch(() => undefined)
  return res.status
}

export async function viaRest(m: MatrixWorld, call: Call, actor: ActorKind): Promise<number> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (m.tokens[actor]) headers.authorization = `Bearer ${m.tokens[actor]}`
  const { method, path, body } = call.rest!
  const res = await handleRestRequest(
    new Request(`http://localhost${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
    m.world.db,
    '127.0.0.1',
  )
  return statusOf(res)
}

export async function viaTrpc(m: MatrixWorld, call: Call, actor: ActorKind): Promise<number> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (m.cookies[actor]) headers.cookie = `operon_session=${m.cookies[actor]}`
  const { path, type, input } = call.trpc!
  const url =
    type === 'query'
      ? `http://localhost/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`
      : `http://localhost/trpc/${path}`
  const res = await handleTrpcRequest(
    new Request(url, { method: type === 'query' ? 'GET' : 'POST', headers, body: type === 'mutation' ? JSON.stringify(input ?? null) : undefined }),
    m.world.db,
    '127.0.0.1',
  )
  return statusOf(res)
}

/** A page's form as the browser sends it: URL-encoded, or multipart with the page's `file`. */
function formBody(page: PageCall): URLSearchParams | FormData {
  if (!page.file) return new URLSearchParams(page.form)
  const form = new FormData()
  for (const [k, v] of Object.entries(page.form ?? {})) form.set(k, v)
  form.set(page.file.field, new File([page.file.content], page.file.name, { type: page.file.type }))
  return form
}

/**
 * The page door answers with redirects: no session → /login, a company page
 * without the role → / (spec section 6). Allowed: data, or a redirect back to
 * the page (with a toast). Other refusals keep their status (409 …).
 */
export async function viaPage(m: MatrixWorld, page: PageCall, actor: ActorKind): Promise<number | 'login' | 'home'> {
  const headers: Record<string, string> = {}
  if (m.cookies[actor]) headers.cookie = `operon_session=${m.cookies[actor]}`
  const body = page.form ? formBody(page) : undefined
  const request = new Request(`http://localhost${page.path}`, { method: body ? 'POST' : 'GET', headers, body })
  let out: unknown
  try {
    out = await page.handler({ request, params: page.params ?? {}, context: { cspNonce: '', clientIp: '127.0.0.1' } })
  } catch (thrown) {
    out = thrown
  }
  if (out instanceof Response) {
    const location = out.headers.get('location')
    if (location?.startsWith('/login')) return 'login'
    if (location === '/') return 'home'
    const status = await statusOf(out)
    return status >= 300 && status < 400 ? OK : status
  }
  if (out instanceof Error) throw out
  const init = (out as { type?: string; init?: ResponseInit | null })?.type === 'DataWithResponseInit' ? (out as { init?: ResponseInit | null }).init : null
  return init?.status ?? OK
}

/** What the page door answers for the matrix's status: a redirect where REST refuses (a resource route: the status itself). */
export const pageExpectation = (status: number, page?: PageCall): number | 'login' | 'home' =>
  status === 401
    ? 'login'
    : status === 201 || status === 204
      ? OK
      : (status === 403 || status === 404) && !page?.resource
        ? 'home'
        : status

/** One cell of the matrix: the use case as `actor`, through each of its doors, answers `uc.expect[actor]`. */
export async function expectMatrixCell(m: MatrixWorld, uc: UseCase, actor: ActorKind): Promise<void> {
  const first = await uc.call(m.world)
  if (first.rest) expect(await viaRest(m, first, actor), 'REST').toBe(uc.expect[actor])
  const call = await uc.call(m.world)
  if (call.page) expect(await viaPage(m, call.page, actor), 'page').toBe(pageExpectation(uc.expect[actor], call.page))
  if (!call.trpc) return
  // tRPC answers 200 where REST answers 201; a second join request for the same role is a 409 (asked already).
  const trpcExpected = uc.name === 'requestToJoinCompany' && uc.expect[actor] === 201 ? 409 : uc.expect[actor] === 201 || uc.expect[actor] === 204 ? 200 : uc.expect[actor]
  expect(await viaTrpc(m, call, actor), 'tRPC').toBe(trpcExpected)
}

/**
 * The origin dimension (decision 018): each mutation, through each of its doors over real
 * HTTP, as the manager allowed to do it. From another site or a same-site sibling: 403 and
 * nothing done; from the app's own origin: the matrix's answer.
 */
export const HOSTILE_ORIGINS = ['https://evil.example', 'http://sibling.operon.test']

/** The rows the origin dimension covers: those the manager of `here` may do (the reads among them have no door to check). */
export const mutationsOf = (cases: UseCase[]) => cases.filter((uc) => uc.expect.managerHere < 400)

/** The doors of a call that change something: REST other than GET, tRPC mutations, page forms. */
export function mutationDoors(call: Call): ('rest' | 'trpc' | 'page')[] {
  return [
    ...(call.rest && call.rest.method !== 'GET' ? (['rest'] as const) : []),
    ...(call.trpc?.type === 'mutation' ? (['trpc'] as const) : []),
    ...(call.page?.form ? (['page'] as const) : []),
  ]
}

/** One door of a call over real HTTP (the app at `base`), as the manager of `here`, from `origin`. */
export async function overHttp(base: string, m: MatrixWorld, call: Call, door: 'rest' | 'trpc' | 'page', origin: string): Promise<number> {
  if (door === 'rest') {
    const { method, path, body } = call.rest!
    return (await raw(base, method, path, {
      headers: { origin, authorization: `Bearer ${m.tokens.managerHere}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })).status
  }
  if (door === 'trpc') {
    return (await raw(base, 'POST', `/trpc/${call.trpc!.path}`, {
      headers: { origin, cookie: `operon_session=${m.cookies.managerHere}`, 'content-type': 'application/json' },
      body: JSON.stringify(call.trpc!.input ?? null),
    })).status
  }
  // The form encoded as a browser would (multipart with its boundary for an upload).
  const encoded = new Request('http://localhost/', { method: 'POST', body: formBody(call.page!) })
  return (await raw(base, 'POST', call.page!.path, {
    headers: { origin, cookie: `operon_session=${m.cookies.managerHere}`, 'content-type': encoded.headers.get('content-type')! },
    body: Buffer.from(await encoded.arrayBuffer()),
  })).status
}

/** The matrix's tests for `useCases` in the calling file: a world of its own, a test per use case and actor. */
export function describeMatrix(useCases: readonly UseCase[]): void {
  let m: MatrixWorld
  beforeAll(async () => {
    m = await setUpMatrixWorld()
  })
  afterAll(async () => {
    await m.world.db.close()
  })
  describe('authorization matrix', () => {
    for (const uc of useCases) {
      describe(uc.name, () => {
        for (const actor of ACTORS) {
          it(`${actor} → ${uc.expect[actor]}`, () => expectMatrixCell(m, uc, actor))
        }
      })
    }
  })
}
