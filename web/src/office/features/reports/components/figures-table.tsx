import type { MoneyFigures } from '@webpay/contracts/payment-desk';
import { Table, TableBody, TableHeader, TableRow } from '@/components/ui/table.tsx';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { Td, Th } from '../../../components/page-parts.tsx';
import { useFormat } from '../../../lib/use-format.ts';
import { reportsMessages } from '../reports.messages.ts';

export interface FigureRow extends MoneyFigures {
  key: string;
  label: string;
}

const NUMBER = 'text-right tabular-nums';

/** A row's name cell: the header of its row, for assistive technology. */
function RowHeader({ children, className }: { children: string; className?: string }) {
  return (
    <th
      scope="row"
      role="rowheader"
      className={cn('px-2 py-1.5 text-left text-sm font-medium', className)}
    >
      {children}
    </th>
  );
}

/** A row's figures; net stands out in a day's row, and is as bold as the rest in the total's. */
function FigureCells({ figures, total = false }: { figures: MoneyFigures; total?: boolean }) {
  const format = useFormat();
  return (
    <>
      <Td className={NUMBER}>{figures.paymentsCount}</Td>
      <Td className={NUMBER}>{format.cents(figures.paymentsCents)}</Td>
      <Td className={NUMBER}>{figures.refundsCount}</Td>
      <Td className={NUMBER}>{format.cents(figures.refundsCents)}</Td>
      <Td className={cn(NUMBER, total ? 'font-semibold' : 'font-medium')}>
        {format.cents(figures.netCents)}
      </Td>
    </>
  );
}

/** The figures a chart draws, as a table: one row per day, method or facility, and the total. */
export function FiguresTable({
  caption,
  firstColumn,
  rows,
  totals,
}: {
  caption: string;
  firstColumn: string;
  rows: FigureRow[];
  totals: MoneyFigures;
}) {
  const t = useMessages(reportsMessages);
  return (
    <Table>
      <caption className="mb-1 text-left text-sm text-muted-foreground">{caption}</caption>
      <TableHeader>
        <TableRow>
          <Th>{firstColumn}</Th>
          <Th className={NUMBER}>{t.paymentsCount}</Th>
          <Th className={NUMBER}>{t.payments}</Th>
          <Th className={NUMBER}>{t.refundsCount}</Th>
          <Th className={NUMBER}>{t.refunds}</Th>
          <Th className={NUMBER}>{t.net}</Th>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.key}>
            <RowHeader>{row.label}</RowHeader>
            <FigureCells figures={row} />
          </TableRow>
        ))}
        <TableRow className="font-semibold md:border-t-2 md:border-border">
          <RowHeader className="font-semibold">{t.total}</RowHeader>
          <FigureCells figures={totals} total />
        </TableRow>
      </TableBody>
    </Table>
  );
}
