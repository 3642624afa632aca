/**
 * The authorization matrix of hours-of-service records (issue 37 points 3 and 5, decision 086):
 * the driver's phone screen (their own duty status), the managers' list of drivers, one driver's
 * month (and its PDF), and the duty periods a manager enters, changes or deletes, through REST,
 * tRPC and the pages, as each person around the driver (tests/helpers/driver-records-matrix.ts).
 */
import { byIdManagerOnly, byIdOnAPage, describeDriversMatrix, describeDriversOrigins, dw, freshHour, idemKey, managerAndDriver, managerOnly, newPeriod, page, type DriversRow } from '#tests/helpers/driver-records-matrix.ts'

const O = () => dw.ids.operator
const D = () => dw.users.driver
const MONTH = '2026-01'

const STATUSES = ['onDuty', 'driving', 'offDuty'] as const
let statusSeq = 0
/** The next duty status (each change differs from the one before). */
const nextStatus = () => STATUSES[statusSeq++ % STATUSES.length]!

const periodInput = (companyId: number, driverUserId: number) => ({ companyId, driverUserId, status: 'onDuty', ...freshHour(), note: 'Matrix period' })
/** The month page's form: the period's start and end as the company's local date-times (UTC here). */
const periodForm = (extra: Record<string, string> = {}): Record<string, string> => {
  const { startedAt, endedAt } = freshHour()
  return { intent: 'addPeriod', status: 'onDuty', startedAt: startedAt.slice(0, 16), endedAt: endedAt.slice(0, 16), note: 'Matrix period', ...extra }
}
const monthPage = (driverUserId: number, companyId = O()) => `/hours/${companyId}/${driverUserId}?month=${MONTH}`

