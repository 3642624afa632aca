/** Drizzle relations for the relational query API (`db.read.query.vehicles.findMany({ with })`). */
import { relations } from 'drizzle-orm'
import {
  apiSessions,
  externalIdentities,
  loginChallenges,
  passwordResetTokens,
  refreshTokens,
  webSessions,
} from './auth.ts'
import { companies, companyTypes, joinRequests, memberships } from './companies.ts'
import { documentContents, vehicleDocuments, vehicleImages, vehicles } from './fleet.ts'
import {
  inspectionItems,
  inspectionPhotos,
  inspections,
  inspectionSignatures,
  preInspectionAnswers,
  preInspectionImages,
  preInspectionPhotos,
  preInspections,
} from './inspections.ts'
import { licenseTypes, roles } from './reference.ts'
import { repairActions, repairTasks } from './repairs.ts'
import { operatorAssignments, vehicleRequests } from './requests.ts'
import { auditLog } from './system.ts'
import { userLicenses, userPhotos, users } from './users.ts'

// Reference -------------------------------------------------------------------------------
export const rolesRelations = relations(roles, ({ many }) => ({
  memberships: many(memberships),
}))

export const licenseTypesRelations = relations(licenseTypes, ({ many }) => ({
  userLicenses: many(userLicenses),
}))

// Users -----------------------------------------------------------------------------------
export const usersRelations = relations(users, ({ one, many }) => ({
  photo: one(userPhotos),
  licenses: many(userLicenses),
  memberships: many(memberships),
  joinRequests: many(joinRequests, { relationName: 'joinRequestUser' }),
  externalIdentities: many(externalIdentities),
  webSessions: many(webSessions),
  apiSessions: many(apiSessions),
}))

export const userPhotosRelations = relations(userPhotos, ({ one }) => ({
  user: one(users, { fields: [userPhotos.userId], references: [users.id] }),
}))

export const userLicensesRelations = relations(userLicenses, ({ one }) => ({
  user: one(users, { fields: [userLicenses.userId], references: [users.id] }),
  licenseType: one(licenseTypes, { fields: [userLicenses.licenseTypeId], references: [licenseTypes.id] }),
}))

// Auth ------------------------------------------------------------------------------------
export const webSessionsRelations = relations(webSessions, ({ one }) => ({
  user: one(users, { fields: [webSessions.userId], references: [users.id] }),
}))

export const apiSessionsRelations = relations(apiSessions, ({ one, many }) => ({
  user: one(users, { fields: [apiSessions.userId], references: [users.id] }),
  refreshTokens: many(refreshTokens),
}))

export const refreshTokensRelations = relations(refreshTokens, ({ one }) => ({
  session: one(apiSessions, { fields: [refreshTokens.sessionId], references: [apiSessions.id] }),
}))

export const loginChallengesRelations = relations(loginChallenges, ({ one }) => ({
  user: one(users, { fields: [loginChallenges.userId], references: [users.id] }),
}))

export const passwordResetTokensRelations = relations(passwordResetTokens, ({ one }) => ({
  user: one(users, { fields: [passwordResetTokens.userId], references: [users.id] }),
}))

export const externalIdentitiesRelations = relations(externalIdentities, ({ one }) => ({
  user: one(users, { fields: [externalIdentities.userId], references: [users.id] }),
}))

// Companies -------------------------------------------------------------------------------
export const companiesRelations = relations(companies, ({ one, many }) => ({
  types: many(companyTypes),
  memberships: many(memberships),
  joinRequests: many(joinRequests),
  vehicles: many(vehicles),
  repairShop: one(companies, {
    fields: [companies.repairShopCompanyId],
    references: [companies.id],
    relationName: 'companyRepairShop',
  }),
  createdBy: one(users, { fields: [companies.createdByUserId], references: [users.id] }),
}))

export const companyTypesRelations = relations(companyTypes, ({ one }) => ({
  company: one(companies, { fields: [companyTypes.companyId], references: [companies.id] }),
}))

export const membershipsRelations = relations(memberships, ({ one }) => ({
  user: one(users, { fields: [memberships.userId], references: [users.id] }),
  company: one(companies, { fields: [memberships.companyId], references: [companies.id] }),
  role: one(roles, { fields: [memberships.roleId], references: [roles.id] }),
}))

export const joinRequestsRelations = relations(joinRequests, ({ one }) => ({
  user: one(users, { fields: [joinRequests.userId], references: [users.id], relationName: 'joinRequestUser' }),
  company: one(companies, { fields: [joinRequests.companyId], references: [companies.id] }),
  role: one(roles, { fields: [joinRequests.roleId], references: [roles.id] }),
  answeredBy: one(users, {
    fields: [joinRequests.answeredByUserId],
    references: [users.id],
    relationName: 'joinRequestAnsweredBy',
  }),
}))

// Fleet -----------------------------------------------------------------------------------
export const vehiclesRelations = relations(vehicles, ({ one, many }) => ({
  owner: one(companies, { fields: [vehicles.ownerCompanyId], references: [companies.id] }),
  image: one(vehicleImages),
  documents: many(vehicleDocuments),
  requests: many(vehicleRequests),
  assignments: many(operatorAssignments),
  preInspections: many(preInspections),
  inspections: many(inspections),
  repairActions: many(repairActions),
}))

export const vehicleImagesRelations = relations(vehicleImages, ({ one }) => ({
  vehicle: one(vehicles, { fields: [vehicleImages.vehicleId], references: [vehicles.id] }),
}))

