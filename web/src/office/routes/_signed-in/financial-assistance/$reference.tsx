import { createFileRoute } from '@tanstack/react-router';
import { CasePage } from '../../../features/assistance/components/case-page.tsx';
import { useStaffSession } from '../../../lib/staff-session.ts';

export const Route = createFileRoute('/_signed-in/financial-assistance/$reference')({
  component: CaseRoute,
});

function CaseRoute() {
  const { reference } = Route.useParams();
  const staffId = useStaffSession()?.me?.staff.id;
  if (!staffId) return null;
  return <CasePage reference={reference} staffId={staffId} />;
}
