import { msg } from './i18n.ts'

/*
 * What a defect does to a vehicle, apart from the 29 checklist items (checklists.ts re-exports
 * it) so that pages that only name it (the fleet's badge, a repair's task) do not load the
 * checklist (decision 053).
 */

/**
 * Damage Report sides: the text field (`front`...), its image field in REST payloads
 * (`imageDataFront`...) and the image kind stored in `pre_inspection_images`.
 */
export const DAMAGE_SIDES = [
  { key: 'front', label: msg('Front'), imageField: 'imageDataFront', imageKind: 'front' },
  { key: 'rear', label: msg('Rear'), imageField: 'imageDataRear', imageKind: 'rear' },
  { key: 'rightSide', label: msg('Right side'), imageField: 'imageDataRightSide', imageKind: 'rightSide' },
  { key: 'leftSide', label: msg('Left side'), imageField: 'imageDataLeftSide', imageKind: 'leftSide' },
] as const
export type DamageSide = (typeof DAMAGE_SIDES)[number]
export type DamageSideKey = DamageSide['key']
export const DAMAGE_SIDE_KEYS = DAMAGE_SIDES.map((s) => s.key) as unknown as readonly [DamageSideKey, ...DamageSideKey[]]

/** A vehicle with an open repair of a safety defect (checklists.ts: OUT_OF_SERVICE_ITEMS). */
export const OUT_OF_SERVICE_LABEL = msg('Out of service')
