import { Link } from '@remix-run/react'
import { DownloadIcon, PrinterIcon } from 'lucide-react'
import * as React from 'react'
import { useT } from '#app/utils/i18n.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { useNonce } from '#app/utils/nonce.tsx'

/**
 * A printable page's frame, without the standard layout (decision 006): a toolbar (Print,
 * Download PDF, back) that is not printed, then the document. A4 on paper.
 */
export function PrintPage({
  title,
  pdfHref,
  backHref,
  missing,
  children,
}: {
  title: string
  /** The server-side PDF of this record (absent when the page has no record id). */
  pdfHref?: string | null
  backHref?: string | null
  /** The spec's text when the form or the vehicle did not reach the page. */
  missing?: string | null
  children?: React.ReactNode
}) {
  const { t } = useT()
  const hydrated = useHydrated()
  const nonce = useNonce()
  return (
    <div className="min-h-screen bg-muted/40 print:bg-white">
      <style nonce={nonce} dangerouslySetInnerHTML={{ __html: '@page{size:A4;margin:12mm}' }} />
      <div className="opd-noprint sticky top-0 z-10 border-b bg-background/95 px-3 py-2 print:hidden">
        <div className="mx-auto flex max-w-[210mm] flex-wrap items-center gap-2">
          <h1 className="mr-auto text-base font-semibold">{title}</h1>
          {backHref ? (
            <Link to={backHref} className="rounded-md border px-3 py-1.5 text-sm hover:bg-muted">
              {t('Back')}
            </Link>
          ) : null}
          {hydrated && !missing ? (
            <button type="button" onClick={() => window.print()} className="inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm hover:bg-muted">
              <PrinterIcon aria-hidden="true" className="size-4" />
              {t('Print')}
            </button>
          ) : null}
          {pdfHref && !missing ? (
            <a href={pdfHref} download className="inline-flex items-center gap-1 rounded-md bg-primary px-3 py-1.5 text-sm text-primary-foreground hover:bg-primary/90">
              <DownloadIcon aria-hidden="true" className="size-4" />
              {t('Download PDF')}
            </a>
          ) : null}
        </div>
      </div>
      <main className="mx-auto max-w-[210mm] bg-white py-3 shadow-sm print:py-0 print:shadow-none">
        {missing ? (
          <p role="alert" className="p-6 text-sm">
            {missing}
          </p>
        ) : (
          children
        )}
      </main>
    </div>
  )
}
