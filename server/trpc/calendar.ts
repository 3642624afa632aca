import { calendarFeedStatus, createCalendarFeed, revokeCalendarFeed } from '../calendar/calendar-feeds.server.ts'
import { authedProcedure, router } from './init.ts'

/**
 * The caller's own calendar feed (issue 35, decision 084): its status, a new link (the URL with
 * its secret, answered this once) and its revocation. The feed itself is GET /calendar.ics.
 */
export const calendar = router({
  status: authedProcedure.query(({ ctx }) => calendarFeedStatus(ctx)),
  create: authedProcedure.mutation(({ ctx }) => createCalendarFeed(ctx)),
  revoke: authedProcedure.mutation(({ ctx }) => revokeCalendarFeed(ctx)),
})
