/**
 * The annual (periodic) inspection, 49 CFR 396.17–396.23 (issue 23, decision 066): which of the
 * mechanic's 48 items an annual inspection must cover, the inspector's qualification, the
 * decal's size and the texts every door says. Browser-safe: the form, the use cases, the
 * report, the decal and REST read this one list.
 */
import { msg } from './i18n.ts'
import { INSPECTION_ITEMS, type InspectionItemKey } from './inspection-checklist.ts'

/**
 * The items that stand for the components of 49 CFR 396 Appendix G ("Minimum periodic
 * inspection standards") on a bus: brake system, exhaust system, fuel system, lighting devices,
 * steering mechanism, suspension, frame, tires, wheels and rims, windshield glazing and wipers,
 * emergency exits and the driver's seat. An annual inspection answers each of them Satisfactory
 * or Unsatisfactory: never Not applicable. The other items (A/C, wheelchair lift, luggage bay,
 * reading lights…) may be Not applicable, as on any inspection: not every bus has them.
 */
export const ANNUAL_INSPECTION_REQUIRED_KEYS = [
  // Brake system (Appendix G 1)
  'brakePadsShoesFrontRearLiningDrumsFrontRear',
  'brakeHosesTubingConditionLeaking',
  'brakeFluidConditionLevel',
  'brakeCalipersPistonBootsFrontRear',
  'brakeMasterCylinderBoosterVacHydConditionLeaking',
  'parkingEmergencyBrakeLiningLeakingAdjustment',
  // Exhaust system (3) and fuel system (4)
  'exhaustPipeTurbochargerMufflerMountingLeaking',
  'fuelTankLinesPumpMountingLeaking',
  // Lighting devices (5)
  'headTailTurnSignalClearanceMarkerLightsMountingFunction',
  'licensePlateBackupLightAlarmFunction',
  // Steering mechanism (7)
  'steeringColumnShiftLeverMountingConditionPlay',
  'steeringGearboxPumpHosesConditionLeaking',
  'steeringDamperDragLinkTieRodEndsLeftRight',
  'ballJointsLeakingPlayUpperLowerLeftRight',
  // Suspension (8) and frame (9)
  'springsUBoltsTorqueArmsFrontRear',
  'controlArmBushingsBracketConditionPlayLeftRight',
  'chassisFrameCrossMembersCracksCondition',
  // Tires (10), wheels and rims (11)
  'tiresRimsBoltsWheelSealInflationTreadLeakingFrontRear',
  // Windshield glazing (12) and wipers (13)
  'wiperBladeHornWindshieldPassWindowsConditionMounting',
  'windshieldWasherWiperBladesConditionFunction',
  // Motorcoach seats (Appendix G 13) and emergency exits (buses)
  'seatSeatbeltsDriverPassengerSecureCondition',
  'emergencyExitsHandlesLabels',
] as const satisfies readonly InspectionItemKey[]

const REQUIRED = new Set<string>(ANNUAL_INSPECTION_REQUIRED_KEYS)
export function isAnnualRequiredItem(key: string): boolean {
  return REQUIRED.has(key)
}

/** The labels of the required items, in checklist order (help texts, the decision). */
export const ANNUAL_INSPECTION_REQUIRED_ITEMS = INSPECTION_ITEMS.filter((i) => REQUIRED.has(i.key))

/** At most this many characters of qualification (49 CFR 396.19), e.g. "ASE Master Certified, 8 years". */
export const INSPECTOR_QUALIFICATION_MAX = 200

/** Who enters a qualification in the profile: people holding a Mechanic or Repair shop role. */
export const QUALIFIED_INSPECTOR_ROLES = ['Mechanic', 'RepairShop'] as const

/**
 * The decal: one label per page, 4 × 3 inches (102 × 76 mm), the common shipping/asset label
 * size of desktop label printers (decision 066).
 */
export const ANNUAL_DECAL_PAGE = { width: '4in', height: '3in', label: '4 × 3 in (102 × 76 mm)' } as const

/** Passed or Failed: what the report and the decal say of an annual inspection's result. */
export function annualResultLabel(isSatisfactory: boolean): 'Passed' | 'Failed' {
  return isSatisfactory ? msg('Passed') : msg('Failed')
}

export const ANNUAL_TEXT = {
  checkbox: msg('This is the annual inspection (49 CFR 396.17)'),
  checkboxHint:
    msg('An annual inspection covers every component of 49 CFR 396 Appendix G: brakes, exhaust, fuel system, lights, steering, suspension, frame, tires, wheels, windshield and wipers, seats and emergency exits. Those items cannot be Not applicable. The report names you and your qualification (49 CFR 396.19); a passed one sets the next inspection 12 months later and prints a decal.'),
  qualificationLabel: msg('Inspector qualification'),
  qualificationHint:
    msg('Printed on your annual inspection reports (49 CFR 396.19): your training or experience, e.g. "ASE Master Certified, 8 years; State of X certified inspector". At most 200 characters.'),
  qualificationTooLong: `At most ${INSPECTOR_QUALIFICATION_MAX} characters`,
  qualificationNotInspector: msg('Only a Mechanic or a Repair shop manager enters an inspector qualification'),
  needsQualification:
    msg('An annual inspection needs your inspector qualification (49 CFR 396.19): enter it in your profile first, then file again.'),
  itemNotCovered: msg('An annual inspection must inspect this item (49 CFR 396 Appendix G): choose Satisfactory or Unsatisfactory'),
  notCovered: msg('An annual inspection covers every Appendix G item (49 CFR 396.17): the items marked below cannot be Not applicable'),
  reportTitle: msg('Annual inspection report (49 CFR 396.21)'),
  reportHelp:
    msg('49 CFR 396.21: the report names the motor carrier, the vehicle, the inspector and the qualification, the date and the result. It is kept at least 14 months (396.21(b)).'),
  /** 49 CFR 396.21(a) asks the report to name the motor carrier operating the vehicle: the operator on the inspection's date. */
  motorCarrier: msg('Operator (motor carrier)'),
  decalCertification: msg('Passed the annual inspection required by 49 CFR 396.17'),
  decalHelp: msg('Print it on a 4 × 3 in label and put it on the vehicle (49 CFR 396.17(c)); its code opens the report.'),
  notFound: msg('Annual inspection not found'),
  pending: msg("This annual inspection awaits the owner's review: its report and decal come once the owner accepts it."),
  rejected: msg('The owner rejected this inspection: it is not an annual inspection of the vehicle.'),
  failedNoDecal: msg('A decal is printed only for a passed annual inspection: correct the defects and inspect again.'),
} as const

/** The report's page (the decal's QR opens it), its PDF and the decal's PDF (decision 066). */
export const annualReportPath = (inspectionId: number) => `/annualInspection/${inspectionId}`
export const annualReportPdfPath = (inspectionId: number) => `/annualInspection/${inspectionId}/pdf`
export const annualDecalPath = (inspectionId: number) => `/annualInspection/${inspectionId}/decal.pdf`
