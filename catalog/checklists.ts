/**
 * Checklists (docs/CHECKLISTS.md). Keys are part of the REST contract: spelt exactly as the
 * spec. This is the one place the form, the detail view, the print page, the PDF, validation
 * and the REST adapter read them from.
 */
import type { InspectionItemKey } from './inspection-checklist.ts'

// ---------------------------------------------------------------------------------------
// Pre-inspection (driver's pre-trip, a DVIR): answers Ok or Defective
// ---------------------------------------------------------------------------------------

/** The checklist sections of the pre-inspection, in the spec's order and titles. */
export const PRE_INSPECTION_SECTIONS = [
  'Engine & Compartment',
  "Driver's Cabin",
  'Exterior & Access',
  'Tires & Wheels',
  'Safety & Emergency Equipment',
  'Interior & Cleanliness',
] as const
export type PreInspectionSection = (typeof PRE_INSPECTION_SECTIONS)[number]

/** All sections of the pre-inspection detail view, in the spec's order. */
export const PRE_INSPECTION_DETAIL_SECTIONS = [
  'Info',
  ...PRE_INSPECTION_SECTIONS,
  'Damage Report',
  'Additional Comments',
  'Final Status',
  'Time Log',
  'Images',
] as const

export const PRE_INSPECTION_ITEMS = [
  { key: 'fluidLeaksUnderBus', label: 'Fluid leaks under bus', section: 'Engine & Compartment' },
  { key: 'oilLevel', label: 'Engine oil level', section: 'Engine & Compartment' },
  { key: 'coolantLevel', label: 'Coolant level', section: 'Engine & Compartment' },
  { key: 'beltsAndHoses', label: 'Belts and hoses', section: 'Engine & Compartment' },
  { key: 'battery', label: 'Battery and cables', section: 'Engine & Compartment' },
  { key: 'horn', label: 'Horn', section: "Driver's Cabin" },
  { key: 'steering', label: 'Steering (free play)', section: "Driver's Cabin" },
  { key: 'mirrors', label: 'Mirrors', section: "Driver's Cabin" },
  { key: 'windshieldAndWipers', label: 'Windshield, wipers and washers', section: "Driver's Cabin" },
  { key: 'gaugesAndWarningLights', label: 'Gauges and warning lights', section: "Driver's Cabin" },
  { key: 'fuelLevel', label: 'Fuel level', section: "Driver's Cabin" },
  { key: 'serviceBrakes', label: 'Service brakes', section: "Driver's Cabin" },
  { key: 'parkingBrake', label: 'Parking brake', section: "Driver's Cabin" },
  { key: 'driverSeatBelt', label: 'Driver seat belt', section: "Driver's Cabin" },
  { key: 'operationOfDoor', label: 'Operation of entrance door', section: 'Exterior & Access' },
  { key: 'emergencyDoor', label: 'Emergency door and buzzer', section: 'Exterior & Access' },
  { key: 'lightsAndSignals', label: 'Headlights, turn signals, brake and marker lights', section: 'Exterior & Access' },
  { key: 'reflectors', label: 'Reflectors', section: 'Exterior & Access' },
  { key: 'bodyCondition', label: 'Body condition', section: 'Exterior & Access' },
  { key: 'tires', label: 'Tires (tread, inflation, damage)', section: 'Tires & Wheels' },
  { key: 'wheelsAndLugNuts', label: 'Wheels, rims and lug nuts', section: 'Tires & Wheels' },
  { key: 'fireExtinguisher', label: 'Fire extinguisher', section: 'Safety & Emergency Equipment' },
  { key: 'firstAidKit', label: 'First aid kit', section: 'Safety & Emergency Equipment' },
  { key: 'emergencyTriangles', label: 'Emergency triangles', section: 'Safety & Emergency Equipment' },
  { key: 'emergencyExits', label: 'Emergency windows and roof hatches', section: 'Safety & Emergency Equipment' },
  { key: 'cleanlinessInterior', label: 'Interior cleanliness', section: 'Interior & Cleanliness' },
  { key: 'conditionFloor', label: 'Floor condition', section: 'Interior & Cleanliness' },
  { key: 'passengerSeats', label: 'Passenger seats and seat belts', section: 'Interior & Cleanliness' },
  { key: 'handrailsAndStanchions', label: 'Handrails and stanchions', section: 'Interior & Cleanliness' },
] as const satisfies readonly { key: string; label: string; section: PreInspectionSection }[]

export type PreInspectionItem = (typeof PRE_INSPECTION_ITEMS)[number]
export type PreInspectionItemKey = PreInspectionItem['key']
export const PRE_INSPECTION_ITEM_KEYS = PRE_INSPECTION_ITEMS.map((i) => i.key) as unknown as readonly [
  PreInspectionItemKey,
  ...PreInspectionItemKey[],
]

export const PRE_INSPECTION_ANSWERS = [
  { defective: false, label: 'Ok' },
  { defective: true, label: 'Defective' },
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

/**
 * Damage Report sides: the text field (`front`...), its image field in REST payloads
 * (`imageDataFront`...) and the image kind stored in `pre_inspection_images`.
 */
export const DAMAGE_SIDES = [
  { key: 'front', label: 'Front', imageField: 'imageDataFront', imageKind: 'front' },
  { key: 'rear', label: 'Rear', imageField: 'imageDataRear', imageKind: 'rear' },
  { key: 'rightSide', label: 'Right side', imageField: 'imageDataRightSide', imageKind: 'rightSide' },
  { key: 'leftSide', label: 'Left side', imageField: 'imageDataLeftSide', imageKind: 'leftSide' },
] as const
export type DamageSide = (typeof DAMAGE_SIDES)[number]
export type DamageSideKey = DamageSide['key']
export const DAMAGE_SIDE_KEYS = DAMAGE_SIDES.map((s) => s.key) as unknown as readonly [DamageSideKey, ...DamageSideKey[]]

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
  { key: 'pushOutWindows', label: 'Push-out windows' },
  { key: 'emergencyDoors', label: 'Emergency doors' },
  { key: 'emergencyDoorMarkingLights', label: 'Emergency door marking lights' },
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

export const OUT_OF_SERVICE_LABEL = 'Out of service'
