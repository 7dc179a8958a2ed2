import { Badge } from '@/components/ui/badge.tsx';
import { useMessages } from '@/lib/messages.ts';
import { useApprovalsCount } from '../api/use-approvals-count.ts';
import { approvalsMessages } from '../payments.messages.ts';

/** The count beside "Payments" and "Approvals", so a supervisor sees at once that someone waits. */
export function ApprovalsBadge() {
  const t = useMessages(approvalsMessages);
  const count = useApprovalsCount();
  if (count === 0) return null;
  return (
    <Badge variant="count" className="ml-1.5">
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">{t.badge(count)}</span>
    </Badge>
  );
}
