import { createFileRoute } from '@tanstack/react-router';
import { ApprovalsPage } from '../../features/payments/components/approvals-page.tsx';
import { useStaffSession } from '../../lib/staff-session.ts';

export const Route = createFileRoute('/_signed-in/approvals')({
  component: ApprovalsRoute,
});

function ApprovalsRoute() {
  const staff = useStaffSession()?.me?.staff;
  if (!staff) return null;
  return <ApprovalsPage approver={{ role: staff.role, staffId: staff.id }} />;
}
