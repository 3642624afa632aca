import { z } from 'zod'
import {
  acceptJoinRequest,
  answerJoinRequestInput,
  joinCompanyInput,
  listJoinRequests,
  listJoinRequestsInput,
  rejectJoinRequest,
  requestToJoinCompany,
} from '../../companies/join-requests.server.ts'
import { restIdempotent } from '../idempotent.server.ts'
import { operationTarget } from '../../records/idempotency.server.ts'
import { defineRoute } from '../route.ts'
import { messageSchema } from './shapes.ts'

const joinRequestRow = z.object({ id: z.number(), name: z.string(), role: z.string(), requestDate: z.string(), status: z.string() })

/** /api/JoinRequests/…: asking to join a company by code, and its managers answering. */
export const joinRequestsRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/JoinRequests/create',
    tag: 'JoinRequests',
    summary: 'Ask to join a company by its code',
    auth: 'user',
    body: joinCompanyInput,
    status: 201,
    response: z.object({ id: z.number(), status: z.literal('Pending') }),
    errors: [404, 409],
    handler: (ctx) =>
      restIdempotent(
        ctx,
        `joinRequests.create:${operationTarget(ctx.body, 'companyCode', 'role')}`,
        201,
        (c) => requestToJoinCompany(c, ctx.body),
        ({ id, status }) => ({ id, status }),
      ),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/JoinRequests/getUsersRequests',
    tag: 'JoinRequests',
    summary: 'Join requests of a company for a role the caller manages',
    auth: 'user',
    body: listJoinRequestsInput,
    response: z.array(joinRequestRow),
    errors: [403],
    handler: (ctx) => listJoinRequests(ctx, ctx.body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/JoinRequests/accept',
    tag: 'JoinRequests',
    summary: 'Accept a Pending join request (gives the role)',
    auth: 'user',
    body: answerJoinRequestInput,
    response: messageSchema,
    errors: [404, 409],
    handler: (ctx) => acceptJoinRequest(ctx, ctx.body),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/JoinRequests/decline',
    tag: 'JoinRequests',
    summary: 'Reject a Pending join request',
    auth: 'user',
    body: answerJoinRequestInput,
    response: messageSchema,
    errors: [404, 409],
    handler: (ctx) => rejectJoinRequest(ctx, ctx.body),
  }),
]
