import { createFileRoute, redirect } from '@tanstack/react-router';
import { staffCan } from '@webpay/contracts/office';
import { StaffPage } from '../../features/staff/components/staff-page.tsx';

export const Route = createFileRoute('/_signed-in/staff')({
  // Admins only; the link is hidden from others, and the service refuses them (403).
  beforeLoad: ({ context }) => {
    const role = context.session.get()?.me?.staff.role;
    if (!role || !staffCan(role, 'administer')) throw redirect({ to: '/' });
  },
  component: StaffPage,
});
