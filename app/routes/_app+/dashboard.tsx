import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react'
import { Building2, UserRoundPen, UserRoundX } from 'lucide-react'
import { DriverView, MechanicView, ViewToggle } from '#app/components/dashboard/personal-views.tsx'
import { PersonalWelcome } from '#app/components/dashboard/personal-welcome.tsx'
import { MyBuses } from '#app/components/pre-trip/my-buses.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import type { loader as layoutLoader } from '#app/routes/_app+/_layout.tsx'
import { dashboardLoader } from '#app/routes/_app+/dashboard.server.ts'
import { useT } from '#app/utils/i18n.tsx'

export const loader = (args: LoaderFunctionArgs) => dashboardLoader(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const data = useLoaderData<typeof loader>()
  const { title, userId, view, isDriver, isMechanic, driver, mechanic, buses } = data
  const { t } = useT()
  const profileComplete = useRouteLoaderData<typeof layoutLoader>('routes/_app+/_layout')?.profileComplete ?? true
  return (
    <>
      <PageHeader title={title} />
      <div className="grid min-w-0 gap-6">
        {profileComplete ? null : <CompleteProfileCall />}
        <PersonalWelcome name={data.name} firstName={data.firstName} lastName={data.lastName} photo={data.photo} daysOnOperon={data.daysOnOperon} />
        {data.managedCompanies.length ? <ManagedCompanies companies={data.managedCompanies} /> : null}
        {view === null ? (
          <EmptyState icon={UserRoundX} title={t('You have not yet been assigned the driver or mechanic roles.')} titleAs="p" data-testid="no-roles" />
        ) : (
          <ViewToggle view={view} isDriver={isDriver} isMechanic={isMechanic} />
        )}
        {/* The driver's task first (start the pre-trip in the yard), then the figures. */}
        {view === 'driver' && data.driverRecords.length ? <MyDriverRecords records={data.driverRecords} /> : null}
        {view === 'driver' ? <MyBuses userId={userId} buses={buses} total={data.busesTotal} search={data.busSearch} companyId={driver?.companyId ?? null} /> : null}
        {view === 'driver' && driver ? (
          <DriverView stats={driver.stats} activity={driver.activity} companies={data.driverCompanies} companyId={driver.companyId} />
        ) : null}
        {view === 'mechanic' && mechanic ? <MechanicView stats={mechanic.stats} activity={mechanic.activity} /> : null}
      </div>
    </>
  )
}

/**
 * The driver's own records at each operator company (issue 37): an expired license or medical
 * certificate said plainly, what expires within 30 days, and the links to the duty screen and the file.
 */
function MyDriverRecords({
  records,
}: {
  records: { companyId: number; companyName: string; expired: string[]; dueSoon: string[]; dutyUrl: string; fileUrl: string }[]
}) {
  const { t } = useT()
  return (
    <section aria-labelledby="my-driver-records" className="grid gap-3 rounded-lg border bg-card p-4" data-testid="my-driver-records">
      <h2 id="my-driver-records" className="text-base font-semibold">
        {t('My driver records')}
      </h2>
      <ul className="grid gap-3">
        {records.map((r) => (
          <li key={r.companyId} className="grid gap-1" data-testid={`my-driver-records-${r.companyId}`}>
            <p className="font-medium break-words">{r.companyName}</p>
            {r.expired.map((text) => (
              <p key={text} role="alert" className="rounded-md border border-destructive bg-destructive/10 px-3 py-2 text-sm font-semibold text-destructive">
                {text}
              </p>
            ))}
            {r.dueSoon.map((text) => (
              <p key={text} className="text-sm text-amber-700 dark:text-amber-400">
                {text}
              </p>
            ))}
            <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              <Link to={r.dutyUrl} className="font-medium underline underline-offset-4">
                {t('My duty status')}
              </Link>
              <Link to={r.fileUrl} className="font-medium underline underline-offset-4">
                {t('My driver file')}
              </Link>
            </p>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The companies the caller manages, each with a link to its pages: a new manager's way to the company just created. */
function ManagedCompanies({ companies }: { companies: { id: number; name: string; to: string }[] }) {
  const { t } = useT()
  return (
    <section aria-labelledby="managed-companies" className="grid gap-2 rounded-lg border bg-card p-4" data-testid="managed-companies">
      <h2 id="managed-companies" className="flex items-center gap-2 font-semibold">
        <Building2 className="size-5 text-primary" aria-hidden="true" /> {t('Your companies')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('Manage each company from its pages: open it here, or from the menu.')}</p>
      <ul className="flex flex-wrap gap-2">
        {companies.map((c) => (
          <li key={c.id} className="min-w-0">
            <Button asChild variant="outline" className="h-auto min-h-11 max-w-full whitespace-normal break-words">
              <Link to={c.to}>{t('Open {company}', { company: c.name })}</Link>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** The first run's next step (issue 12, decision 058): shown while the profile lacks a required field. */
function CompleteProfileCall() {
  const { t } = useT()
  return (
    <section
      aria-labelledby="complete-profile-call"
      className="flex flex-col gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="dashboard-complete-profile"
    >
      <div className="flex items-start gap-3">
        <UserRoundPen className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <div>
          <h2 id="complete-profile-call" className="font-semibold">
            {t('Complete your profile')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('Your companies need your date of birth, phone number and where you live. It takes a minute.')}</p>
        </div>
      </div>
      <Button asChild className="shrink-0">
        <Link to="/completeProfile">{t('Complete your profile')}</Link>
      </Button>
    </section>
  )
}
