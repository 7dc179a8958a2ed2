import type { GuarantorReversal } from '@webpay/contracts/payment-reversal';
import { formatUsdIn } from '@webpay/contracts/language';
import { Badge } from '@/components/ui/badge.tsx';
import { cn } from '@/lib/utils.ts';
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

/**
 * `[Refunded] $50.00 on Nov 27, 2026`: the status as a badge beside the
 * amount and the day (the facility's). A screen reader hears the one
 * sentence, "Refunded $50.00 on Nov 27, 2026", not the status twice.
 */
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
  const status = t.statuses[reversal.status];
  const amount = formatUsdIn(language, reversal.amount);
  const date = formatDate(reversal.date);
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-2 gap-y-1', className)}>
      <span className="sr-only">{t.note(status, amount, date)}</span>
      <Badge variant={TONES[reversal.status]} aria-hidden="true">
        {status}
      </Badge>
      <span aria-hidden="true">{t.detail(amount, date)}</span>
    </span>
  );
}
