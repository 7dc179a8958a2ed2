import { ReceiptText } from 'lucide-react';
import { formatUsd } from '@webpay/contracts/money';
import type { PaymentHistoryItem, PaymentHistoryStatus } from '@webpay/contracts/payment-history';
import { Button } from '@/components/ui/button.tsx';
import { useAppConfig } from '@/config/get-app-config.ts';
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
import { itemDescriptionMessages } from '@/lib/payments/payment-words.messages.ts';
import { describedIn } from '@/lib/payments/payment-items.ts';
import { useFormatDate, useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { paymentTableMessages } from '../payment-history.messages.ts';
import { keepMaskedNumberTogether, paymentMethodText } from '../utils/payment-method.ts';
import { PaymentReversalNote } from '@/components/payment-reversal.tsx';
import { isWhollyReversed } from '@/lib/payments/payment-reversal.ts';
import { PaymentStatusBadge } from './payment-status-badge.tsx';

const COLUMNS = ['date', 'receipt', 'method', 'status', 'items', 'amount'] as const;

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
  const t = useMessages(paymentTableMessages);
  return (
    <div className="md:rounded-xl md:border md:border-border md:bg-surface md:shadow-sm">
      <Table aria-label={t.label}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHead key={column} className={column === 'amount' ? 'text-right' : undefined}>
                {t.columns[column]}
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

/**
 * Pending or applied, and what was given back. A voided or wholly refunded
 * payment has nothing left pending (it is gone from the dashboard too), so
 * its reversal takes the place of the status.
 */
function PaymentStatus({ payment }: { payment: PaymentHistoryItem }) {
  const { reversal } = payment;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      {!isWhollyReversed(reversal) && <PaymentStatusBadge status={payment.status} />}
      {reversal && <PaymentReversalNote reversal={reversal} className="text-sm" />}
    </span>
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
  const t = useMessages(paymentTableMessages);
  const descriptions = useMessages(itemDescriptionMessages);
  // The facility's day, the one the From and To filter counts the payment on.
  const formatDate = useFormatDate(useAppConfig().data?.timeZone);
  const language = useLanguage();
  return (
    <TableRow>
      <TableCell className="text-base font-semibold md:text-sm md:font-medium md:whitespace-nowrap">
        <CellLabel>{t.columns.date}</CellLabel>
        {formatDate(payment.date)}
      </TableCell>
      <TableCell>
        <CellLabel>{t.columns.receipt}</CellLabel>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          // Not disabled while loading: a disabled button drops keyboard focus.
          aria-busy={loading || undefined}
          onClick={() => onOpenReceipt(payment.receiptId, payment.status)}
        >
          {loading ? <Spinner /> : <ReceiptText aria-hidden="true" />}
          <span className="sr-only">{t.viewReceipt}</span>
          {payment.receiptId}
        </Button>
      </TableCell>
      <TableCell className="md:whitespace-nowrap">
        <CellLabel>{t.columns.method}</CellLabel>
        <MethodText text={paymentMethodText(payment, language)} />
      </TableCell>
      <TableCell className="flex-wrap gap-x-2 gap-y-1">
        <CellLabel>{t.columns.status}</CellLabel>
        <PaymentStatus payment={payment} />
      </TableCell>
      <TableCell className="flex-col items-stretch gap-1">
        <CellLabel>{t.columns.items}</CellLabel>
        <ul className="flex flex-col gap-1">
          {payment.items.map((item, index) => (
            <li
              key={`${index}:${item.facilityId}:${item.accountId}`}
              className="flex items-baseline justify-between gap-3"
            >
              <span className="min-w-0 break-words">
                {describedIn(item.description, descriptions)}
              </span>
              <span className="shrink-0 text-muted-foreground tabular-nums">
                {formatUsd(item.amount)}
              </span>
            </li>
          ))}
        </ul>
      </TableCell>
      <TableCell className="md:text-right">
        <CellLabel>{t.columns.amount}</CellLabel>
        <span className="font-semibold tabular-nums">{formatUsd(payment.amount)}</span>
      </TableCell>
    </TableRow>
  );
}

/** On a phone the method sits right of its name; a long one wraps before the masked number, not inside it. */
function MethodText({ text }: { text: string }) {
  return <span className="min-w-0 text-right md:text-left">{keepMaskedNumberTogether(text)}</span>;
}
