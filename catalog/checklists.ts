/**
 * Checklists (docs/CHECKLISTS.md). Keys are part of the REST contract: spelt exactly as the
 * spec. This is the one place the form, the detail view, the print page, the PDF, validation
 * and the REST adapter read them from.
 */
import { EMERGENCY_EXIT_ITEM_KEYS } from './compliance.ts'

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
// Inspection (mechanic's periodic inspection): Satisfactory / Unsatisfactory / NotApplicable
// ---------------------------------------------------------------------------------------

export const INSPECTION_SECTIONS = ['Interior', 'Exterior', 'Engine', 'Electrical', 'Brakes', 'Chassis'] as const
export type InspectionSection = (typeof INSPECTION_SECTIONS)[number]

export const INSPECTION_ITEMS = [
  // Interior (11)
  { key: 'fireExtinguisherFirstAidKitFlareKit', section: 'Interior', label: 'Fire extinguisher / first aid kit / flare kit' },
  { key: 'emergencyExitsHandlesLabels', section: 'Interior', label: 'Emergency exits, handles, labels' },
  { key: 'acDefrosterAirRegisterFilterFansFrontRear', section: 'Interior', label: 'A/C, defroster, air register, filter, fans (front/rear)' },
  { key: 'seatSeatbeltsDriverPassengerSecureCondition', section: 'Interior', label: 'Seats, seatbelts (driver/passenger): secure, condition' },
  { key: 'luggageCompartmentWallDoorLockShockFunctionCondition', section: 'Interior', label: 'Luggage compartment wall, door, lock, shock: function, condition' },
  { key: 'dashboardLightsGaugesHornSwitchesFunction', section: 'Interior', label: 'Dashboard lights, gauges, horn, switches: function' },
  { key: 'kickPartitionPanelPolesHandrailsStepsFloorSecureCondition', section: 'Interior', label: 'Kick/partition panels, poles, handrails, steps, floor: secure, condition' },
  { key: 'passDoorOperationPlayAdjustment', section: 'Interior', label: 'Passenger door: operation, play, adjustment' },
  { key: 'domeInteriorReadingLightsFunction', section: 'Interior', label: 'Dome, interior and reading lights: function' },
  { key: 'warningLightsOilBatteryTemperatureCheckEngineAbsAirbag', section: 'Interior', label: 'Warning lights: oil, battery, temperature, check engine, ABS, airbag' },
  { key: 'wiperBladeHornWindshieldPassWindowsConditionMounting', section: 'Interior', label: 'Wiper blades, horn, windshield, passenger windows: condition, mounting' },
  // Exterior (5)
  { key: 'headTailTurnSignalClearanceMarkerLightsMountingFunction', section: 'Exterior', label: 'Head, tail, turn signal, clearance and marker lights: mounting, function' },
  { key: 'windshieldWasherWiperBladesConditionFunction', section: 'Exterior', label: 'Windshield washer, wiper blades: condition, function' },
  { key: 'tiresRimsBoltsWheelSealInflationTreadLeakingFrontRear', section: 'Exterior', label: 'Tires, rims, bolts, wheel seal, inflation, tread, leaking (front/rear)' },
  { key: 'licensePlateBackupLightAlarmFunction', section: 'Exterior', label: 'License plate, backup light and alarm: function' },
  { key: 'outsideMirrorsSupportBumpersMudFlapsFrontRear', section: 'Exterior', label: 'Outside mirrors and supports, bumpers, mud flaps (front/rear)' },
  // Engine (9)
  { key: 'radiatorWaterHosesWaterPumpCoolingFanConditionLeaking', section: 'Engine', label: 'Radiator, water hoses, water pump, cooling fan: condition, leaking' },
  { key: 'coolingSystemLeakingProtectionFluidLevelCondition', section: 'Engine', label: 'Cooling system: leaking, protection, fluid level, condition' },
  { key: 'idlerPulleyTensionerBeltCracksNoise', section: 'Engine', label: 'Idler pulley, tensioner, belt: cracks, noise' },
  { key: 'throttleLinkagePlayProtection', section: 'Engine', label: 'Throttle linkage: play, protection' },
  { key: 'engineMountsLeaksOilLevelCondition', section: 'Engine', label: 'Engine mounts, leaks, oil level, condition' },
  { key: 'intakeExhaustManifoldGasketsAirHosesAirFilterCondition', section: 'Engine', label: 'Intake/exhaust manifold, gaskets, air hoses, air filter: condition' },
  { key: 'exhaustPipeTurbochargerMufflerMountingLeaking', section: 'Engine', label: 'Exhaust pipe, turbocharger, muffler: mounting, leaking' },
  { key: 'fuelTankLinesPumpMountingLeaking', section: 'Engine', label: 'Fuel tank, lines, pump: mounting, leaking' },
  { key: 'acCompressorClutchCondenserLinesHosesConditionLeaking', section: 'Engine', label: 'A/C compressor, clutch, condenser, lines, hoses: condition, leaking' },
  // Electrical (5)
  { key: 'batteryTerminalsCablesChargeConditionFrontRear', section: 'Electrical', label: 'Battery, terminals, cables: charge, condition (front/rear)' },
  { key: 'generatorAlternatorChargeWiringConnections', section: 'Electrical', label: 'Generator/alternator: charge, wiring, connections' },
  { key: 'highIdleSystemFunction', section: 'Electrical', label: 'High idle system: function' },
  { key: 'starterWiringConnectionsCondition', section: 'Electrical', label: 'Starter, wiring, connections: condition' },
  { key: 'wheelchairLiftSafetySwitchFunctionCondition', section: 'Electrical', label: 'Wheelchair lift, safety switch: function, condition' },
  // Brakes (10)
  { key: 'brakePadsShoesFrontRearLiningDrumsFrontRear', section: 'Brakes', label: 'Brake pads/shoes (front/rear), lining, drums (front/rear)' },
  { key: 'brakeHosesTubingConditionLeaking', section: 'Brakes', label: 'Brake hoses, tubing: condition, leaking' },
  { key: 'brakeFluidConditionLevel', section: 'Brakes', label: 'Brake fluid: condition, level' },
  { key: 'brakeCalipersPistonBootsFrontRear', section: 'Brakes', label: 'Brake calipers, piston boots (front/rear)' },
  { key: 'brakeMasterCylinderBoosterVacHydConditionLeaking', section: 'Brakes', label: 'Brake master cylinder, booster (vac/hyd): condition, leaking' },
  { key: 'parkingEmergencyBrakeLiningLeakingAdjustment', section: 'Brakes', label: 'Parking/emergency brake: lining, leaking, adjustment' },
  { key: 'transmissionDifferentialMountingLeakingFluidLevelCondition', section: 'Brakes', label: 'Transmission, differential: mounting, leaking, fluid level, condition' },
  { key: 'driveShaftUJointsBearingSecurityLoopConditionPlay', section: 'Brakes', label: 'Drive shaft, U-joints, bearing, security loop: condition, play' },
  { key: 'steeringColumnShiftLeverMountingConditionPlay', section: 'Brakes', label: 'Steering column, shift lever: mounting, condition, play' },
  { key: 'steeringGearboxPumpHosesConditionLeaking', section: 'Brakes', label: 'Steering gearbox, pump, hoses: condition, leaking' },
  // Chassis (8)
  { key: 'steeringDamperDragLinkTieRodEndsLeftRight', section: 'Chassis', label: 'Steering damper, drag link, tie rod ends (left/right)' },
  { key: 'shocksLeakingConditionFrontRear', section: 'Chassis', label: 'Shocks: leaking, condition (front/rear)' },
  { key: 'springsUBoltsTorqueArmsFrontRear', section: 'Chassis', label: 'Springs, U-bolts, torque arms (front/rear)' },
  { key: 'ballJointsLeakingPlayUpperLowerLeftRight', section: 'Chassis', label: 'Ball joints: leaking, play (upper/lower, left/right)' },
  { key: 'controlArmBushingsBracketConditionPlayLeftRight', section: 'Chassis', label: 'Control arm bushings, bracket: condition, play (left/right)' },
  { key: 'stabilizerBarBushingsConditionPlayFrontRear', section: 'Chassis', label: 'Stabilizer bar, bushings: condition, play (front/rear)' },
  { key: 'chassisUndersideFirewallAirtightClean', section: 'Chassis', label: 'Chassis underside, firewall: airtight, clean' },
  { key: 'chassisFrameCrossMembersCracksCondition', section: 'Chassis', label: 'Chassis frame, cross members: cracks, condition' },
] as const satisfies readonly { key: string; section: InspectionSection; label: string }[]

