import { z } from 'zod'
import { LEASE_SIDES } from '#catalog/compliance.ts'
import { getLeaseAgreement, listLeasesByVehicle, signLeaseAgreement, signLeaseInput } from '../../leases/lease-agreements.server.ts'
import { idSchema } from '../../validation.ts'
import { restIdempotent } from '../idempotent.server.ts'
import { operationTarget } from '../../records/idempotency.server.ts'
import { defineRoute } from '../route.ts'

const LEASE_STATES = ['signed', 'awaitingOwner', 'awaitingOperator', 'awaitingBoth'] as const
const party = z.object({ companyId: z.number().int(), name: z.string(), address: z.string().nullable(), timeZone: z.string() })

/** The lease agreement (decision 064): its drafted snapshot, state, signatures (PNG base64, or null when typed) and fingerprint. */
const leaseSchema = z.object({
  id: z.number().int(),
  assignmentId: z.number().int(),
  requestId: z.number().int().nullable(),
  vehicleId: z.number().int(),
  textVersion: z.string(),
  owner: party,
  operator: party,
  vehicle: z.object({ vehicleIdentifier: z.string(), vin: z.string(), licensePlate: z.string() }),
  startDate: z.string(),
  endDate: z.string().nullable(),
  assignmentEndedAt: z.string().nullable(),
  createdAt: z.string(),
  state: z.enum(LEASE_STATES),
  signatures: z.array(z.object({ side: z.enum(LEASE_SIDES), signerName: z.string(), signedAt: z.string(), signature: z.string().nullable(), typed: z.boolean() })),
  mySides: z.array(z.enum(LEASE_SIDES)),
  fingerprint: z.string(),
})

const leaseRowSchema = z.object({
  id: z.number().int(),
  assignmentId: z.number().int(),
  ownerName: z.string(),
  operatorName: z.string(),
  operatorCompanyId: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  state: z.enum(LEASE_STATES),
  ownerSignedAt: z.string().nullable(),
  operatorSignedAt: z.string().nullable(),
  createdAt: z.string(),
})

/**
 * /api/Lease/…: the written lease of an approved assignment (49 CFR 390.401–390.403). Paths
 * beyond the spec. Its PDF is `/PrintLease/{id}/pdf` (a bearer token is accepted there too).
 */
export const leaseRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/Lease/GetLease/{id}',
    tag: 'Lease',
    summary: "A lease agreement (the managers of the owner and operator companies, and the operator's drivers while the assignment is active)",
    auth: 'user',
    params: z.object({ id: idSchema }),
    response: leaseSchema,
    errors: [404],
    handler: (ctx) => getLeaseAgreement(ctx, ctx.params.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/Lease/GetLeasesByVehicle/{vehicleId}',
    tag: 'Lease',
    summary: "A vehicle's leases, newest first: every one for the owner's managers, their own company's for an operator's managers",
    auth: 'user',
    params: z.object({ vehicleId: idSchema }),
    response: z.array(leaseRowSchema),
    errors: [404],
    handler: (ctx) => listLeasesByVehicle(ctx, ctx.params.vehicleId),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/Lease/SignLease',
    tag: 'Lease',
    summary:
      'Sign one side of a lease (an active manager of that side\'s company): `signature` a PNG (base64 or data: URL), or absent to sign with the typed `signerName`. 409 when that side is already signed or the assignment has ended; 403 for a reader who signs for neither side',
    auth: 'user',
    body: signLeaseInput,
    response: leaseSchema,
    responseDescription: 'The lease',
    errors: [403, 404, 409, 413, 415],
    handler: (ctx) => restIdempotent(ctx, `leases.sign:${operationTarget(ctx.body, 'leaseId', 'side')}`, 200, (c) => signLeaseAgreement(c, ctx.body)),
  }),
]
