import { Link, useNavigation } from '@remix-run/react'
import { PlusIcon } from 'lucide-react'
import * as React from 'react'
import { useTRPC } from '#app/utils/trpc.tsx'
import { useLiveRevalidation } from '#app/utils/use-live-revalidation.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '#app/components/ui/dialog.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { OperatorRequestsTable } from './request-tables.tsx'
import { CREATE_DIALOG_PARAM, VEHICLE_REQUEST_INTENT } from './intents.ts'
import type { CreateRequestResult } from './request-form.ts'
import { REQUEST_PAGE_TEXT } from './texts.ts'
import type { VehicleRequestList } from './view-types.ts'
import { VehicleRequestForm } from './vehicle-request-form.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { msg } from '#catalog/i18n.ts'

const DIALOG_DESCRIPTION = msg('Ask the owner of a vehicle to let your company operate it. Leave the end date empty for an open-ended request.')

/**
 * The body of /operatorRequestPage/{companyId}: "Request vehicle" with a
 * Create request button, the Add vehicle request dialog and the requests
 * table. Without JavaScript, Create request is a link to `?dialog=create`,
 * which shows the same form inline.
 */
export function OperatorRequestPage({
  title,
  today,
  createInline,
  list,
  result,
}: {
  title: string
  today: string
  createInline: boolean
  list: VehicleRequestList
  /** The action's answer to a failed "Send request". */
  result: CreateRequestResult | null
}) {
  const trpc = useTRPC()
  const { t } = useT()
  useLiveRevalidation(trpc.vehicleRequests.byOperator.queryOptions({ operatorCompanyId: list.companyId }))
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const [open, setOpen] = React.useState(false)
  const inline = createInline || (Boolean(result) && !hydrated)

  // Close the dialog once a "Send request" has gone through (the action then redirects, with no answer data).
  const sending = navigation.state === 'submitting' && navigation.formData?.get('intent') === VEHICLE_REQUEST_INTENT.create
  const wasSending = React.useRef(false)
  React.useEffect(() => {
    if (sending) {
      wasSending.current = true
    } else if (navigation.state === 'idle' && wasSending.current) {
      wasSending.current = false
      if (!result) setOpen(false)
    }
  }, [sending, navigation.state, result])

  // A failed "Send request" is said once, in the form (decision 059): no toast on top of it.

  const pageHref = '.'
  const createHref = `?${CREATE_DIALOG_PARAM.name}=${CREATE_DIALOG_PARAM.value}`
  let createButton: React.ReactNode = null
  if (inline) {
    createButton = null
  } else if (hydrated) {
    createButton = (
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button>
            <PlusIcon aria-hidden="true" />
            {t(REQUEST_PAGE_TEXT.createRequest)}
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t(REQUEST_PAGE_TEXT.addVehicleRequest)}</DialogTitle>
            <DialogDescription>{t(DIALOG_DESCRIPTION)}</DialogDescription>
          </DialogHeader>
          <VehicleRequestForm
            idPrefix="request-dialog"
            companyId={list.companyId}
            today={today}
            result={result}
            cancel={
              <DialogClose asChild>
                <Button type="button" variant="outline">
                  {t('Cancel')}
                </Button>
              </DialogClose>
            }
          />
        </DialogContent>
      </Dialog>
    )
  } else {
    createButton = (
      <Button asChild>
        <Link to={createHref}>
          <PlusIcon aria-hidden="true" />
          {t(REQUEST_PAGE_TEXT.createRequest)}
        </Link>
      </Button>
    )
  }

  return (
    <>
      <PageHeader title={title} description={t("Your company's requests to operate owners' vehicles.")} actions={createButton} />
      {inline ? (
        <Card className="mb-6 gap-4" data-testid="add-vehicle-request-inline">
          <CardHeader>
            <CardTitle asChild>
              <h2>{t(REQUEST_PAGE_TEXT.addVehicleRequest)}</h2>
            </CardTitle>
            <p className="text-sm text-muted-foreground">{t(DIALOG_DESCRIPTION)}</p>
          </CardHeader>
          <CardContent>
            <VehicleRequestForm
              idPrefix="request-inline"
              companyId={list.companyId}
              today={today}
              result={result}
              cancel={
                <Button asChild variant="outline">
                  <Link to={pageHref}>{t('Cancel')}</Link>
                </Button>
              }
            />
          </CardContent>
        </Card>
      ) : null}
      <OperatorRequestsTable list={list} />
    </>
  )
}
