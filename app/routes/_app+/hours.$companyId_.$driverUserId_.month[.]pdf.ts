import type { LoaderFunctionArgs } from '@remix-run/node'
import { monthPdfLoader } from '#app/routes/_app+/hours-pages.server.ts'

/** A driver's month of hours as a PDF (issue 37 point 3, decision 086), in the reader's language. */
export const loader = (args: LoaderFunctionArgs) => monthPdfLoader(args)