export const vehicleDocumentsRelations = relations(vehicleDocuments, ({ one }) => ({
  vehicle: one(vehicles, { fields: [vehicleDocuments.vehicleId], references: [vehicles.id] }),
  content: one(documentContents),
  uploadedBy: one(users, { fields: [vehicleDocuments.uploadedByUserId], references: [users.id] }),
}))

export const documentContentsRelations = relations(documentContents, ({ one }) => ({
  document: one(vehicleDocuments, { fields: [documentContents.documentId], references: [vehicleDocuments.id] }),
}))

// Requests and assignments ----------------------------------------------------------------
export const vehicleRequestsRelations = relations(vehicleRequests, ({ one }) => ({
  vehicle: one(vehicles, { fields: [vehicleRequests.vehicleId], references: [vehicles.id] }),
  ownerCompany: one(companies, {
    fields: [vehicleRequests.ownerCompanyId],
    references: [companies.id],
    relationName: 'vehicleRequestOwner',
  }),
  operatorCompany: one(companies, {
    fields: [vehicleRequests.operatorCompanyId],
    references: [companies.id],
    relationName: 'vehicleRequestOperator',
  }),
  requestedBy: one(users, {
    fields: [vehicleRequests.requestedByUserId],
    references: [users.id],
    relationName: 'vehicleRequestRequestedBy',
  }),
  respondedBy: one(users, {
    fields: [vehicleRequests.respondedByUserId],
    references: [users.id],
    relationName: 'vehicleRequestRespondedBy',
  }),
  assignment: one(operatorAssignments),
}))

export const operatorAssignmentsRelations = relations(operatorAssignments, ({ one }) => ({
  vehicle: one(vehicles, { fields: [operatorAssignments.vehicleId], references: [vehicles.id] }),
  operatorCompany: one(companies, { fields: [operatorAssignments.operatorCompanyId], references: [companies.id] }),
  request: one(vehicleRequests, { fields: [operatorAssignments.requestId], references: [vehicleRequests.id] }),
}))

// Inspections -----------------------------------------------------------------------------
export const preInspectionsRelations = relations(preInspections, ({ one, many }) => ({
  vehicle: one(vehicles, { fields: [preInspections.vehicleId], references: [vehicles.id] }),
  operatorCompany: one(companies, { fields: [preInspections.operatorCompanyId], references: [companies.id] }),
  driver: one(users, { fields: [preInspections.driverUserId], references: [users.id] }),
  answers: many(preInspectionAnswers),
  images: many(preInspectionImages),
  photos: many(preInspectionPhotos),
  repairAction: one(repairActions),
}))

export const preInspectionAnswersRelations = relations(preInspectionAnswers, ({ one }) => ({
  preInspection: one(preInspections, {
    fields: [preInspectionAnswers.preInspectionId],
    references: [preInspections.id],
  }),
}))

export const preInspectionImagesRelations = relations(preInspectionImages, ({ one }) => ({
  preInspection: one(preInspections, {
    fields: [preInspectionImages.preInspectionId],
    references: [preInspections.id],
  }),
}))

export const preInspectionPhotosRelations = relations(preInspectionPhotos, ({ one }) => ({
  preInspection: one(preInspections, {
    fields: [preInspectionPhotos.preInspectionId],
    references: [preInspections.id],
  }),
}))

export const inspectionsRelations = relations(inspections, ({ one, many }) => ({
  vehicle: one(vehicles, { fields: [inspections.vehicleId], references: [vehicles.id] }),
  inspector: one(users, { fields: [inspections.inspectorUserId], references: [users.id] }),
  items: many(inspectionItems),
  signature: one(inspectionSignatures),
  photos: many(inspectionPhotos),
}))

export const inspectionItemsRelations = relations(inspectionItems, ({ one }) => ({
  inspection: one(inspections, { fields: [inspectionItems.inspectionId], references: [inspections.id] }),
}))

export const inspectionSignaturesRelations = relations(inspectionSignatures, ({ one }) => ({
  inspection: one(inspections, { fields: [inspectionSignatures.inspectionId], references: [inspections.id] }),
}))

export const inspectionPhotosRelations = relations(inspectionPhotos, ({ one }) => ({
  inspection: one(inspections, { fields: [inspectionPhotos.inspectionId], references: [inspections.id] }),
}))

// Repairs ---------------------------------------------------------------------------------
export const repairActionsRelations = relations(repairActions, ({ one, many }) => ({
  preInspection: one(preInspections, {
    fields: [repairActions.preInspectionId],
    references: [preInspections.id],
  }),
  vehicle: one(vehicles, { fields: [repairActions.vehicleId], references: [vehicles.id] }),
  ownerCompany: one(companies, {
    fields: [repairActions.ownerCompanyId],
    references: [companies.id],
    relationName: 'repairActionOwner',
  }),
  repairCompany: one(companies, {
    fields: [repairActions.repairCompanyId],
    references: [companies.id],
    relationName: 'repairActionShop',
  }),
  repairedBy: one(users, { fields: [repairActions.repairedByUserId], references: [users.id] }),
  tasks: many(repairTasks),
}))

export const repairTasksRelations = relations(repairTasks, ({ one }) => ({
  repairAction: one(repairActions, { fields: [repairTasks.repairActionId], references: [repairActions.id] }),
  completedBy: one(users, { fields: [repairTasks.completedByUserId], references: [users.id] }),
}))

// System ----------------------------------------------------------------------------------
export const auditLogRelations = relations(auditLog, ({ one }) => ({
  actor: one(users, { fields: [auditLog.actorUserId], references: [users.id] }),
  company: one(companies, { fields: [auditLog.companyId], references: [companies.id] }),
}))
