import { useId } from 'react';
import { formatCents, formatUsd } from '@webpay/contracts/money';
import type { PaymentItem } from '@webpay/contracts/payments';
import { useMessages } from '@/lib/messages.ts';
import { itemDescriptionMessages, paymentDialogMessages } from '../payments.messages.ts';
import { describedIn, paymentTotalCents } from '../utils/payment-items.ts';

/** SPEC §2 Payment dialog: each line's description and amount, then the total amount. */
export function PaymentSummary({ items }: { items: readonly PaymentItem[] }) {
  const t = useMessages(paymentDialogMessages);
  const descriptions = useMessages(itemDescriptionMessages);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-sm font-semibold">
        {t.summaryHeading}
      </h3>
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
        {items.map((item) => (
          <li
            key={`${item.type}:${item.facilityId}:${item.accountNumber}`}
            className="flex items-baseline justify-between gap-3 px-3 py-2 text-sm"
          >
            <span className="min-w-0 break-words">
              {describedIn(item.description, descriptions)}
            </span>
            <span className="shrink-0 tabular-nums">{formatUsd(item.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="flex items-baseline justify-between gap-3 px-3 font-semibold">
        <span>{t.totalAmount}</span>
        <span className="text-lg tabular-nums">{formatCents(paymentTotalCents(items))}</span>
      </p>
    </section>
  );
}
