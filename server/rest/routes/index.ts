import { openApiDocument } from '../openapi.ts'
import { json } from '../respond.ts'
import { defineRoute, type RestRoute } from '../route.ts'
import { alertsRoutes } from './Alerts.ts'
import { authRoutes } from './Auth.ts'
import { companyRoutes } from './Company.ts'
import { complianceRoutes } from './Compliance.ts'
import { costsRepairRoutes } from './Costs.repair.ts'
import { costsReportRoutes } from './Costs.reports.ts'
import { companyStatsRoutes, dashboardRoutes } from './Dashboard.ts'
import { driverFilesRoutes } from './Drivers.files.ts'
import { employeeRoutes } from './Employee.ts'
import { fleetRoutes } from './Fleet.ts'
import { fleetImportRoutes } from './Fleet.import.ts'
import { fuelImportRoutes } from './Fuel.import.ts'
import { fuelRoutes } from './Fuel.ts'
import { driverTestRoutes } from './Drivers.tests.ts'
import { fleetEngineHoursRoutes } from './Fleet.engine-hours.ts'
import { joinRequestsRoutes } from './JoinRequests.ts'
import { leaseRoutes } from './Lease.ts'
import { maintenanceRoutes } from './Maintenance.ts'
import { emergencyExitRoutes } from './Maintenance.emergency-exits.ts'
import { serviceProgramRoutes } from './Maintenance.programs.ts'
import { maintenanceServiceRoutes } from './Maintenance.service.ts'
import { maintenanceDueRoutes } from './Maintenance.due.ts'
import { passwordResetRoutes } from './PasswordReset.ts'
import { profileRoutes } from './Profile.ts'
import { recordRoutes } from './Records.ts'
import { repairActionRoutes } from './RepairAction.ts'
import { userInfoRoutes } from './UserInfo.ts'
import { vehicleOperatorRoutes } from './VehicleOperator.ts'
import { webhookRoutes } from './Webhooks.ts'
import { hoursRoutes } from './Hours.ts'
import { driverDueRoutes } from './Drivers.due.ts'

let document: unknown
/** The document of every path below, itself included; built once. */
const openApiRoute = defineRoute({
  method: 'GET',
  path: '/api/openapi.json',
  tag: 'System',
  summary: 'This document: OpenAPI 3.1, generated from the schemas that validate requests',
  auth: 'public',
  handler: async () => json((document ??= openApiDocument(restRoutes()))),
})

/**
 * Every legacy REST path. One file per controller of the path, named as API.md
 * spells it: `/api/VehicleOperator/…` is in `VehicleOperator.ts`.
 */
export function restRoutes(): RestRoute[] {
  return [
    openApiRoute,
    ...authRoutes,
    ...passwordResetRoutes,
    ...profileRoutes,
    ...userInfoRoutes,
    ...dashboardRoutes,
    ...companyStatsRoutes,
    ...alertsRoutes,
    ...companyRoutes,
    ...joinRequestsRoutes,
    ...employeeRoutes,
    ...fleetRoutes,
    ...fleetImportRoutes,
    ...fuelRoutes,
    ...fuelImportRoutes,
    ...driverTestRoutes,
    ...fleetEngineHoursRoutes,
    ...vehicleOperatorRoutes,
    ...maintenanceRoutes,
    ...emergencyExitRoutes,
    ...serviceProgramRoutes,
    ...maintenanceServiceRoutes,
    ...maintenanceDueRoutes,
    ...repairActionRoutes,
    ...leaseRoutes,
    ...complianceRoutes,
    ...recordRoutes,
    ...costsRepairRoutes,
    ...costsReportRoutes,
    ...webhookRoutes,
    ...hoursRoutes,
    ...driverFilesRoutes,
    ...driverDueRoutes,
  ]
}
