import { Clock } from 'lucide-react';
import type { PendingPayment } from '@webpay/contracts/encounters';
import { formatCents, formatUsd, sumCents, toCents } from '@webpay/contracts/money';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover.tsx';
import { useFormatDate } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { dashboardMessages } from '../dashboard.messages.ts';

export interface PendingPaymentsMarkerProps {
  /** What the payments were for, e.g. '107-40010001', so each marker has its own name. */
  itemLabel: string;
  pendingPayments: readonly PendingPayment[] | undefined;
}

/**
 * SPEC §2: payments received but not yet applied, beside the balance they will
 * reduce. The popover lists each one with their total.
 */
export function PendingPaymentsMarker({ itemLabel, pendingPayments }: PendingPaymentsMarkerProps) {
  const t = useMessages(dashboardMessages);
  const formatDate = useFormatDate();
  if (!pendingPayments?.length) return null;
  const words = t.pendingPayments;
  const totalCents = sumCents(pendingPayments.map((payment) => toCents(payment.amount)));
  return (
    <Popover>
      <PopoverTrigger
        aria-label={words.markerName(itemLabel, formatCents(totalCents))}
        className="inline-flex min-h-8 cursor-pointer items-center gap-1 rounded-full bg-warning-soft px-2 py-0.5 text-xs font-semibold text-warning-soft-foreground hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Clock aria-hidden="true" className="size-3.5" />
        {words.marker(formatCents(totalCents))}
      </PopoverTrigger>
      <PopoverContent aria-label={words.popoverName(itemLabel)}>
        <h3 className="mb-1 font-semibold">{t.labels.pendingPayments}</h3>
        <p className="mb-3 text-muted-foreground">{words.received(itemLabel)}</p>
        <ul className="flex max-h-[300px] flex-col divide-y divide-border overflow-y-auto">
          {pendingPayments.map((payment) => (
            <li key={payment.receiptId} className="flex items-baseline justify-between gap-3 py-2">
              <span className="flex flex-col">
                <span className="font-medium">{payment.receiptId}</span>
                <span className="text-muted-foreground">{formatDate(payment.date)}</span>
              </span>
              <span className="tabular-nums">{formatUsd(payment.amount)}</span>
            </li>
          ))}
        </ul>
        <p className="mt-2 flex justify-between border-t border-border pt-2 font-semibold">
          <span>{words.total}</span>
          <span className="tabular-nums">{formatCents(totalCents)}</span>
        </p>
      </PopoverContent>
    </Popover>
  );
}
