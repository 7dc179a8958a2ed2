import type { ReactNode, Ref } from 'react';
import {
  CellLabel,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table.tsx';
import type { Payable } from '@/lib/payments/payment-items.ts';
import { useFormatDate } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { cn } from '@/lib/utils.ts';
import { dashboardMessages } from '../dashboard.messages.ts';
import { RowAmountControls } from './row-amount-controls.tsx';
import { ShowMoreRows, type ShowMoreRowsProps } from './show-more-rows.tsx';

const EMPTY_CLASS = 'justify-center py-6 text-muted-foreground md:text-center';

/** A column header; `className` aligns it with its cells. */
export interface DashboardColumn {
  label: ReactNode;
  className?: string;
}

export interface DashboardTableProps {
  /** The id of the section's heading, which names both the section and the table. */
  headingId: string;
  /** The heading itself, an `h2` with `headingId`, and anything beside it. */
  heading: ReactNode;
  columns: readonly DashboardColumn[];
  bodyRef: Ref<HTMLTableSectionElement>;
  /** Shown across the table, instead of rows, when there are none; centred unless told. */
  empty: { message: ReactNode; className?: string } | null;
  /** The rows shown so far and the button for more. */
  moreRows: ShowMoreRowsProps;
  children: ReactNode;
}

/**
 * SPEC §2 dashboard tables: a titled section holding a framed table (cards on
 * a phone, a table from `md` up), its empty message and "show more" below.
 */
export function DashboardTable({
  headingId,
  heading,
  columns,
  bodyRef,
  empty,
  moreRows,
  children,
}: DashboardTableProps) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      {heading}
      <div className="md:rounded-xl md:border md:border-border md:bg-surface md:shadow-sm">
        <Table aria-labelledby={headingId}>
          <TableHeader>
            <TableRow>
              {columns.map((column, index) => (
                <TableHead key={index} className={column.className}>
                  {column.label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody ref={bodyRef}>
            {empty ? (
              <TableRow>
                <TableCell colSpan={columns.length} className={empty.className ?? EMPTY_CLASS}>
                  {empty.message}
                </TableCell>
              </TableRow>
            ) : (
              children
            )}
          </TableBody>
        </Table>
      </div>
      <ShowMoreRows {...moreRows} />
    </section>
  );
}

/** The plain heading of a dashboard table's section. */
export function DashboardTableHeading({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-lg font-semibold">
      {children}
    </h2>
  );
}

/** A cell that shows its column's name beside the value on a phone, where there is no header. */
export function LabelledCell({
  label,
  className,
  children,
}: {
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <TableCell className={className}>
      <CellLabel>{label}</CellLabel>
      {children}
    </TableCell>
  );
}

/** A date cell's text: the date in the reader's language, or a dash when there is none. */
export function OptionalDate({ date }: { date: string | null | undefined }) {
  const formatDate = useFormatDate();
  return <>{date ? formatDate(date) : '—'}</>;
}

export interface PaymentAmountCellProps {
  payable: Payable;
  /** The row's number, which names its field and buttons. */
  label: string;
  value: string;
  onAmountChange: (key: string, value: string) => void;
  error?: string;
  className?: string;
  /** What sits above the field, e.g. a plan's pending payments marker. */
  above?: ReactNode;
}

/** SPEC §2 Dashboard (the Payment Amount column): the row's amount field and its buttons. */
export function PaymentAmountCell({
  payable,
  label,
  value,
  onAmountChange,
  error,
  className,
  above,
}: PaymentAmountCellProps) {
  const t = useMessages(dashboardMessages);
  const controls = (
    <RowAmountControls
      payable={payable}
      label={label}
      value={value}
      onValueChange={onAmountChange}
      error={error}
    />
  );
  return (
    // On a phone the name sits above and the field keeps to the right, as in every tab.
    <LabelledCell
      label={t.columns.paymentAmount}
      className={cn('flex-col items-stretch gap-1.5', className)}
    >
      {above !== undefined ? (
        <div className="flex flex-col items-end gap-2">
          {above}
          {controls}
        </div>
      ) : (
        controls
      )}
    </LabelledCell>
  );
}
