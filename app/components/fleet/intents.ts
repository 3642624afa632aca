/** The fleet pages' form intents (`/fleet/{companyId}`, `/fleetOperator/{companyId}`), shared by the components and the action. */

export const FLEET_INTENT = {
  add: 'addVehicle',
  edit: 'updateVehicle',
  delete: 'deleteVehicle',
  vinLookup: 'vinLookup',
  endAssignment: 'endAssignment',
  reviewInspection: 'reviewInspection',
} as const

/** The odometer correction on the vehicle's Odometer history tab. */
export const ODOMETER_INTENT = 'correctOdometer'

/** The engine-hours forms under the odometer history (issue 35): the owner's entry and correction / reset. */
export const ENGINE_HOURS_INTENT = { record: 'recordEngineHours', correct: 'correctEngineHours' } as const
