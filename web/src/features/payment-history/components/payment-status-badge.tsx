import type { PaymentHistoryStatus } from '@webpay/contracts/payment-history';
import { Badge } from '@/components/ui/badge.tsx';
import { useMessages } from '@/lib/messages.ts';
import { paymentTableMessages } from '../payment-history.messages.ts';

/** Pending: received, not yet posted by the billing office. The word always shows. */
const TONES: Record<PaymentHistoryStatus, 'warning' | 'success'> = {
  pending: 'warning',
  applied: 'success',
};

export function PaymentStatusBadge({ status }: { status: PaymentHistoryStatus }) {
  const t = useMessages(paymentTableMessages);
  return <Badge variant={TONES[status]}>{t.statuses[status]}</Badge>;
}