export type InspectionItem = (typeof INSPECTION_ITEMS)[number]
export type InspectionItemKey = InspectionItem['key']
export const INSPECTION_ITEM_KEYS = INSPECTION_ITEMS.map((i) => i.key) as unknown as readonly [
  InspectionItemKey,
  ...InspectionItemKey[],
]

/** Number of items per section (spec: Interior 11, Exterior 5, Engine 9, Electrical 5, Brakes 10, Chassis 8). */
export const INSPECTION_SECTION_SIZES = {
  Interior: 11,
  Exterior: 5,
  Engine: 9,
  Electrical: 5,
  Brakes: 10,
  Chassis: 8,
} as const satisfies Record<InspectionSection, number>

export function isInspectionItemKey(value: unknown): value is InspectionItemKey {
  return typeof value === 'string' && INSPECTION_ITEMS.some((i) => i.key === value)
}

export function inspectionItem(key: string): InspectionItem | undefined {
  return INSPECTION_ITEMS.find((i) => i.key === key)
}

export function inspectionItemsBySection(): { section: InspectionSection; items: InspectionItem[] }[] {
  return INSPECTION_SECTIONS.map((section) => ({
    section,
    items: INSPECTION_ITEMS.filter((i) => i.section === section),
  }))
}

export const INSPECTION_ITEM_STATUSES = [
  { value: 0, name: 'Satisfactory', label: 'Satisfactory' },
  { value: 1, name: 'Unsatisfactory', label: 'Unsatisfactory' },
  { value: 2, name: 'NotApplicable', label: 'Not applicable' },
] as const
export type InspectionItemStatus = (typeof INSPECTION_ITEM_STATUSES)[number]['value']
export type InspectionItemStatusName = (typeof INSPECTION_ITEM_STATUSES)[number]['name']
export const INSPECTION_ITEM_STATUS = {
  Satisfactory: 0,
  Unsatisfactory: 1,
  NotApplicable: 2,
} as const satisfies Record<InspectionItemStatusName, InspectionItemStatus>

export function isInspectionItemStatus(value: unknown): value is InspectionItemStatus {
  return value === 0 || value === 1 || value === 2
}

export function inspectionItemStatusLabel(value: number | null | undefined): string {
  return INSPECTION_ITEM_STATUSES.find((s) => s.value === value)?.label ?? 'Unknown'
}

/** Overall result label of an inspection or pre-inspection list row. */
export function inspectionResultLabel(isSatisfactory: boolean): 'Satisfactory' | 'Unsatisfactory' {
  return isSatisfactory ? 'Satisfactory' : 'Unsatisfactory'
}

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

/**
 * Items of the 90-day emergency-exit check (catalog/compliance.ts EMERGENCY_EXIT_ITEMS): every
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
