/** The form intents of the vehicle request pages (/operatorRequestPage/{companyId}, /ownerRequestPage/{companyId}). */

export const VEHICLE_REQUEST_INTENT = {
  create: 'createVehicleRequest',
  cancel: 'cancelVehicleRequest',
  approve: 'approveVehicleRequest',
  reject: 'rejectVehicleRequest',
} as const

export type VehicleRequestIntent = (typeof VEHICLE_REQUEST_INTENT)[keyof typeof VEHICLE_REQUEST_INTENT]

/** `?dialog=create`: the Add vehicle request form inline (the way in without JavaScript). */
export const CREATE_DIALOG_PARAM = { name: 'dialog', value: 'create' } as const
