import type { GuarantorReversal } from '@webpay/contracts/payment-reversal';
import { formatUsdIn } from '@webpay/contracts/language';
import { Badge } from '@/components/ui/badge.tsx';
import { useFormatDate, useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { paymentReversalMessages } from '@/lib/payments/payment-reversal.messages.ts';

/*
 * A payment given back, told in words beside its badge: the status is read
 * from the text, never from the colour alone.
 */

const TONES: Record<GuarantorReversal['status'], 'neutral' | 'info'> = {
  voided: 'neutral',
  refunded: 'info',
  partially_refunded: 'info',
};

export function PaymentReversalBadge({ reversal }: { reversal: GuarantorReversal }) {
  const t = useMessages(paymentReversalMessages);
  return <Badge variant={TONES[reversal.status]}>{t.statuses[reversal.status]}</Badge>;
}

/** `Refunded $50.00 on Nov 27, 2026`: the date is the facility's day, written as a day. */
export function PaymentReversalNote({
  reversal,
  className,
}: {
  reversal: GuarantorReversal;
  className?: string;
}) {
  const t = useMessages(paymentReversalMessages);
  const language = useLanguage();
  const formatDate = useFormatDate();
  return (
    <span className={className}>
      {t.note(
        t.statuses[reversal.status],
        formatUsdIn(language, reversal.amount),
        formatDate(reversal.date),
      )}
    </span>
  );
}
