import { Form, Link, useSubmit } from '@remix-run/react'
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import * as React from 'react'
import { Button, buttonVariants } from '#app/components/ui/button.tsx'
import { cn } from '#app/utils/cn.ts'
import { useT } from '#app/utils/i18n.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'

/** First, last, and the pages around the current one, with gaps: 1 … 4 5 6 … 20. */
export function pageWindow(page: number, count: number): (number | 'gap')[] {
  const wanted = [...new Set([1, count, page - 1, page, page + 1].filter((p) => p >= 1 && p <= count))].sort((a, b) => a - b)
  const out: (number | 'gap')[] = []
  wanted.forEach((p, i) => {
    if (i > 0 && p - wanted[i - 1]! > 1) out.push('gap')
    out.push(p)
  })
  return out
}

/**
 * Paging done on the server (spec: page sizes 10, 20, 30): a page-size form
 * and page links, so it works without JavaScript; with it, the size applies
 * on change. `hrefFor` builds each page's URL (keeping the page's filters);
 * `keep` are the other search params the page-size form must carry along.
 */
export function ServerPagination({
  page,
  pageSize,
  pageCount,
  total,
  pageSizes,
  hrefFor,
  keep = [],
  label,
  noun,
  id,
  countTestId,
}: {
  page: number
  pageSize: number
  pageCount: number
  total: number
  pageSizes: readonly number[]
  hrefFor: (page: number) => string
  keep?: [string, string][]
  /** "Fleet pages", "Employees pages" (already translated). */
  label: string
  /** "vehicles", "employees" (already translated): "No {noun}". */
  noun: string
  id: string
  countTestId?: string
}) {
  const { t } = useT()
  const hydrated = useHydrated()
  const submit = useSubmit()
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  const step = (target: number, content: React.ReactNode, aria: string) =>
    target < 1 || target > pageCount ? (
      <span aria-disabled="true" className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'pointer-events-none opacity-50')}>
        {content}
      </span>
    ) : (
      <Link to={hrefFor(target)} aria-label={aria} preventScrollReset className={buttonVariants({ variant: 'outline', size: 'sm' })}>
        {content}
      </Link>
    )
  return (
    <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <Form
        method="get"
        preventScrollReset
        className="flex items-center gap-2 text-sm"
        onChange={(e) => hydrated && submit(e.currentTarget, { preventScrollReset: true, replace: true })}
      >
        {keep.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <label htmlFor={id}>{t('Rows per page')}</label>
        <select
          id={id}
          name="pageSize"
          defaultValue={pageSize}
          key={pageSize}
          className="h-8 rounded-md border border-input bg-transparent px-2 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          {pageSizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        {hydrated ? null : (
          <Button type="submit" variant="outline" size="sm">
            {t('Apply')}
          </Button>
        )}
      </Form>
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid={countTestId}>
        {total === 0 ? t('No {noun}', { noun }) : t('Showing {first}–{last} of {total}', { first, last, total })}
      </p>
      <nav aria-label={label} className="flex flex-wrap items-center gap-1">
        {step(page - 1, <ChevronLeftIcon aria-hidden="true" />, t('Previous page'))}
        {pageWindow(page, pageCount).map((p, i) =>
          p === 'gap' ? (
            <span key={`gap-${i}`} className="px-1 text-muted-foreground" aria-hidden="true">
              …
            </span>
          ) : (
            <Link
              key={p}
              to={hrefFor(p)}
              preventScrollReset
              aria-current={p === page ? 'page' : undefined}
              aria-label={t('Page {page}', { page: p })}
              className={buttonVariants({ variant: p === page ? 'default' : 'outline', size: 'sm' })}
            >
              {p}
            </Link>
          ),
        )}
        {step(page + 1, <ChevronRightIcon aria-hidden="true" />, t('Next page'))}
      </nav>
    </div>
  )
}
