import { BuildingIcon, IdCardIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { ExpiryBadge } from '#app/components/ui/expiry-badge.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { licenseTypeName } from '#catalog/license-types.ts'
import { useT } from '#app/utils/i18n.tsx'

export interface LicenseView {
  licenseTypeId: number
  licenseNumber: string
  state: string | null
  expiryDate: string | null
}

export interface CompanyView {
  companyId: number
  companyName: string
  companyIdentifier: string
  /** Role labels ("Repair shop"; "Unknown" for a name not in the catalogue). */
  roles: string[]
}

/** Spec: license type (catalogue name), number, state, expiration with the expiry warning. */
export function LicensesCard({ licenses, today }: { licenses: LicenseView[]; today: string }) {
  const { t } = useT()
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('Licenses')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {licenses.length === 0 ? (
          <EmptyState
            icon={IdCardIcon}
            titleAs="h3"
            title={t('No licenses yet')}
            description={t('Add your driver licenses and endorsements with “Edit profile” so your companies see when they expire.')}
          />
        ) : (
          <>
            {/* Phones: one card per license, so the expiration is seen without scrolling sideways. */}
            <ul className="grid grid-cols-1 gap-3 sm:hidden" aria-label={t('Licenses')}>
              {licenses.map((l, i) => (
                <li key={`${l.licenseTypeId}-${l.licenseNumber}-${i}`} className="grid min-w-0 gap-1 rounded-lg border p-3 text-sm">
                  <p className="font-medium">{t(licenseTypeName(l.licenseTypeId))}</p>
                  <p>
                    {l.licenseNumber}
                    {l.state ? <span className="text-muted-foreground"> · {l.state}</span> : null}
                  </p>
                  <p className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
                    <span className="text-muted-foreground">{t('Expires')}</span>
                    <ExpiryBadge date={l.expiryDate} today={today} showLabel />
                  </p>
                </li>
              ))}
            </ul>
            <Table
              containerProps={{ role: 'region', 'aria-label': t('Licenses'), className: 'hidden sm:block' }}
              data-testid="licenses-table"
            >
              <TableHeader>
                <TableRow>
                  <TableHead>{t('License type')}</TableHead>
                  <TableHead>{t('License number')}</TableHead>
                  <TableHead>{t('State')}</TableHead>
                  <TableHead>{t('Expiration')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {licenses.map((l, i) => (
                  <TableRow key={`${l.licenseTypeId}-${l.licenseNumber}-${i}`}>
                    <TableCell cell="key" className="font-medium">{t(licenseTypeName(l.licenseTypeId))}</TableCell>
                    <TableCell label={t('License number')}>{l.licenseNumber}</TableCell>
                    <TableCell label={t('State')}>{l.state ?? '—'}</TableCell>
                    <TableCell label={t('Expiration')}>
                      <ExpiryBadge date={l.expiryDate} today={today} showLabel />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </CardContent>
    </Card>
  )
}

/** Spec: "My companies" with the user's roles there. */
export function CompaniesCard({ companies, children }: { companies: CompanyView[]; children?: ReactNode }) {
  const { t } = useT()
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle asChild>
          <h2>{t('My companies')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {companies.length === 0 ? (
          <EmptyState
            icon={BuildingIcon}
            titleAs="h3"
            title={t('No companies yet')}
            description={t('Ask your company for its company code and send a join request below, or create your company; your roles show here once accepted.')}
          />
        ) : (
          <ul className="divide-y rounded-lg border" aria-label={t('My companies')}>
            {companies.map((c) => (
              <li key={c.companyId} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-medium break-words">{c.companyName}</p>
                  <p className="text-xs text-muted-foreground">{c.companyIdentifier}</p>
                </div>
                <div className="flex flex-wrap gap-1.5">
                  {c.roles.map((r) => (
                    <Badge key={r} variant="secondary">
                      {t(r)}
                    </Badge>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
        {children ? <div className="mt-6 space-y-6">{children}</div> : null}
      </CardContent>
    </Card>
  )
}
