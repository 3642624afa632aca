/** The fleet pages' paths: the page of a scope, a vehicle's QR, picture and QR sheet. */

export type FleetScope = 'owner' | 'operator'

export function fleetPath(scope: FleetScope, companyId: number) {
  return scope === 'owner' ? `/fleet/${companyId}` : `/fleetOperator/${companyId}`
}

/** The vehicle's QR (an SVG image of its link), cached by the browser. */
export const vehicleQrPath = (vehicleId: number) => `/vehicles/${vehicleId}/qr.svg`

export const vehicleImagePath = (vehicleId: number, version?: number | null) => `/vehicles/${vehicleId}/image${version ? `?v=${version}` : ''}`

export const vehicleQrPdfPath = (vehicleId: number) => `/vehicles/${vehicleId}/qr.pdf`

// Filters ----------------------------------------------------------------------------------
