import type { DeskPaymentStatus, ReversalStatus } from '@webpay/contracts/payment-desk';
import { Badge } from '@/components/ui/badge.tsx';
import { REVERSAL_BADGES, STATUS_BADGES, useDeskLabels } from '../utils/labels.ts';

export function PaymentStatusBadge({ status }: { status: DeskPaymentStatus }) {
  const labels = useDeskLabels();
  return <Badge variant={STATUS_BADGES[status]}>{labels.status[status]}</Badge>;
}

export function ReversalStatusBadge({ status }: { status: ReversalStatus }) {
  const labels = useDeskLabels();
  return <Badge variant={REVERSAL_BADGES[status]}>{labels.reversalStatus[status]}</Badge>;
}
