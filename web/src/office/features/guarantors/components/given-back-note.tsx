import type { GuarantorReversal } from '@webpay/contracts/payment-reversal';
import { toCents } from '@webpay/contracts/money';
import { useMessages } from '@/lib/messages.ts';
import { paymentReversalMessages } from '@/lib/payments/payment-reversal.messages.ts';
import { useFormat } from '../../../lib/use-format.ts';

/**
 * What was given back of a payment (voided, refunded, refunded in part), with
 * how much and when, in the sentence the portal shows the guarantor; nothing
 * while nothing was.
 */
export function GivenBackNote({ reversal }: { reversal: GuarantorReversal | null | undefined }) {
  const t = useMessages(paymentReversalMessages);
  const format = useFormat();
  if (!reversal) return null;
  return (
    <span className="block text-xs text-muted-foreground">
      {t.note(
        t.statuses[reversal.status],
        format.cents(toCents(reversal.amount)),
        format.date(reversal.date),
      )}
    </span>
  );
}
