import {
  PAYMENT_HISTORY_STATUS_LABELS,
  type PaymentHistoryStatus,
} from '@webpay/contracts/payment-history';
import { Badge } from '@/components/ui/badge.tsx';

/** Pending: received, not yet posted by the billing office. The word always shows. */
const TONES: Record<PaymentHistoryStatus, 'warning' | 'success'> = {
  pending: 'warning',
  applied: 'success',
};

export function PaymentStatusBadge({ status }: { status: PaymentHistoryStatus }) {
  return <Badge variant={TONES[status]}>{PAYMENT_HISTORY_STATUS_LABELS[status]}</Badge>;
}
