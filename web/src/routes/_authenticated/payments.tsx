import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { NoticePage } from '@/components/notice-page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useBranding } from '@/features/config/hooks/use-branding.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

export const Route = createFileRoute('/_authenticated/payments')({
  // SPEC §6: payment history is for the historical-data role only.
  beforeLoad: ({ context }) => {
    if (!context.auth.hasHistoricalDataRole()) throw redirect({ to: '/dashboard' });
  },
  component: PaymentsPage,
});

function PaymentsPage() {
  const { portalName } = useBranding();
  useDocumentTitle(`Payments | ${portalName}`);
  return (
    <NoticePage
      title="Payments"
      actions={
        <Button asChild variant="secondary">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      }
    >
      <p>
        Your payment history will be shown here soon. Payments you make are confirmed with a receipt
        right away.
      </p>
    </NoticePage>
  );
}
