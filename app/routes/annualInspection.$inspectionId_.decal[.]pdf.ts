import type { LoaderFunctionArgs } from '@remix-run/node'
import { annualDecalLoader } from './annual-inspection.server.ts'

/** GET /annualInspection/{inspectionId}/decal.pdf: the annual inspection decal, one 4 × 3 in label (49 CFR 396.17(c), decision 066). */
export const loader = (args: LoaderFunctionArgs) => annualDecalLoader(args)
