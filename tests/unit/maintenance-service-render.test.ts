/**
 * Issue 35 point 4: the bus page and the repair shop page rendered on the server (no JavaScript):
 * the owner's forms and the operator's read-only view; the odometer and hours fields only on the
 * last pending task of a "Send to repair shop" job, "Scheduled maintenance" and its work checklist.
 */
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server.js'
import { expect, it } from 'vitest'
import { createElement } from 'react'
import Page from '#app/routes/_app+/maintenance.$companyId_.vehicles.$vehicleId.tsx'
import { RepairActionsPage } from '#app/components/repairs/repair-actions-page.tsx'

const data = {
  title: 'Bus maintenance', companyId: 1, vehicleId: 2, vehicleIdentifier: 'BUS-1', today: '2026-11-28', readOnly: false,
  programs: [{ id: 1, name: 'PM-A', kind: 'pick', joinedOn: '2026-01-01', tasks: [{ id: 5, name: 'Oil', checklist: 'a' }] }],
  due: [
    { kind: 'task', vehicleId: 2, vehicleIdentifier: 'BUS-1', ownerCompanyId: 1, programId: 1, programName: 'PM-A', taskId: 5, taskName: 'Oil', lastServiceOn: null, lastOdometer: null, lastEngineHours: null, nextDueDate: '2026-12-01', nextDueOdometer: 54000, nextDueEngineHours: null, projectedDueDate: '2026-12-01', state: 'DueSoon', sentToShop: false, lastServiceOnLabel: null, nextDueDateLabel: 'Dec 1, 2026', projectedDueDateLabel: 'Dec 1, 2026' },
    { kind: 'annualInspection', vehicleId: 2, vehicleIdentifier: 'BUS-1', ownerCompanyId: 1, programId: null, programName: null, taskId: null, taskName: 'Annual inspection', lastServiceOn: null, lastOdometer: null, lastEngineHours: null, nextDueDate: '2026-12-01', nextDueOdometer: null, nextDueEngineHours: null, projectedDueDate: null, state: 'Overdue', sentToShop: false, lastServiceOnLabel: null, nextDueDateLabel: 'Dec 1, 2026', projectedDueDateLabel: null },
  ],
  history: [{ id: 1, taskId: 5, taskName: 'Oil', programName: 'PM-A', kind: 'done', performedOn: '2026-10-01', odometer: 48000, engineHours: 12.5, readingSource: 'latest', performedBy: 'Joe', notes: null, reason: null, documentId: 3, documentName: 'inv.pdf', repairActionId: null, repairIdentifier: null, recordedByName: 'x', createdAt: '', performedOnLabel: 'Oct 1, 2026' }],
  openServiceActions: [{ id: 9, repairIdentifier: 'RA-2026-000009', repairCompanyId: 3 }],
  messages: {},
}

it('the bus page renders its due items, forms (owner) or none (operator), and history', async () => {
  for (const readOnly of [false, true]) {
    const routes = [{ id: 'x', path: '/', loader: () => ({ ...data, readOnly }), Component: Page }]
    const handler = createStaticHandler(routes)
    const context = await handler.query(new Request('http://localhost/'))
    if (context instanceof Response) throw context
    const router = createStaticRouter(handler.dataRoutes, context)
    const html = renderToString(createElement(StaticRouterProvider, { router, context }))
    expect(html).toContain('BUS-1')
    if (!readOnly) expect(html).toContain('form="send-to-shop"')
    if (readOnly) expect(html).not.toContain('Record service')
    expect(html).toContain('48,000')
  }
})

it('renders the reading fields on the last pending task of a service job only', async () => {
  const action = (id: number, kind: 'service' | 'pre-inspection', statuses: ('Pending' | 'Completed')[]) => ({
    id, repairIdentifier: `RA-${id}`, isRepaired: false, statusLabel: 'Pending repair', createdAtLabel: 'x', repairedAtLabel: null, repairedByName: null, comments: null, outOfService: false,
    vehicle: { make: 'a', model: 'b', licensePlate: 'c', vehicleIdentifier: 'd', odometer: null },
    tasks: statuses.map((status, i) => ({ id: id * 10 + i, name: `T${i}`, description: null, status })), completedCount: 0, source: { kind, id },
  })
  const list = { items: [action(1, 'service', ['Completed', 'Pending']), action(2, 'service', ['Pending', 'Pending']), action(3, 'pre-inspection', ['Pending'])], total: 3, page: 1, pageSize: 25, pageCount: 1, status: 'pending' as const, error: null }
  const routes = [{ id: 'x', path: '/repairActions/:companyId', loader: () => null, Component: () => createElement(RepairActionsPage, { title: 't', list, openId: null, search: '' }) }]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request('http://localhost/repairActions/7'))
  if (context instanceof Response) throw context
  const html = renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }))
  expect(html).toContain('data-testid="service-readings-11"')
  expect(html).not.toContain('service-readings-20')
  expect(html).not.toContain('service-readings-21')
  expect(html).not.toContain('service-readings-30')
  expect(html).toContain('Scheduled maintenance')
  expect(html).toContain('/maintenance/7/work-order/1')
})
