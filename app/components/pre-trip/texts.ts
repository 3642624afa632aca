import { msg } from '#catalog/i18n.ts'
import { UNANSWERED_ITEM } from './payload.ts'

/** What the pre-trip page says of the form as a whole (its fields' own texts are where they are shown). */
export const PRE_TRIP_TEXT = {
  answer: UNANSWERED_ITEM,
  acknowledge: msg('Tick the box to confirm you have reviewed the certified repair'),
  fix: msg('Some answers need your attention'),
  timeIn: msg('Enter the time in'),
  odometerStart: msg('Enter the odometer reading at the start'),
  queued: msg('Saved on this phone. It will be sent when the connection returns.'),
} as const
