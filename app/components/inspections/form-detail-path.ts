/**
 * What the detail dialog and its lazily loaded body share (kept apart so that neither imports
 * the other: the body is a chunk of its own, decision 053).
 */
export type FormDialogKind = 'pre-inspection' | 'inspection'

/** The print page of a filed form. */
export function printPath(kind: FormDialogKind, companyId: number | string, id: number) {
  return `/${kind === 'pre-inspection' ? 'PrintPreInspection' : 'PrintInspection'}/${companyId}?id=${id}`
}
