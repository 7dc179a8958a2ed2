import { useId } from 'react';
import { formatCents, formatUsd, type Cents } from '@webpay/contracts/money';
import type { PaymentItem } from '@webpay/contracts/payments';
import { useMessages } from '@/lib/messages.ts';
import { paymentDialogMessages } from '../payments.messages.ts';
import { itemDescriptionMessages } from '@/lib/payments/payment-words.messages.ts';
import { describedIn, paymentTotalCents } from '@/lib/payments/payment-items.ts';

export interface PaymentSummaryProps {
  items: readonly PaymentItem[];
  /** Per item, what is already pending on its account (decision 0016); nothing is shown for 0. */
  pendingCents?: readonly Cents[];
}

/**
 * SPEC §2 Payment dialog: each line's description and amount, with what is
 * already pending on its account, then the total amount.
 */
export function PaymentSummary({ items, pendingCents = [] }: PaymentSummaryProps) {
  const t = useMessages(paymentDialogMessages);
  const descriptions = useMessages(itemDescriptionMessages);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {t.summaryHeading}
      </h3>
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
        {items.map((item, index) => {
          const pending = pendingCents[index] ?? 0;
          return (
            <li
              key={`${item.type}:${item.facilityId}:${item.accountNumber}`}
              className="flex items-baseline justify-between gap-3 px-3 py-2 text-sm"
            >
              <span className="flex min-w-0 flex-col break-words">
                {describedIn(item.description, descriptions)}
                {pending > 0 && (
                  <span className="text-xs text-muted-foreground">
                    {t.alreadyPending(formatCents(pending))}
                  </span>
                )}
              </span>
              <span className="shrink-0 tabular-nums">{formatUsd(item.amount)}</span>
            </li>
          );
        })}
      </ul>
      <p className="flex items-baseline justify-between gap-3 px-3 font-semibold">
        <span>{t.totalAmount}</span>
        <span className="text-lg tabular-nums">{formatCents(paymentTotalCents(items))}</span>
      </p>
    </section>
  );
}
