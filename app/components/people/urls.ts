/** The companies-and-people pages' paths. */

/** The URL of the company code's printable PDF. */
export function companyQrPdfPath(companyId: number) {
  return `/company/${companyId}/qr.pdf`
}

/** The company settings page. */
export function companySettingsPath(companyId: number) {
  return `/company/${companyId}/settings`
}
