import { LoaderCircleIcon, PrinterIcon } from 'lucide-react'
import * as React from 'react'
import { toast } from 'sonner'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { CopyButton } from '#app/components/ui/copy-button.tsx'
import { cn } from '#app/utils/cn.ts'
import { useT } from '#app/utils/i18n.tsx'
import { companyQrPdfPath } from './urls.ts'
import type { CompanyCodeCardData } from './view-types.ts'

function filenameOf(disposition: string | null, fallback: string) {
  const m = disposition?.match(/filename="([^"]+)"/)
  return m?.[1] ?? fallback
}

/**
 * "Print QR": a plain link to the PDF (works without JavaScript). With
 * JavaScript the PDF is fetched in the background so the button can show
 * progress while the server renders it, then saved under the server's name.
 */
function PrintQrButton({ companyId, code }: { companyId: number; code: string }) {
  const href = companyQrPdfPath(companyId)
  const [busy, setBusy] = React.useState(false)
  const { t } = useT()
  const onClick = async (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      const res = await fetch(href, { credentials: 'same-origin' })
      if (!res.ok || !(res.headers.get('content-type') ?? '').includes('application/pdf')) throw new Error(String(res.status))
      const url = URL.createObjectURL(await res.blob())
      const a = document.createElement('a')
      a.href = url
      a.download = filenameOf(res.headers.get('content-disposition'), `${code}.pdf`)
      document.body.appendChild(a)
      a.click()
      a.remove()
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
    } catch {
      toast.error(t('Could not create the QR PDF, please try again'), { duration: 3200 })
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download={`${code}.pdf`} onClick={onClick} aria-busy={busy || undefined} data-testid="print-qr">
        {busy ? <LoaderCircleIcon className="animate-spin" aria-hidden="true" /> : <PrinterIcon aria-hidden="true" />}
        {busy ? t('Preparing PDF…') : t('Print QR')}
      </a>
    </Button>
  )
}

/**
 * The company's code, large and monospace, with its QR (rendered on the
 * server) and a "Print QR" PDF. New staff scan or type the code to ask to join.
 */
export function CompanyCodeCard({ card, className }: { card: CompanyCodeCardData; className?: string }) {
  const { t } = useT()
  const titleId = `company-code-${card.companyId}`
  return (
    <Card className={cn('gap-3 py-4 sm:py-4', className)} aria-labelledby={titleId} role="region" data-testid="company-code-card">
      <CardHeader className="px-4 sm:px-4">
        <CardTitle asChild>
          <h2 id={titleId} className="text-sm">
            {t('Company code')}
          </h2>
        </CardTitle>
        <CardDescription>{card.companyName}</CardDescription>
      </CardHeader>
      <CardContent className="flex items-center gap-4 px-4 sm:px-4">
        <img
          src={card.qr}
          alt={t('QR code of the company code {code}', { code: card.code })}
          width={112}
          height={112}
          className="size-28 shrink-0 rounded-md border bg-white p-1"
          data-testid="company-code-qr"
        />
        <div className="grid min-w-0 gap-2">
          <div className="flex items-center gap-1">
            <span className="font-mono text-lg font-semibold tracking-wide break-all sm:text-2xl sm:tracking-wider" data-testid="company-code">
              {card.code}
            </span>
            <CopyButton text={card.code} label={t('Copy company code')} />
          </div>
          <p className="text-xs text-muted-foreground">{t('Share it: new staff join with this code.')}</p>
          <div>
            <PrintQrButton companyId={card.companyId} code={card.code} />
          </div>
        </div>
      </CardContent>
    </Card>
  )
}

/** The code alone with its copy button, for an empty list's next step ("share your company code"). */
export function CompanyCodeToShare({ code }: { code: string }) {
  const { t } = useT()
  return (
    <p className="flex items-center gap-2 text-sm" data-testid="empty-company-code">
      <span className="text-muted-foreground">{t('Company code')}</span>
      <code className="rounded bg-muted px-2 py-1 font-mono text-base font-semibold">{code}</code>
      <CopyButton text={code} label={t('Copy company code')} />
    </p>
  )
}
