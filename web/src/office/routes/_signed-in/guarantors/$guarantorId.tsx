import { createFileRoute } from '@tanstack/react-router';
import { GuarantorPageView } from '../../../features/guarantors/components/guarantor-page.tsx';
import { useStaffSession } from '../../../lib/staff-session.ts';

export const Route = createFileRoute('/_signed-in/guarantors/$guarantorId')({
  component: GuarantorRoute,
});

function GuarantorRoute() {
  const { guarantorId } = Route.useParams();
  const role = useStaffSession()?.me?.staff.role;
  if (!role) return null;
  return <GuarantorPageView guarantorId={guarantorId} role={role} />;
}
