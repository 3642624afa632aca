import type { LoaderFunctionArgs } from '@remix-run/node'
import { exportCompanyActivityCsv } from '#server/activity/list-activity.server.ts'
import { activityFiltersOf } from './_app+/activity-page.server.ts'
import { csvExportLoader } from './record-export.server.ts'

/** GET /company/{companyId}/activity.csv (decision 079): the activity log with the page's filters, every page, streamed. */
export const loader = (args: LoaderFunctionArgs) => csvExportLoader(args, (ctx, url, companyId) => exportCompanyActivityCsv(ctx, { companyId, filters: activityFiltersOf(url) }))
