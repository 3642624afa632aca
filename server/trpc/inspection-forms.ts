import { z } from 'zod'
import { authedProcedure, router } from './init.ts'
import { idSchema } from '../validation.ts'
import { getInspectionDetail, getInspectionPhotos, getPreInspectionDetail, getPreInspectionPhotos } from '../inspections/read-forms.server.ts'

const byId = z.object({ inspectionId: idSchema })

/**
 * The widget door of the detail dialogs (decision 015): the form and its vehicle when the
 * dialog opens, the photos apart ("Loading images") — never in a list.
 */
export const inspectionForms = router({
  preInspection: authedProcedure.input(byId).query(({ ctx, input }) => getPreInspectionDetail(ctx, input)),
  preInspectionPhotos: authedProcedure.input(byId).query(({ ctx, input }) => getPreInspectionPhotos(ctx, input)),
  inspection: authedProcedure.input(byId).query(({ ctx, input }) => getInspectionDetail(ctx, input)),
  inspectionPhotos: authedProcedure.input(byId).query(({ ctx, input }) => getInspectionPhotos(ctx, input)),
})
