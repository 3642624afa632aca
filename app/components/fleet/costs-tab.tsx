import { Link } from '@remix-run/react'
import { ReceiptIcon } from 'lucide-react'
import { FigureCells, FigureHeads, monthLabel } from '#app/components/costs/cost-per-mile-page.tsx'
import { buttonVariants } from '#app/components/ui/button.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { useT } from '#app/utils/i18n.tsx'
import type { VehicleCostHistory } from '#server/costs/cost-per-mile.server.ts'

/** The Costs tab's data: the bus's months (the owner: every payer; an operator: its own costs). */
export type CostsTabData = VehicleCostHistory

/**
 * The fleet panel's Costs tab (issue 36, decision 085): the bus's last 60 months with costs or
 * miles (repairs, services, fuel and energy, miles, cost per mile), newest first, with their
 * totals, and a link to the company's cost per mile.
 */
export function CostsTab({ data, companyId }: { data: CostsTabData | null; companyId: number }) {
  const { t, locale } = useT()
  return (
    <div className="flex flex-col gap-3" data-testid="costs-tab">
      {data && data.months.length > 0 ? (
        <Table aria-label={t('Costs per month')}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('Month')}</TableHead>
              <FigureHeads />
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.months.map((m) => (
              <TableRow key={m.month} data-month={m.month}>
                <TableCell cell="key">
                  <Link to={`/costs/${data.companyId}?month=${m.month}`} className="font-medium text-primary underline-offset-4 hover:underline">
                    {monthLabel(m.month, locale)}
                  </Link>
                </TableCell>
                <FigureCells f={m} currency={data.currency} />
              </TableRow>
            ))}
            <TableRow className="font-semibold">
              <TableCell cell="key">{t('{n} months', { n: data.months.length })}</TableCell>
              <FigureCells f={data.totals} currency={data.currency} />
            </TableRow>
          </TableBody>
        </Table>
      ) : (
        <p className="text-sm text-muted-foreground">{t('No costs or miles recorded for this bus in the last 60 months')}</p>
      )}
      <div>
        <Link to={`/costs/${data?.companyId ?? companyId}`} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          <ReceiptIcon aria-hidden />
          {t('Cost per mile by bus')}
        </Link>
      </div>
    </div>
  )
}
