import { createFileRoute } from '@tanstack/react-router';
import { PaymentPageView } from '../../../features/payments/components/payment-page.tsx';
import { useStaffSession } from '../../../lib/staff-session.ts';

export const Route = createFileRoute('/_signed-in/payments/$paymentId')({
  component: PaymentRoute,
});

function PaymentRoute() {
  const { paymentId } = Route.useParams();
  const staff = useStaffSession()?.me?.staff;
  if (!staff) return null;
  return (
    <PaymentPageView paymentId={paymentId} approver={{ role: staff.role, staffId: staff.id }} />
  );
}
