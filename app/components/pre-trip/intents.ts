/** The form intent of the pre-trip page (`/preTrip/{vehicleId}`), shared by the form, its offline queue and the action. */

export const PRE_TRIP_INTENT = 'submitPreInspection'
