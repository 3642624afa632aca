import type { AppRouter } from '#server/trpc/router.ts'
import type { inferRouterInputs } from '@trpc/server'
import { createIdbOutbox, type OutboxEntry } from './idb-outbox.ts'

type RecordInput = inferRouterInputs<AppRouter>['fuel']['record']

/**
 * The driver's fill-ups and charges survive a yard without signal (issue 36, decision 085): the
 * phone's outbox 'operon-fuel-outbox' (app/utils/idb-outbox.ts), sent through tRPC `fuel.record`
 * with each record's idempotency key; records are independent, so one that must wait does not
 * hold the others.
 */
export interface FuelOutboxEntry extends OutboxEntry<Record<string, unknown>> {
  vehicleId: number
  vehicleIdentifier: string
}

const fuel = createIdbOutbox<Record<string, unknown>, FuelOutboxEntry>({
  name: 'operon-fuel-outbox',
  ordered: false,
  send: async (client, payload, signal) => (await client.fuel.record.mutate(payload as RecordInput, { signal })).id,
})

export const onFuelOutboxChange = fuel.onChange
export const listFuelOutbox = fuel.list
export const enqueueFuel = fuel.enqueue
export const removeFuelEntry = fuel.remove
export const deliverFuel = fuel.deliver
export const flushFuelOutbox = fuel.flush
