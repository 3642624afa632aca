/**
 * Checklists (docs/CHECKLISTS.md). Keys are part of the REST contract: spelt exactly as the
 * spec. This is the one place the form, the detail view, the print page, the PDF, validation
 * and the REST adapter read them from.
 */
import { msg } from './i18n.ts'
import type { InspectionItemKey } from './inspection-checklist.ts'

// ---------------------------------------------------------------------------------------
// Pre-inspection (driver's pre-trip, a DVIR): answers Ok or Defective
// ---------------------------------------------------------------------------------------

/** The checklist sections of the pre-inspection, in the spec's order and titles. */
export const PRE_INSPECTION_SECTIONS = [
  msg('Engine & Compartment'),
  msg("Driver's Cabin"),
  msg('Exterior & Access'),
  msg('Tires & Wheels'),
  msg('Safety & Emergency Equipment'),
  msg('Interior & Cleanliness'),
] as const
export type PreInspectionSection = (typeof PRE_INSPECTION_SECTIONS)[number]

/** All sections of the pre-inspection detail view, in the spec's order. */
export const PRE_INSPECTION_DETAIL_SECTIONS = [
  msg('Info'),
  ...PRE_INSPECTION_SECTIONS,
  msg('Damage Report'),
  msg('Additional Comments'),
  msg('Final Status'),
  msg('Time Log'),
  msg('Images'),
] as const

export const PRE_INSPECTION_ITEMS = [
  { key: 'fluidLeaksUnderBus', label: msg('Fluid leaks under bus'), section: 'Engine & Compartment' },
  { key: 'oilLevel', label: msg('Engine oil level'), section: 'Engine & Compartment' },
  { key: 'coolantLevel', label: msg('Coolant level'), section: 'Engine & Compartment' },
  { key: 'beltsAndHoses', label: msg('Belts and hoses'), section: 'Engine & Compartment' },
  { key: 'battery', label: msg('Battery and cables'), section: 'Engine & Compartment' },
  { key: 'horn', label: msg('Horn'), section: "Driver's Cabin" },
  { key: 'steering', label: msg('Steering (free play)'), section: "Driver's Cabin" },
  { key: 'mirrors', label: msg('Mirrors'), section: "Driver's Cabin" },
  { key: 'windshieldAndWipers', label: msg('Windshield, wipers and washers'), section: "Driver's Cabin" },
  { key: 'gaugesAndWarningLights', label: msg('Gauges and warning lights'), section: "Driver's Cabin" },
  { key: 'fuelLevel', label: msg('Fuel level'), section: "Driver's Cabin" },
  { key: 'serviceBrakes', label: msg('Service brakes'), section: "Driver's Cabin" },
  { key: 'parkingBrake', label: msg('Parking brake'), section: "Driver's Cabin" },
  { key: 'driverSeatBelt', label: msg('Driver seat belt'), section: "Driver's Cabin" },
  { key: 'operationOfDoor', label: msg('Operation of entrance door'), section: 'Exterior & Access' },
  { key: 'emergencyDoor', label: msg('Emergency door and buzzer'), section: 'Exterior & Access' },
  { key: 'lightsAndSignals', label: msg('Headlights, turn signals, brake and marker lights'), section: 'Exterior & Access' },
  { key: 'reflectors', label: msg('Reflectors'), section: 'Exterior & Access' },
  { key: 'bodyCondition', label: msg('Body condition'), section: 'Exterior & Access' },
  { key: 'tires', label: msg('Tires (tread, inflation, damage)'), section: 'Tires & Wheels' },
  { key: 'wheelsAndLugNuts', label: msg('Wheels, rims and lug nuts'), section: 'Tires & Wheels' },
  { key: 'fireExtinguisher', label: msg('Fire extinguisher'), section: 'Safety & Emergency Equipment' },
  { key: 'firstAidKit', label: msg('First aid kit'), section: 'Safety & Emergency Equipment' },
  { key: 'emergencyTriangles', label: msg('Emergency triangles'), section: 'Safety & Emergency Equipment' },
  { key: 'emergencyExits', label: msg('Emergency windows and roof hatches'), section: 'Safety & Emergency Equipment' },
  { key: 'cleanlinessInterior', label: msg('Interior cleanliness'), section: 'Interior & Cleanliness' },
  { key: 'conditionFloor', label: msg('Floor condition'), section: 'Interior & Cleanliness' },
  { key: 'passengerSeats', label: msg('Passenger seats and seat belts'), section: 'Interior & Cleanliness' },
  { key: 'handrailsAndStanchions', label: msg('Handrails and stanchions'), section: 'Interior & Cleanliness' },
] as const satisfies readonly { key: string; label: string; section: PreInspectionSection }[]

export type PreInspectionItem = (typeof PRE_INSPECTION_ITEMS)[number]
export type PreInspectionItemKey = PreInspectionItem['key']
export const PRE_INSPECTION_ITEM_KEYS = PRE_INSPECTION_ITEMS.map((i) => i.key) as unknown as readonly [
  PreInspectionItemKey,
  ...PreInspectionItemKey[],
]

export const PRE_INSPECTION_ANSWERS = [
  { defective: false, label: msg('Ok') },
  { defective: true, label: msg('Defective') },
] as const

