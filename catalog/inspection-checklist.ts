/**
 * The mechanic's periodic inspection: its 48 items in six sections and the answers
 * Satisfactory / Unsatisfactory / NotApplicable (docs/CHECKLISTS.md; keys are part of the REST
 * contract). Apart from the pre-trip's checklist (catalog/checklists.ts) so that the driver's
 * phone never loads these items (decision 053's first-load budget).
 */
import { msg } from './i18n.ts'

/** The section names, as shown (translated where shown: `t(section)`); also the items' `section` keys. */
export const INSPECTION_SECTIONS = [msg('Interior'), msg('Exterior'), msg('Engine'), msg('Electrical'), msg('Brakes'), msg('Chassis')] as const
export type InspectionSection = (typeof INSPECTION_SECTIONS)[number]

export const INSPECTION_ITEMS = [
  // Interior (11)
  { key: 'fireExtinguisherFirstAidKitFlareKit', section: 'Interior', label: msg('Fire extinguisher / first aid kit / flare kit') },
  { key: 'emergencyExitsHandlesLabels', section: 'Interior', label: msg('Emergency exits, handles, labels') },
  { key: 'acDefrosterAirRegisterFilterFansFrontRear', section: 'Interior', label: msg('A/C, defroster, air register, filter, fans (front/rear)') },
  { key: 'seatSeatbeltsDriverPassengerSecureCondition', section: 'Interior', label: msg('Seats, seatbelts (driver/passenger): secure, condition') },
  { key: 'luggageCompartmentWallDoorLockShockFunctionCondition', section: 'Interior', label: msg('Luggage compartment wall, door, lock, shock: function, condition') },
  { key: 'dashboardLightsGaugesHornSwitchesFunction', section: 'Interior', label: msg('Dashboard lights, gauges, horn, switches: function') },
  { key: 'kickPartitionPanelPolesHandrailsStepsFloorSecureCondition', section: 'Interior', label: msg('Kick/partition panels, poles, handrails, steps, floor: secure, condition') },
  { key: 'passDoorOperationPlayAdjustment', section: 'Interior', label: msg('Passenger door: operation, play, adjustment') },
  { key: 'domeInteriorReadingLightsFunction', section: 'Interior', label: msg('Dome, interior and reading lights: function') },
  { key: 'warningLightsOilBatteryTemperatureCheckEngineAbsAirbag', section: 'Interior', label: msg('Warning lights: oil, battery, temperature, check engine, ABS, airbag') },
  { key: 'wiperBladeHornWindshieldPassWindowsConditionMounting', section: 'Interior', label: msg('Wiper blades, horn, windshield, passenger windows: condition, mounting') },
  // Exterior (5)
  { key: 'headTailTurnSignalClearanceMarkerLightsMountingFunction', section: 'Exterior', label: msg('Head, tail, turn signal, clearance and marker lights: mounting, function') },
  { key: 'windshieldWasherWiperBladesConditionFunction', section: 'Exterior', label: msg('Windshield washer, wiper blades: condition, function') },
  { key: 'tiresRimsBoltsWheelSealInflationTreadLeakingFrontRear', section: 'Exterior', label: msg('Tires, rims, bolts, wheel seal, inflation, tread, leaking (front/rear)') },
  { key: 'licensePlateBackupLightAlarmFunction', section: 'Exterior', label: msg('License plate, backup light and alarm: function') },
  { key: 'outsideMirrorsSupportBumpersMudFlapsFrontRear', section: 'Exterior', label: msg('Outside mirrors and supports, bumpers, mud flaps (front/rear)') },
  // Engine (9)
  { key: 'radiatorWaterHosesWaterPumpCoolingFanConditionLeaking', section: 'Engine', label: msg('Radiator, water hoses, water pump, cooling fan: condition, leaking') },
  { key: 'coolingSystemLeakingProtectionFluidLevelCondition', section: 'Engine', label: msg('Cooling system: leaking, protection, fluid level, condition') },
  { key: 'idlerPulleyTensionerBeltCracksNoise', section: 'Engine', label: msg('Idler pulley, tensioner, belt: cracks, noise') },
  { key: 'throttleLinkagePlayProtection', section: 'Engine', label: msg('Throttle linkage: play, protection') },
  { key: 'engineMountsLeaksOilLevelCondition', section: 'Engine', label: msg('Engine mounts, leaks, oil level, condition') },
  { key: 'intakeExhaustManifoldGasketsAirHosesAirFilterCondition', section: 'Engine', label: msg('Intake/exhaust manifold, gaskets, air hoses, air filter: condition') },
  { key: 'exhaustPipeTurbochargerMufflerMountingLeaking', section: 'Engine', label: msg('Exhaust pipe, turbocharger, muffler: mounting, leaking') },
  { key: 'fuelTankLinesPumpMountingLeaking', section: 'Engine', label: msg('Fuel tank, lines, pump: mounting, leaking') },
  { key: 'acCompressorClutchCondenserLinesHosesConditionLeaking', section: 'Engine', label: msg('A/C compressor, clutch, condenser, lines, hoses: condition, leaking') },
  // Electrical (5)
  { key: 'batteryTerminalsCablesChargeConditionFrontRear', section: 'Electrical', label: msg('Battery, terminals, cables: charge, condition (front/rear)') },
  { key: 'generatorAlternatorChargeWiringConnections', section: 'Electrical', label: msg('Generator/alternator: charge, wiring, connections') },
  { key: 'highIdleSystemFunction', section: 'Electrical', label: msg('High idle system: function') },
  { key: 'starterWiringConnectionsCondition', section: 'Electrical', label: msg('Starter, wiring, connections: condition') },
  { key: 'wheelchairLiftSafetySwitchFunctionCondition', section: 'Electrical', label: msg('Wheelchair lift, safety switch: function, condition') },
  // Brakes (10)
  { key: 'brakePadsShoesFrontRearLiningDrumsFrontRear', section: 'Brakes', label: msg('Brake pads/shoes (front/rear), lining, drums (front/rear)') },
  { key: 'brakeHosesTubingConditionLeaking', section: 'Brakes', label: msg('Brake hoses, tubing: condition, leaking') },
  { key: 'brakeFluidConditionLevel', section: 'Brakes', label: msg('Brake fluid: condition, level') },
  { key: 'brakeCalipersPistonBootsFrontRear', section: 'Brakes', label: msg('Brake calipers, piston boots (front/rear)') },
  { key: 'brakeMasterCylinderBoosterVacHydConditionLeaking', section: 'Brakes', label: msg('Brake master cylinder, booster (vac/hyd): condition, leaking') },
  { key: 'parkingEmergencyBrakeLiningLeakingAdjustment', section: 'Brakes', label: msg('Parking/emergency brake: lining, leaking, adjustment') },
  { key: 'transmissionDifferentialMountingLeakingFluidLevelCondition', section: 'Brakes', label: msg('Transmission, differential: mounting, leaking, fluid level, condition') },
  { key: 'driveShaftUJointsBearingSecurityLoopConditionPlay', section: 'Brakes', label: msg('Drive shaft, U-joints, bearing, security loop: condition, play') },
  { key: 'steeringColumnShiftLeverMountingConditionPlay', section: 'Brakes', label: msg('Steering column, shift lever: mounting, condition, play') },
  { key: 'steeringGearboxPumpHosesConditionLeaking', section: 'Brakes', label: msg('Steering gearbox, pump, hoses: condition, leaking') },
  // Chassis (8)
  { key: 'steeringDamperDragLinkTieRodEndsLeftRight', section: 'Chassis', label: msg('Steering damper, drag link, tie rod ends (left/right)') },
  { key: 'shocksLeakingConditionFrontRear', section: 'Chassis', label: msg('Shocks: leaking, condition (front/rear)') },
  { key: 'springsUBoltsTorqueArmsFrontRear', section: 'Chassis', label: msg('Springs, U-bolts, torque arms (front/rear)') },
  { key: 'ballJointsLeakingPlayUpperLowerLeftRight', section: 'Chassis', label: msg('Ball joints: leaking, play (upper/lower, left/right)') },
  { key: 'controlArmBushingsBracketConditionPlayLeftRight', section: 'Chassis', label: msg('Control arm bushings, bracket: condition, play (left/right)') },
  { key: 'stabilizerBarBushingsConditionPlayFrontRear', section: 'Chassis', label: msg('Stabilizer bar, bushings: condition, play (front/rear)') },
  { key: 'chassisUndersideFirewallAirtightClean', section: 'Chassis', label: msg('Chassis underside, firewall: airtight, clean') },
  { key: 'chassisFrameCrossMembersCracksCondition', section: 'Chassis', label: msg('Chassis frame, cross members: cracks, condition') },
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
  { value: 0, name: 'Satisfactory', label: msg('Satisfactory') },
  { value: 1, name: 'Unsatisfactory', label: msg('Unsatisfactory') },
  { value: 2, name: 'NotApplicable', label: msg('Not applicable') },
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
  return INSPECTION_ITEM_STATUSES.find((s) => s.value === value)?.label ?? msg('Unknown')
}

/** Overall result label of an inspection or pre-inspection list row. */
export function inspectionResultLabel(isSatisfactory: boolean): 'Satisfactory' | 'Unsatisfactory' {
  return isSatisfactory ? 'Satisfactory' : 'Unsatisfactory'
}
