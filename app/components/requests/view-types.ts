/** What the vehicle request loaders hand the tables. */

/** A vehicle operation request as the tables show it. */
export interface VehicleRequestView {
  id: number
  vehicleIdentifier: string
  ownerCompanyName: string
  operatorCompanyName: string
  status: string
  /** 'YYYY-MM-DD'. */
  startDate: string
  startDateLabel: string
  /** 'YYYY-MM-DD', or null for an open-ended request. */
  endDate: string | null
  /** "Open-ended" when endDate is null. */
  endDateLabel: string
  /** ISO instant. */
  requestedAt: string
  /** The instant in the company's time zone, e.g. "Mar 4, 2025, 2:30 PM". */
  requestedAtLabel: string
  /** The operator's view of an approved request: its lease (decision 064) and its state's label. */
  lease?: { id: number; label: string } | null
}

/** A list of requests, or the server's message when it could not be read. */
export interface VehicleRequestList {
  companyId: number
  requests: VehicleRequestView[]
  error: string | null
}
