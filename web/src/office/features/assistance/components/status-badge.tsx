import type { ApplicationStatus } from '@webpay/contracts/assistance-application';
import { Badge } from '@/components/ui/badge.tsx';
import { useStatusName } from './use-status-name.ts';

type BadgeVariant = 'neutral' | 'success' | 'danger' | 'warning' | 'info';

/** Colours only second the pinned names, which always show. */
const STATUS_BADGES: Record<ApplicationStatus, BadgeVariant> = {
  submitted: 'info',
  in_review: 'info',
  need_information: 'warning',
  approved: 'success',
  denied: 'danger',
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const statusName = useStatusName();
  return <Badge variant={STATUS_BADGES[status]}>{statusName(status)}</Badge>;
}
