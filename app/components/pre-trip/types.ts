import type { DamageSideKey, PreInspectionItemKey } from '#catalog/checklists.ts'

/** Browser-safe shapes shared by the pre-trip page, its loader/action and the offline queue. */

export interface RepairTaskView {
  name: string
  description: string | null
  status: string
}

export interface OpenRepairView {
  id: number
  repairIdentifier: string
  createdAt: string
  outOfService: boolean
  tasks: RepairTaskView[]
}

export interface CertifiedRepairView {
  id: number
  repairIdentifier: string
  repairedAt: string
  certifiedBy: string | null
  tasks: RepairTaskView[]
}

export interface PreTripPageData {
  title: string
  userId: number
  vehicle: { id: number; vehicleIdentifier: string; make: string | null; model: string | null; licensePlate: string | null }
  outOfService: boolean
  operatorCompany: { id: number; name: string; timeZone: string }
  /** Today in the operator company's time zone (YYYY-MM-DD). */
  today: string
  lastOdometer: number | null
  openRepairs: OpenRepairView[]
  certifiedRepairs: CertifiedRepairView[]
  /** A fresh key per rendered form: a double submit of one page files once. */
  idempotencyKey: string
  /** Now as the company's wall time (`YYYY-MM-DDTHH:mm`), the time-in default. */
  nowWall: string
}

/** The form's values as typed (strings as in the inputs), the draft and the no-JS answer share them. */
export interface PreTripValues {
  answers: Partial<Record<PreInspectionItemKey, boolean>>
  damage: Record<DamageSideKey, string>
  comments: string
  timeIn: string
  timeOut: string
  odometerStart: string
  odometerEnd: string
  signatureName: string
  acknowledged: number[]
}

export interface PreTripPhoto {
  id: string
  name: string
  blob: Blob
}

/** A draft kept in IndexedDB, per user and vehicle. */
export interface PreTripDraft {
  userId: number
  vehicleId: number
  idempotencyKey: string
  updatedAt: number
  values: PreTripValues
  /** The drawn signature as a PNG data URL ('' when none). */
  signature: string
  sidePhotos: Partial<Record<DamageSideKey, Blob>>
  photos: PreTripPhoto[]
  /** Set when the server refused a queued filing: it came back to the form with its errors. */
  returned?: { formError: string; fieldErrors: Record<string, string> }
}

/** The filing's answer (API.md: 201 `{id, isSatisfactory, repairActionId}`). */
export interface FiledPreTrip {
  id: number
  isSatisfactory: boolean
  repairActionId: number | null
}

export type PreTripActionData =
  | { ok: true; filed: FiledPreTrip; vehicleIdentifier: string }
  | { ok: false; formError: string; fieldErrors: Record<string, string>; values: PreTripValues; idempotencyKey: string }

export const PRE_TRIP_INTENT = 'submitPreInspection'

/** Form field names of the damage photos posted without JavaScript. */
export const sidePhotoField = (side: DamageSideKey) => `photo_${side}`
export const EXTRA_PHOTOS_FIELD = 'photos'
export const ACK_FIELD = 'acknowledgedRepairActionIds'
