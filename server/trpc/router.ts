import { alertDigestInput, getAlertDigestSetting, getInspectorQualification, getProfileCompletion, setAlertDigest } from '../auth/profile.server.ts'
import { listMyAccountActivity } from '../auth/account-activity.server.ts'
import { complianceViewInput, getComplianceView } from '../compliance/compliance-view.server.ts'
import { getRetentionOverview, updateRetentionSettings, type UpdateRetentionInput } from '../compliance/retention.server.ts'
import { annualInspectionInput, getAnnualInspectionReport, listAnnualInspections } from '../inspections/annual-inspections.server.ts'
import { createCompany, createCompanyInput } from '../companies/create-company.ts'
import { listMyCompanies } from '../companies/list-my-companies.ts'
import { listEmployees, listEmployeesInput, updateRoleStatusInput, updateUserRoleStatus } from '../companies/employees.server.ts'
import {
  acceptJoinRequest,
  answerJoinRequestInput,
  joinCompanyInput,
  listJoinRequests,
  listJoinRequestsInput,
  rejectJoinRequest,
  requestToJoinCompany,
} from '../companies/join-requests.server.ts'
import { companySettingsInput, updateCompanySettings } from '../companies/company-settings.server.ts'
import { z } from 'zod'
import { companyInput as alertsCompanyInput, getVehicleAlerts, listOwnerAlerts, vehicleExpiries, vehicleExpiriesInput } from '../alerts/alerts.server.ts'
import { fleetQueryInput } from '../fleet/fleet-query.ts'
import { correctOdometer, correctOdometerInput, getOdometerHistory } from '../fleet/odometer-history.server.ts'
import { listFleetVehicles } from '../fleet/list-vehicles.server.ts'
import {
  cancelVehicleRequest,
  cancelVehicleRequestInput,
  createVehicleRequest,
  type CreateVehicleRequestInput,
  endAssignmentInput,
  endOperatorAssignment,
  getVehicleOperatorAssignments,
  listAnsweredRequestsByOwner,
  listPendingRequestsByOwner,
  listUpcomingAssignmentsByOperator,
  type requestOverlapInput,
  vehicleRequestOverlaps,
  listRequestsByOperator,
  respondToVehicleRequest,
  respondVehicleRequestInput,
} from '../fleet/vehicle-requests.server.ts'
import { deleteVehicleDocument, listVehicleDocuments } from '../documents/documents.server.ts'
import { addVehicle, getVehicle, updateVehicle } from '../fleet/vehicles.server.ts'
import type { addVehicleInput, updateVehicleInput } from '../fleet/vehicle-schema.ts'
import { lookupVin, lookupVinInput } from '../fleet/vin-decode.server.ts'
import { commitFleetImport, commitFleetImportInput, getFleetImport, previewFleetImport, previewFleetImportInput } from '../fleet/import/fleet-import.server.ts'
import { listInspectionsByVehicle, listPreInspectionsByVehicle } from '../inspections/list-by-vehicle.server.ts'
import { findVehicleForInspection } from '../inspections/find-vehicle.server.ts'
import { reviewInspection, type ReviewInspectionInput } from '../inspections/review-inspection.server.ts'
import { findVehicleInput, type InspectionInput } from '../inspections/inspection-schema.ts'
import { submitInspection } from '../inspections/submit-inspection.server.ts'
import type { PreInspectionInput } from '../inspections/pre-inspection-schema.ts'
import { getPreTripContext, listMyBuses } from '../inspections/pre-trip.server.ts'
import { submitPreInspection } from '../inspections/submit-pre-inspection.server.ts'
import { getEmergencyExitCheck, listEmergencyExitChecks, submitEmergencyExitCheck } from '../inspections/emergency-exit-checks.server.ts'
import type { EmergencyExitCheckInput } from '../inspections/emergency-exit-check-schema.ts'
import { listRepairsByVehicle, pageRepairsByCompany, repairsPageInput } from '../repairs/list-repairs.server.ts'
import { updateTaskStatus, updateTaskStatusWithReadingInput } from '../repairs/update-task-status.server.ts'
import { getLeaseAgreement, listLeasesByVehicle, signLeaseAgreement, type SignLeaseInput } from '../leases/lease-agreements.server.ts'
import { inspectionForms } from './inspection-forms.ts'
import { calendar } from './calendar.ts'
import { fuelImport } from './fuel-import.ts'
import { fuel } from './fuel.ts'
import { hours } from './hours.ts'
import { driverTests } from './driver-tests.ts'
import { driverFiles } from './driver-files.ts'
import { driverDue } from './driver-due.ts'
import { maintenancePrograms } from './maintenance-programs.ts'
import { maintenanceService } from './maintenance-service.ts'
import { maintenanceDue } from './maintenance-due.ts'
import { fleetMetersProcedures } from './fleet-meters.ts'
import { getOperatorActivity, getOperatorStatsByCompanyId } from '../dashboards/operator-stats.server.ts'
import { companyStatsInput, getOwnerExpiryTimeline, getOwnerStatsByCompanyId } from '../dashboards/owner-stats.server.ts'
import { idSchema } from '../validation.ts'
import { type listActivityInput, listCompanyActivity } from '../activity/list-activity.server.ts'
import { driverActivityInput, getDriverActivity, getDriverStatsByCompany } from '../dashboards/driver-stats.server.ts'
import { getMechanicActivity, getMechanicStats } from '../dashboards/mechanic-stats.server.ts'
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
  setWebhookEndpointEnabled,
  type createWebhookInput,
  type listWebhookDeliveriesInput,
  type replayWebhookDeliveryInput,
  type setWebhookEnabledInput,
  type webhookCompanyInput,
  type webhookEndpointInput,
} from '../webhooks/endpoints.server.ts'
import { costsReports } from './costs-reports.ts'
import { costsRepair } from './costs-repair.ts'
import { idempotencyKeyInput, trpcIdempotent } from './idempotent.ts'
import { authedProcedure, checkedByUseCase, router } from './init.ts'