const ROWS: DriversRow[] = [
  {
    // One's own duty: any driver of the operator, for themself; nobody else has a duty there.
    name: 'change one’s own duty status',
    call: async () => ({
      rest: { method: 'POST', path: '/api/Hours/changeDutyStatus', body: { companyId: O(), status: nextStatus(), idempotencyKey: idemKey('duty') } },
      trpc: { path: 'hours.changeDutyStatus', type: 'mutation', input: { companyId: O(), status: nextStatus(), idempotencyKey: idemKey('duty') } },
      page: await page('duty/$', `/duty/${O()}`, { form: { status: nextStatus(), idempotencyKey: idemKey('duty') } }),
    }),
    expect: { ...managerOnly(), manager: 403, driver: 'ok', otherDriver: 'ok' },
  },
  {
    name: 'the phone screen',
    call: async () => ({ page: await page('duty/$', `/duty/${O()}`) }),
    expect: { ...managerOnly(), manager: 403, driver: 'ok', otherDriver: 'ok' },
  },
  {
    name: 'one’s own duty status',
    call: () => ({
      rest: { method: 'GET', path: `/api/Hours/getDutyStatus?companyId=${O()}` },
      trpc: { path: 'hours.dutyStatus', type: 'query', input: { companyId: O() } },
    }),
    expect: { ...managerOnly(), manager: 403, driver: 'ok', otherDriver: 'ok' },
  },
  {
    name: 'the driver’s duty status',
    call: () => ({
      rest: { method: 'GET', path: `/api/Hours/getDutyStatus?companyId=${O()}&driverUserId=${D()}` },
      trpc: { path: 'hours.dutyStatus', type: 'query', input: { companyId: O(), driverUserId: D() } },
    }),
    expect: managerAndDriver(),
  },
  {
    name: 'every driver’s hours now',
    call: async () => ({
      rest: { method: 'GET', path: `/api/Hours/getDrivers?companyId=${O()}` },
      trpc: { path: 'hours.drivers', type: 'query', input: { companyId: O() } },
      page: await page('hours/$', `/hours/${O()}`),
    }),
    expect: managerOnly(),
  },
  {
    name: 'the driver’s month',
    call: async () => ({
      rest: { method: 'GET', path: `/api/Hours/getMonth?companyId=${O()}&driverUserId=${D()}&month=${MONTH}` },
      trpc: { path: 'hours.month', type: 'query', input: { companyId: O(), driverUserId: D(), month: MONTH } },
      page: await page('hours/$/$', monthPage(D())),
    }),
    expect: managerAndDriver(),
  },
  {
    name: 'a former driver’s month',
    call: async () => ({
      rest: { method: 'GET', path: `/api/Hours/getMonth?companyId=${O()}&driverUserId=${dw.users.formerDriver}&month=${MONTH}` },
      trpc: { path: 'hours.month', type: 'query', input: { companyId: O(), driverUserId: dw.users.formerDriver, month: MONTH } },
      page: await page('hours/$/$', monthPage(dw.users.formerDriver)),
    }),
    expect: managerOnly(),
  },
  {
    name: 'the driver’s month as a PDF',
    call: async () => ({ page: await page('hours/$/$/month.pdf', `/hours/${O()}/${D()}/month.pdf?month=${MONTH}`, { resource: true }) }),
    expect: managerAndDriver(),
  },
  {
    name: 'the other driver’s month',
    call: async () => ({
      rest: { method: 'GET', path: `/api/Hours/getMonth?companyId=${O()}&driverUserId=${dw.users.otherDriver}&month=${MONTH}` },
      trpc: { path: 'hours.month', type: 'query', input: { companyId: O(), driverUserId: dw.users.otherDriver, month: MONTH } },
      page: await page('hours/$/$', monthPage(dw.users.otherDriver)),
    }),
    expect: { ...managerOnly(), otherDriver: 'ok' },
  },
  {
    name: 'the other driver’s month as a PDF',
    call: async () => ({ page: await page('hours/$/$/month.pdf', `/hours/${O()}/${dw.users.otherDriver}/month.pdf?month=${MONTH}`, { resource: true }) }),
    expect: { ...managerOnly(), otherDriver: 'ok' },
  },
  {
    name: 'the driver’s month through one’s own company',
    call: async (p) => ({
      rest: { method: 'GET', path: `/api/Hours/getMonth?companyId=${dw.companyOf(p)}&driverUserId=${D()}&month=${MONTH}` },
      trpc: { path: 'hours.month', type: 'query', input: { companyId: dw.companyOf(p), driverUserId: D(), month: MONTH } },
      page: await page('hours/$/$', monthPage(D(), dw.companyOf(p))),
    }),
    expect: { ...managerAndDriver(), unrelated: 404 },
  },
  {
    name: 'the month of someone who is not a driver of the operator',
    call: async () => ({
      rest: { method: 'GET', path: `/api/Hours/getMonth?companyId=${O()}&driverUserId=${dw.users.unrelatedDriver}&month=${MONTH}` },
      trpc: { path: 'hours.month', type: 'query', input: { companyId: O(), driverUserId: dw.users.unrelatedDriver, month: MONTH } },
      page: await page('hours/$/$', monthPage(dw.users.unrelatedDriver)),
    }),
    expect: managerOnly(404),
  },
  {
    name: 'a manager enters a duty period',
    call: async () => ({
      rest: { method: 'POST', path: '/api/Hours/addDutyPeriod', body: { ...periodInput(O(), D()), idempotencyKey: idemKey('period') } },
      trpc: { path: 'hours.addPeriod', type: 'mutation', input: { ...periodInput(O(), D()), idempotencyKey: idemKey('period') } },
      page: await page('hours/$/$', monthPage(D()), { form: periodForm() }),
    }),
    expect: managerOnly(),
  },
  {
    name: 'a duty period for someone who is not a driver of the operator',
    call: async () => ({
      rest: { method: 'POST', path: '/api/Hours/addDutyPeriod', body: periodInput(O(), dw.users.unrelatedDriver) },
      trpc: { path: 'hours.addPeriod', type: 'mutation', input: periodInput(O(), dw.users.unrelatedDriver) },
      page: await page('hours/$/$', monthPage(dw.users.unrelatedDriver), { form: periodForm() }),
    }),
    expect: managerOnly(404),
  },
  {
    name: 'a duty period for the operator’s driver through one’s own company',
    call: (p) => ({
      rest: { method: 'POST', path: '/api/Hours/addDutyPeriod', body: periodInput(dw.companyOf(p), D()) },
      trpc: { path: 'hours.addPeriod', type: 'mutation', input: periodInput(dw.companyOf(p), D()) },
    }),
    expect: { ...managerOnly(), unrelated: 404 },
  },
  {
    name: 'change a duty period',
    call: async () => {
      const id = await newPeriod()
      const input = { id, status: 'driving', ...freshHour() }
      return {
        rest: { method: 'PUT', path: '/api/Hours/updateDutyPeriod', body: input },
        trpc: { path: 'hours.updatePeriod', type: 'mutation', input },
        page: await page('hours/$/$', monthPage(D()), { form: periodForm({ intent: 'updatePeriod', id: String(await newPeriod()), status: 'driving' }) }),
      }
    },
    expect: byIdManagerOnly(),
    page: byIdOnAPage(),
  },
  {
    name: 'delete a duty period',
    call: async () => {
      const id = await newPeriod()
      return {
        rest: { method: 'DELETE', path: `/api/Hours/deleteDutyPeriod?id=${id}` },
        trpc: { path: 'hours.deletePeriod', type: 'mutation', input: { id } },
        page: await page('hours/$/$', monthPage(D()), { form: { intent: 'deletePeriod', id: String(await newPeriod()) } }),
      }
    },
    expect: byIdManagerOnly(),
    page: byIdOnAPage(),
  },
]

describeDriversMatrix('authorization matrix: hours of service', ROWS)
describeDriversOrigins(ROWS)
