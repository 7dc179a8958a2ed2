import { ReceiptText } from 'lucide-react';
import { formatDate } from '@webpay/contracts/dates';
import { formatUsd } from '@webpay/contracts/money';
import type { PaymentHistoryItem, PaymentHistoryStatus } from '@webpay/contracts/payment-history';
import { Button } from '@/components/ui/button.tsx';
import { Spinner } from '@/components/ui/spinner.tsx';
import {
  CellLabel,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table.tsx';
import { paymentMethodText } from '../utils/payment-method.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

const COLUMNS = ['Date', 'Receipt', 'Method', 'Status', 'Items Paid', 'Amount'] as const;

export interface PaymentHistoryTableProps {
  payments: readonly PaymentHistoryItem[];
  /** The receipt being loaded, whose button shows it is busy. */
  loadingReceiptId: string | null;
  onOpenReceipt: (receiptId: string, status: PaymentHistoryStatus) => void;
}

/** Every payment with what it paid; cards on phones. */
export function PaymentHistoryTable({
  payments,
  loadingReceiptId,
  onOpenReceipt,
}: PaymentHistoryTableProps) {
  return (
    <div className="md:rounded-xl md:border md:border-border md:bg-surface md:shadow-sm">
      <Table aria-label="Payments">
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHead key={column} className={column === 'Amount' ? 'text-right' : undefined}>
                {column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {payments.map((payment) => (
            <PaymentRow
              key={payment.receiptId}
              payment={payment}
              loading={loadingReceiptId === payment.receiptId}
              onOpenReceipt={onOpenReceipt}
            />
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function PaymentRow({
  payment,
  loading,
  onOpenReceipt,
}: {
  payment: PaymentHistoryItem;
  loading: boolean;
  onOpenReceipt: (receiptId: string, status: PaymentHistoryStatus) => void;
}) {
  return (
    <TableRow>
      <TableCell className="text-base font-semibold md:text-sm md:font-medium md:whitespace-nowrap">
        <CellLabel>{COLUMNS[0]}</CellLabel>
        {formatDate(payment.date)}
      </TableCell>
      <TableCell>
        <CellLabel>{COLUMNS[1]}</CellLabel>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          // Not disabled while loading: a disabled button drops keyboard focus.
          aria-busy={loading || undefined}
          onClick={() => onOpenReceipt(payment.receiptId, payment.status)}
        >
          {loading ? <Spinner /> : <ReceiptText aria-hidden="true" />}
          <span className="sr-only">View receipt </span>
          {payment.receiptId}
        </Button>
      </TableCell>
      <TableCell className="md:whitespace-nowrap">
        <CellLabel>{COLUMNS[2]}</CellLabel>
        {paymentMethodText(payment)}
      </TableCell>
      <TableCell>
        <CellLabel>{COLUMNS[3]}</CellLabel>
        <PaymentStatusBadge status={payment.status} />
      </TableCell>
      <TableCell className="flex-col items-stretch gap-1">
        <CellLabel>{COLUMNS[4]}</CellLabel>
        <ul className="flex flex-col gap-1">
          {payment.items.map((item, index) => (
            <li
              key={`${index}:${item.facilityId}:${item.accountId}`}
              className="flex items-baseline justify-between gap-3"
            >
              <span className="min-w-0 break-words">{item.description}</span>
              <span className="shrink-0 text-muted-foreground tabular-nums">
                {formatUsd(item.amount)}
              </span>
            </li>
          ))}
        </ul>
      </TableCell>
      <TableCell className="md:text-right">
        <CellLabel>{COLUMNS[5]}</CellLabel>
        <span className="font-semibold tabular-nums">{formatUsd(payment.amount)}</span>
      </TableCell>
    </TableRow>
  );
}