export const appRouter = router({
  // Issue 36 point 1 (decision 085): a repair action's cost lines.
  costsRepair,
  company: router({
    mine: authedProcedure.query(({ ctx }) => listMyCompanies(ctx)),
    create: authedProcedure.input(createCompanyInput.extend(idempotencyKeyInput)).mutation(({ ctx, input }) => trpcIdempotent(ctx, input, 'company.create', [], (c, i) => createCompany(c, i))),
    settings: authedProcedure.input(companySettingsInput).mutation(({ ctx, input }) => updateCompanySettings(ctx, input)),
  }),
  // The use cases validate again: the same rules whichever door is used.
  joinRequests: router({
    create: authedProcedure
      .input(joinCompanyInput.extend(idempotencyKeyInput))
      .mutation(({ ctx, input }) => trpcIdempotent(ctx, input, 'joinRequests.create', ['companyCode', 'role'], (c, i) => requestToJoinCompany(c, i))),
    list: authedProcedure.input(listJoinRequestsInput).query(({ ctx, input }) => listJoinRequests(ctx, input)),
    accept: authedProcedure.input(answerJoinRequestInput).mutation(({ ctx, input }) => acceptJoinRequest(ctx, input)),
    reject: authedProcedure.input(answerJoinRequestInput).mutation(({ ctx, input }) => rejectJoinRequest(ctx, input)),
  }),
  fleet: router({
    list: authedProcedure.input(fleetQueryInput).query(({ ctx, input }) => listFleetVehicles(ctx, input)),
    get: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => getVehicle(ctx, input.vehicleId)),
    // The vehicle form's rules are the use case's (one pass, every field's message): typed here, checked there.
    add: authedProcedure
      .input(checkedByUseCase<z.input<typeof addVehicleInput> & { idempotencyKey?: string }>())
      .mutation(({ ctx, input }) => trpcIdempotent(ctx, input, 'fleet.addVehicle', ['ownerId'], (c, i) => addVehicle(c, i))),
    update: authedProcedure.input(checkedByUseCase<z.input<typeof updateVehicleInput>>()).mutation(({ ctx, input }) => updateVehicle(ctx, input)),
    assignments: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => getVehicleOperatorAssignments(ctx, input.vehicleId)),
    preInspections: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => listPreInspectionsByVehicle(ctx, input.vehicleId)),
    inspections: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => listInspectionsByVehicle(ctx, input.vehicleId)),
    repairs: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => listRepairsByVehicle(ctx, input.vehicleId)),
    documents: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => listVehicleDocuments(ctx, input.vehicleId)),
    deleteDocument: authedProcedure.input(z.object({ documentId: idSchema })).mutation(({ ctx, input }) => deleteVehicleDocument(ctx, input.documentId)),
    odometerHistory: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => getOdometerHistory(ctx, input.vehicleId)),
    correctOdometer: authedProcedure.input(correctOdometerInput).mutation(({ ctx, input }) => correctOdometer(ctx, input)),
    ...fleetMetersProcedures,
    // A mutation: it runs on a button press and is rate-limited (a query would re-run on focus).
    lookupVin: authedProcedure.input(lookupVinInput).mutation(({ ctx, input }) => lookupVin(ctx, input)),
    // The CSV import (decision 076): the file as text, checked and staged; then imported once.
    import: router({
      preview: authedProcedure.input(previewFleetImportInput).mutation(({ ctx, input }) => previewFleetImport(ctx, input)),
      get: authedProcedure.input(commitFleetImportInput).query(({ ctx, input }) => getFleetImport(ctx, input)),
      commit: authedProcedure
        .input(commitFleetImportInput.extend(idempotencyKeyInput))
        .mutation(({ ctx, input }) => trpcIdempotent(ctx, input, 'fleetImport.commit', ['importId'], (c, i) => commitFleetImport(c, i))),
    }),
  }),
  vehicleRequests: router({
    create: authedProcedure
      .input(checkedByUseCase<CreateVehicleRequestInput & { idempotencyKey?: string }>())
      .mutation(({ ctx, input }) => trpcIdempotent(ctx, input, 'vehicleRequests.create', ['vehicleIdentifier', 'operatorCompanyId'], (c, i) => createVehicleRequest(c, i))),
    cancel: authedProcedure.input(cancelVehicleRequestInput).mutation(({ ctx, input }) => cancelVehicleRequest(ctx, input)),
    respond: authedProcedure.input(respondVehicleRequestInput).mutation(({ ctx, input }) => respondToVehicleRequest(ctx, input)),
    endAssignment: authedProcedure.input(endAssignmentInput).mutation(({ ctx, input }) => endOperatorAssignment(ctx, input)),
    byOperator: authedProcedure.input(z.object({ operatorCompanyId: idSchema })).query(({ ctx, input }) => listRequestsByOperator(ctx, input.operatorCompanyId)),
    pendingByOwner: authedProcedure.input(z.object({ ownerCompanyId: idSchema })).query(({ ctx, input }) => listPendingRequestsByOwner(ctx, input.ownerCompanyId)),
    answeredByOwner: authedProcedure.input(z.object({ ownerCompanyId: idSchema })).query(({ ctx, input }) => listAnsweredRequestsByOwner(ctx, input.ownerCompanyId)),
    overlaps: authedProcedure.input(checkedByUseCase<z.input<typeof requestOverlapInput>>()).query(({ ctx, input }) => vehicleRequestOverlaps(ctx, input)),
    upcomingByOperator: authedProcedure
      .input(z.object({ operatorCompanyId: idSchema }))
      .query(({ ctx, input }) => listUpcomingAssignmentsByOperator(ctx, input.operatorCompanyId)),
  }),
  repairs: router({
    byCompany: authedProcedure.input(repairsPageInput).query(({ ctx, input }) => pageRepairsByCompany(ctx, input)),
    updateTaskStatus: authedProcedure.input(updateTaskStatusWithReadingInput).mutation(({ ctx, input }) => updateTaskStatus(ctx, input)),
  }),
  inspectionForms,
  // Cost per mile (issue 36, decision 085).
  costsReports,
  // The caller's own calendar feed (issue 35, decision 084).
  calendar,
  // Preventive maintenance (issue 35, decision 084): programs (maintenance-programs.ts); due items and service records join here.
  maintenance: router({ programs: maintenancePrograms, service: maintenanceService, due: maintenanceDue }),
  // The fuel and energy log (issue 36 point 2, decision 085).
  fuel,
  fuelImport,
  // Hours-of-service records without an ELD (issue 37 point 3, decision 086).
  hours,
  // Drug and alcohol testing records (issue 37 point 2, decision 086).
  driverTests,
  // Driver qualification files (issue 37 point 1, decision 086).
  driverFiles,
  // Driver files' due items and the driver's own expiry status (issue 37, decision 086).
  driverDue,
  // The lease agreement (decision 064): the use case checks the signature (a PNG by content) and who signs.
  leases: router({
    get: authedProcedure.input(z.object({ leaseId: idSchema })).query(({ ctx, input }) => getLeaseAgreement(ctx, input.leaseId)),
    byVehicle: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => listLeasesByVehicle(ctx, input.vehicleId)),
    sign: authedProcedure
      .input(checkedByUseCase<SignLeaseInput & { idempotencyKey?: string }>())
      .mutation(({ ctx, input }) => trpcIdempotent(ctx, input, 'leases.sign', ['leaseId', 'side'], (c, i) => signLeaseAgreement(c, i))),
  }),
  employees: router({
    list: authedProcedure.input(listEmployeesInput).query(({ ctx, input }) => listEmployees(ctx, input)),
    setRoleActive: authedProcedure.input(updateRoleStatusInput).mutation(({ ctx, input }) => updateUserRoleStatus(ctx, input)),
  }),
  // Filing forms: the date rules need the filer's company's today, so the use cases check the input (decisions 024, 026).
  inspections: router({
    findVehicle: authedProcedure.input(findVehicleInput).query(({ ctx, input }) => findVehicleForInspection(ctx, input)),
    submitInspection: authedProcedure.input(checkedByUseCase<InspectionInput>()).mutation(({ ctx, input }) => submitInspection(ctx, input)),
    review: authedProcedure.input(checkedByUseCase<ReviewInspectionInput>()).mutation(({ ctx, input }) => reviewInspection(ctx, input)),
    // Decision 066: the annual inspections of a bus, and one's report (49 CFR 396.17, 396.21).
    annualList: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => listAnnualInspections(ctx, input.vehicleId)),
    annualReport: authedProcedure.input(annualInspectionInput).query(({ ctx, input }) => getAnnualInspectionReport(ctx, input)),
    submitPreInspection: authedProcedure.input(checkedByUseCase<PreInspectionInput>()).mutation(({ ctx, input }) => submitPreInspection(ctx, input)),
    preTripContext: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => getPreTripContext(ctx, input.vehicleId)),
    myBuses: authedProcedure.query(({ ctx }) => listMyBuses(ctx)),
  }),
  // The 90-day emergency-exit check (issue 23, decision 065): the date window needs the filer's company, so the use case checks the input.
  emergencyExits: router({
    submit: authedProcedure.input(checkedByUseCase<EmergencyExitCheckInput>()).mutation(({ ctx, input }) => submitEmergencyExitCheck(ctx, input)),
    list: authedProcedure.input(z.object({ vehicleId: idSchema })).query(({ ctx, input }) => listEmergencyExitChecks(ctx, input.vehicleId)),
    get: authedProcedure.input(z.object({ checkId: idSchema })).query(({ ctx, input }) => getEmergencyExitCheck(ctx, input.checkId)),
  }),
  dashboards: router({
    // Personal statistics: null when the caller holds no active Driver / Mechanic role.
    driverStats: authedProcedure.query(({ ctx }) => getDriverStatsByCompany(ctx)),
    driverActivity: authedProcedure.input(driverActivityInput.optional()).query(({ ctx, input }) => getDriverActivity(ctx, input ?? {})),
    mechanicStats: authedProcedure.query(({ ctx }) => getMechanicStats(ctx)),
    mechanicActivity: authedProcedure.query(({ ctx }) => getMechanicActivity(ctx)),
    ownerStats: authedProcedure.input(companyStatsInput).query(({ ctx, input }) => getOwnerStatsByCompanyId(ctx, input)),
    operatorStats: authedProcedure.input(companyStatsInput).query(({ ctx, input }) => getOperatorStatsByCompanyId(ctx, input)),
    operatorActivity: authedProcedure.input(companyStatsInput).query(({ ctx, input }) => getOperatorActivity(ctx, input)),
    ownerExpiries: authedProcedure.input(companyStatsInput).query(({ ctx, input }) => getOwnerExpiryTimeline(ctx, input)),
    vehicleAlerts: authedProcedure.input(alertsCompanyInput).query(({ ctx, input }) => getVehicleAlerts(ctx, input)),
    ownerAlerts: authedProcedure.input(alertsCompanyInput).query(({ ctx, input }) => listOwnerAlerts(ctx, input)),
    vehicleExpiries: authedProcedure.input(vehicleExpiriesInput).query(({ ctx, input }) => vehicleExpiries(ctx, input)),
  }),
  profile: router({
    alertDigest: authedProcedure.query(({ ctx }) => getAlertDigestSetting(ctx)),
    /** The caller's own sign-ins and account events (decision 079). */
    accountActivity: authedProcedure.query(({ ctx }) => listMyAccountActivity(ctx)),
    inspectorQualification: authedProcedure.query(({ ctx }) => getInspectorQualification(ctx)),
    completion: authedProcedure.query(({ ctx }) => getProfileCompletion(ctx)),
    setAlertDigest: authedProcedure.input(alertDigestInput).mutation(({ ctx, input }) => setAlertDigest(ctx, input)),
  }),
  // Issue 23 points 5 and 6 (decisions 067, 068): the owner's compliance view and each company's record retention.
  compliance: router({
    view: authedProcedure.input(complianceViewInput).query(({ ctx, input }) => getComplianceView(ctx, input)),
    retention: authedProcedure.input(z.object({ companyId: idSchema })).query(({ ctx, input }) => getRetentionOverview(ctx, input.companyId)),
    updateRetention: authedProcedure.input(checkedByUseCase<UpdateRetentionInput>()).mutation(({ ctx, input }) => updateRetentionSettings(ctx, input)),
  }),
  // Issue 26 point 4 (decision 079): a company's activity log, for its managers.
  activity: router({
    list: authedProcedure.input(checkedByUseCase<z.input<typeof listActivityInput>>()).query(({ ctx, input }) => listCompanyActivity(ctx, input)),
  }),
  // Issue 26 point 3 (decision 078): a company's signed webhooks; the use cases authorize (managers) and validate.
  webhooks: router({
    list: authedProcedure.input(checkedByUseCase<z.input<typeof webhookCompanyInput>>()).query(({ ctx, input }) => listWebhookEndpoints(ctx, input)),
    create: authedProcedure
      .input(checkedByUseCase<z.input<typeof createWebhookInput> & { idempotencyKey?: string }>())
      .mutation(({ ctx, input }) => trpcIdempotent(ctx, input, 'webhooks.create', ['companyId'], (c, i) => createWebhookEndpoint(c, i))),
    setEnabled: authedProcedure.input(checkedByUseCase<z.input<typeof setWebhookEnabledInput>>()).mutation(({ ctx, input }) => setWebhookEndpointEnabled(ctx, input)),
    rotateSecret: authedProcedure.input(checkedByUseCase<z.input<typeof webhookEndpointInput>>()).mutation(({ ctx, input }) => rotateWebhookSecret(ctx, input)),
    delete: authedProcedure.input(checkedByUseCase<z.input<typeof webhookEndpointInput>>()).mutation(({ ctx, input }) => deleteWebhookEndpoint(ctx, input)),
    sendTest: authedProcedure.input(checkedByUseCase<z.input<typeof webhookEndpointInput>>()).mutation(({ ctx, input }) => sendTestWebhook(ctx, input)),
    deliveries: authedProcedure.input(checkedByUseCase<z.input<typeof listWebhookDeliveriesInput>>()).query(({ ctx, input }) => listWebhookDeliveries(ctx, input)),
    replay: authedProcedure.input(checkedByUseCase<z.input<typeof replayWebhookDeliveryInput>>()).mutation(({ ctx, input }) => replayWebhookDelivery(ctx, input)),
  }),
})

export type AppRouter = typeof appRouter
