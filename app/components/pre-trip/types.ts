import type { DamageSideKey, PreInspectionItemKey } from '#catalog/checklists.ts'
import { msg } from '#catalog/i18n.ts'

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
  /** The lease of today's assignment (decision 064): its copy must be carried on the bus. */
  lease?: { id: number; fullySigned: boolean; notice: string } | null
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
  /** The hour meter (issue 35), optional; absent in drafts kept before it existed. */
  engineHours?: string
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

/** The filing's answer (API.md: 201 `{id, isSatisfactory, repairActionId}`; tRPC and the page add the RA code and the out-of-service flag). */
export interface FiledPreTrip {
  id: number
  isSatisfactory: boolean
  repairActionId: number | null
  /** `RA-YYYY-NNNNNN` (decision 063); absent in an answer kept on the phone before it existed. */
  repairIdentifier?: string | null
  /** The repair action put the bus out of service (a safety-critical defect). */
  outOfService?: boolean
  /** The repair action went to the owner's repair shop; false while it waits for the owner to choose one (absent in an older answer kept on the phone). */
  sentToRepairShop?: boolean
}

/** A text's English with its `{name}` placeholders filled: the `t` of code that runs without a page's translations (tests, defaults). */
export function englishText(id: string, values?: Record<string, unknown>): string {
  return values ? id.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole)) : id
}

/** What the driver reads about the repair job a filing opened (decision 063): its RA code, and the bus's state. */
export const FILED_TEXT = {
  repairJob: (filed: Pick<FiledPreTrip, 'repairIdentifier' | 'sentToRepairShop'>, t: (id: string, values?: Record<string, unknown>) => string = englishText) => {
    const code = filed.repairIdentifier
    if (filed.sentToRepairShop === false) {
      return code
        ? t('A repair job was created ({code}). It waits for the owner to choose a repair shop.', { code })
        : t('A repair job was created. It waits for the owner to choose a repair shop.')
    }
    return code ? t('A repair job was created ({code}) and sent to the repair shop.', { code }) : t('A repair job was created and sent to the repair shop.')
  },
  outOfService: msg('This vehicle is now out of service: a safety-critical defect was reported. Do not drive it until the repair is certified.'),
  outOfServiceShort: msg('vehicle out of service'),
} as const

export type PreTripActionData =
  | { ok: true; filed: FiledPreTrip; vehicleIdentifier: string }
  | { ok: false; formError: string | null; fieldErrors: Record<string, string>; values: PreTripValues; idempotencyKey: string }


/** Form field names of the damage photos posted without JavaScript. */
export const sidePhotoField = (side: DamageSideKey) => `photo_${side}`
export const EXTRA_PHOTOS_FIELD = 'photos'
export const ACK_FIELD = 'acknowledgedRepairActionIds'
