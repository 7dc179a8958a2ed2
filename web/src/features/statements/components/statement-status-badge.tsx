import type { StatementStatus } from '@webpay/contracts/statements';
import { Badge } from '@/components/ui/badge.tsx';
import { useMessages } from '@/lib/messages.ts';
import { statementsMessages } from '../statements.messages.ts';
import { STATEMENT_STATUS_TONES } from '../utils/statement-words.ts';

export function StatementStatusBadge({ status }: { status: StatementStatus }) {
  const t = useMessages(statementsMessages);
  return <Badge variant={STATEMENT_STATUS_TONES[status]}>{t.statuses[status]}</Badge>;
}
