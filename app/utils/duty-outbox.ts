import type { AppRouter } from '#server/trpc/router.ts'
import type { inferRouterInputs } from '@trpc/server'
import { createIdbOutbox, type OutboxEntry } from './idb-outbox.ts'

type ChangeInput = inferRouterInputs<AppRouter>['hours']['changeDutyStatus']

/**
 * The driver's duty changes survive a yard without signal (issue 37, decision 086): the phone's
 * outbox 'operon-duty-outbox' (app/utils/idb-outbox.ts) keeps each tap with its instant and sends
 * it through tRPC `hours.changeDutyStatus` with its idempotency key. Unlike fill-ups, the order
 * matters (each change ends the period before it): entries go strictly in the order tapped, and
 * one that must wait stops the flush until the next one.
 */
export type DutyPayload = { companyId: number; status: string; at: string; idempotencyKey: string }
export interface DutyOutboxEntry extends OutboxEntry<DutyPayload> {
  companyId: number
}

const duty = createIdbOutbox<DutyPayload, DutyOutboxEntry>({
  name: 'operon-duty-outbox',
  ordered: true,
  tieBreak: (a, b) => a.payload.at.localeCompare(b.payload.at),
  send: async (client, payload, signal) => {
    await client.hours.changeDutyStatus.mutate(payload as ChangeInput, { signal })
    return undefined
  },
})

export const onDutyOutboxChange = duty.onChange
export const listDutyOutbox = duty.list
export const enqueueDuty = duty.enqueue
export const removeDutyEntry = duty.remove
export const flushDutyOutbox = duty.flush
