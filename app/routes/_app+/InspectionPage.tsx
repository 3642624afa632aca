import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { InspectionFiled } from '#app/components/inspections/inspection-form/inspection-filed.tsx'
import { InspectionForm } from '#app/components/inspections/inspection-form/inspection-form.tsx'
import { VehicleFinder, VehicleSummary } from '#app/components/inspections/inspection-form/vehicle-finder.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { inspectionPageAction, inspectionPageLoader } from './inspection-page.server.ts'

/**
 * /InspectionPage: the mechanic's periodic inspection (spec: Operator and Repair shop;
 * PRODUCT.md section 5: active Mechanics file here too). Find the vehicle (identifier or QR),
 * then the 48 items, odometer, photos and signature, filed as one form.
 */
export const loader = (args: LoaderFunctionArgs) => inspectionPageLoader(args)
export const action = (args: ActionFunctionArgs) => inspectionPageAction(args)

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? ''} · Operon` }]

export default function Page() {
  const { title, query, vehicle, lookupError, window, idempotencyKey, inspectorName, qualification } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>()
  const { t } = useT()
  const filed = answer?.ok ? answer.result : null
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-4">
      <PageHeader
        title={title}
        description={t('Periodic inspection by {name}: find the vehicle, answer the 48 items, sign and submit.', { name: inspectorName })}
        className="mb-0"
      />
      {filed ? (
        <InspectionFiled result={filed} />
      ) : (
        <>
          <VehicleFinder query={vehicle ? '' : query} error={lookupError} compact={!!vehicle} />
          {vehicle ? (
            <>
              <VehicleSummary vehicle={vehicle} />
              {vehicle.id !== null && vehicle.related ? (
                // A related shop's mechanic also files the bus's 90-day emergency-exit check (decision 065).
                <Link to={`/emergencyExitCheck/${vehicle.id}`} className="text-sm text-primary underline-offset-4 hover:underline">
                  {t('Emergency exits: file the 90-day check of this vehicle')}
                </Link>
              ) : null}
              <InspectionForm
                vehicle={vehicle}
                window={window}
                idempotencyKey={idempotencyKey}
                qualification={qualification}
                answer={answer && !answer.ok ? { formError: answer.formError ?? null, fieldErrors: answer.fieldErrors ?? {}, values: answer.values ?? null } : null}
              />
            </>
          ) : null}
        </>
      )}
    </div>
  )
}