export function preInspectionAnswerLabel(defective: boolean): 'Ok' | 'Defective' {
  return defective ? 'Defective' : 'Ok'
}

export function isPreInspectionItemKey(value: unknown): value is PreInspectionItemKey {
  return typeof value === 'string' && PRE_INSPECTION_ITEMS.some((i) => i.key === value)
}

export function preInspectionItem(key: string): PreInspectionItem | undefined {
  return PRE_INSPECTION_ITEMS.find((i) => i.key === key)
}

export function preInspectionItemsBySection(): { section: PreInspectionSection; items: PreInspectionItem[] }[] {
  return PRE_INSPECTION_SECTIONS.map((section) => ({
    section,
    items: PRE_INSPECTION_ITEMS.filter((i) => i.section === section),
  }))
}

export { DAMAGE_SIDES, DAMAGE_SIDE_KEYS, type DamageSide, type DamageSideKey } from './defects.ts'

/** Kinds of image stored per pre-inspection (one each): the signature and one per side. */
export const PRE_INSPECTION_IMAGE_KINDS = ['signature', 'front', 'rear', 'rightSide', 'leftSide'] as const
export type PreInspectionImageKind = (typeof PRE_INSPECTION_IMAGE_KINDS)[number]

// ---------------------------------------------------------------------------------------
// Out of service (issue 10): an open repair of one of these defects keeps the bus parked
// ---------------------------------------------------------------------------------------

/**
 * Pre-trip items whose defect affects safety (brakes, steering, tires, emergency exits,
 * lights): while a repair action holding one of them is open, the vehicle is "Out of service".
 */
export const SAFETY_CRITICAL_PRE_INSPECTION_KEYS = [
  'serviceBrakes',
  'parkingBrake',
  'steering',
  'tires',
  'wheelsAndLugNuts',
  'emergencyDoor',
  'emergencyExits',
  'lightsAndSignals',
] as const satisfies readonly PreInspectionItemKey[]

/**
 * Mechanic's inspection items whose Unsatisfactory answer affects safety (issue 23, decision
 * 065): brakes, steering and its linkage, suspension that holds the axles, the frame, tires and
 * wheels, lights, emergency exits, and fuel or exhaust leaks (fire, carbon monoxide). The same
 * families as the pre-trip's list above; comfort, cleanliness and charging items are not here.
 */
export const SAFETY_CRITICAL_INSPECTION_KEYS = [
  'emergencyExitsHandlesLabels',
  'headTailTurnSignalClearanceMarkerLightsMountingFunction',
  'tiresRimsBoltsWheelSealInflationTreadLeakingFrontRear',
  'exhaustPipeTurbochargerMufflerMountingLeaking',
  'fuelTankLinesPumpMountingLeaking',
  'brakePadsShoesFrontRearLiningDrumsFrontRear',
  'brakeHosesTubingConditionLeaking',
  'brakeFluidConditionLevel',
  'brakeCalipersPistonBootsFrontRear',
  'brakeMasterCylinderBoosterVacHydConditionLeaking',
  'parkingEmergencyBrakeLiningLeakingAdjustment',
  'steeringColumnShiftLeverMountingConditionPlay',
  'steeringGearboxPumpHosesConditionLeaking',
  'steeringDamperDragLinkTieRodEndsLeftRight',
  'ballJointsLeakingPlayUpperLowerLeftRight',
  'springsUBoltsTorqueArmsFrontRear',
  'chassisFrameCrossMembersCracksCondition',
] as const satisfies readonly InspectionItemKey[]

// The 90-day emergency-exit check's items (49 CFR 396.3(b)(4), decision 065).
export const EMERGENCY_EXIT_ITEMS = [
  { key: 'pushOutWindows', label: msg('Push-out windows') },
  { key: 'emergencyDoors', label: msg('Emergency doors') },
  { key: 'emergencyDoorMarkingLights', label: msg('Emergency door marking lights') },
] as const
export type EmergencyExitItemKey = (typeof EMERGENCY_EXIT_ITEMS)[number]['key']
export const EMERGENCY_EXIT_ITEM_KEYS = EMERGENCY_EXIT_ITEMS.map((i) => i.key) as unknown as readonly [
  EmergencyExitItemKey,
  ...EmergencyExitItemKey[],
]

/**
 * Items of the 90-day emergency-exit check (EMERGENCY_EXIT_ITEMS above): every
 * one is a safety item (an exit that does not open, or cannot be found in the dark).
 */
const SAFETY_CRITICAL_EMERGENCY_EXIT_KEYS: readonly string[] = EMERGENCY_EXIT_ITEM_KEYS

/**
 * Whether a repair task's source (a pre-trip key, an inspection key or an emergency-exit
 * check key; the three lists share no key) keeps the bus out of service while it is open.
 */
export function isSafetyCritical(key: string | null | undefined): boolean {
  const k = key ?? ''
  return (
    (SAFETY_CRITICAL_PRE_INSPECTION_KEYS as readonly string[]).includes(k) ||
    (SAFETY_CRITICAL_INSPECTION_KEYS as readonly string[]).includes(k) ||
    SAFETY_CRITICAL_EMERGENCY_EXIT_KEYS.includes(k)
  )
}

export { OUT_OF_SERVICE_LABEL } from './defects.ts'
