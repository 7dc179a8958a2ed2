import { STATEMENT_STATUS_LABELS, type StatementStatus } from '@webpay/contracts/statements';
import { Badge } from '@/components/ui/badge.tsx';
import { STATEMENT_STATUS_TONES } from '../utils/statement-words.ts';

export function StatementStatusBadge({ status }: { status: StatementStatus }) {
  return <Badge variant={STATEMENT_STATUS_TONES[status]}>{STATEMENT_STATUS_LABELS[status]}</Badge>;
}
