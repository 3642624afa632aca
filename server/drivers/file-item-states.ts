/**
 * The one rule of a driver qualification file's completeness (issue 37, decision 086): the state
 * of each kind of item (catalog/drivers.ts DRIVER_FILE_ITEM_KINDS) on a given day. Pure: the
 * file's page, the list of all drivers, the dashboard's due items, the digest and the reminders
 * all call it, so they never disagree.
 *
 * - A kind with its own expiry (the medical examiner's certificate): the latest item's expiry is
 *   the due date. No item: `missing`.
 * - A kind that repeats (`repeatMonths`: the annual MVR, review, list of violations, Clearinghouse
 *   query): due `repeatMonths` after the latest item's date, or after the hire date when there is
 *   none yet. No item and no hire date: `missing` (nothing says when it was done). No item and the
 *   due date reached: `missing`; before it, like any other due date.
 * - Any other required kind: `missing` without an item, else `ok`.
 * - A due date is the first day the item is late: on that day (a certificate expiring today, an
 *   annual review 12 months to the day after the last) the state is `overdue`; within
 *   DRIVER_FILE_DUE_SOON_DAYS before it, `due-soon`; earlier, `ok`.
 */
import { DRIVER_FILE_DUE_SOON_DAYS, DRIVER_FILE_ITEM_KINDS, type DriverFileItemKind, type DriverFileItemState } from '#catalog/drivers.ts'

export interface FileItemFacts {
  kind: string
  /** YYYY-MM-DD */
  itemDate: string
  /** YYYY-MM-DD or null */
  expiryDate: string | null
  id?: number
}

export interface FileItemKindState {
  kind: DriverFileItemKind
  state: DriverFileItemState
  /** The day the kind is (or was) due: the expiry, or the repeat date; null when it never is. */
  dueOn: string | null
  /** The latest item's date (null: none). */
  lastItemDate: string | null
  /** The latest item's id, when the facts carried ids. */
  lastItemId: number | null
}

const DAY_MS = 86_400_000
const dayNumber = (d: string) => Math.round(Date.parse(`${d.slice(0, 10)}T00:00:00Z`) / DAY_MS)

/** The calendar date `months` after `date` (YYYY-MM-DD); a day the month lacks becomes its last day (Feb 29 + 12 months → Feb 28). */
export function addMonthsToDate(date: string, months: number): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number) as [number, number, number]
  const index = y * 12 + (m - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

/** The state of a due date seen on `today`: `overdue` from the due day on, `due-soon` within the warning days. */
export function dueState(dueOn: string, today: string): Exclude<DriverFileItemState, 'missing'> {
  const days = dayNumber(dueOn) - dayNumber(today)
  if (days <= 0) return 'overdue'
  if (days <= DRIVER_FILE_DUE_SOON_DAYS) return 'due-soon'
  return 'ok'
}

/** The latest of a kind's items: by date, then by expiry, then by id. */
function latestOf(items: FileItemFacts[]): FileItemFacts | null {
  let best: FileItemFacts | null = null
  for (const it of items) {
    if (
      !best ||
      it.itemDate > best.itemDate ||
      (it.itemDate === best.itemDate && (it.expiryDate ?? '') > (best.expiryDate ?? '')) ||
      (it.itemDate === best.itemDate && (it.expiryDate ?? '') === (best.expiryDate ?? '') && (it.id ?? 0) > (best.id ?? 0))
    ) {
      best = it
    }
  }
  return best
}

/** Every kind of the catalog with its state on `today` (catalog order). */
export function fileItemStates(items: readonly FileItemFacts[], opts: { hiredOn: string | null; today: string }): FileItemKindState[] {
  return DRIVER_FILE_ITEM_KINDS.map((rule) => {
    const latest = latestOf(items.filter((i) => i.kind === rule.value))
    const base = { kind: rule.value, lastItemDate: latest?.itemDate ?? null, lastItemId: latest?.id ?? null }
    if (rule.hasExpiry) {
      if (!latest) return { ...base, state: 'missing', dueOn: null }
      // A certificate stored without its expiry cannot be relied on: it counts as lapsed.
      if (!latest.expiryDate) return { ...base, state: 'overdue', dueOn: null }
      return { ...base, state: dueState(latest.expiryDate, opts.today), dueOn: latest.expiryDate }
    }
    if (rule.repeatMonths !== null) {
      const from = latest?.itemDate ?? opts.hiredOn
      if (!from) return { ...base, state: 'missing', dueOn: null }
      const dueOn = addMonthsToDate(from, rule.repeatMonths)
      const state = dueState(dueOn, opts.today)
      return { ...base, state: !latest && state === 'overdue' ? 'missing' : state, dueOn }
    }
    return { ...base, state: latest ? 'ok' : 'missing', dueOn: null }
  })
}

/** How many kinds are missing, overdue and due soon (the completeness counts). */
export function countFileItemStates(states: readonly FileItemKindState[]): { missing: number; overdue: number; dueSoon: number; ok: number } {
  const out = { missing: 0, overdue: 0, dueSoon: 0, ok: 0 }
  for (const s of states) {
    if (s.state === 'missing') out.missing++
    else if (s.state === 'overdue') out.overdue++
    else if (s.state === 'due-soon') out.dueSoon++
    else out.ok++
  }
  return out
}
