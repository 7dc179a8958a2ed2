import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { NoticePage } from '@/components/notice-page.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useBranding } from '@/features/config/hooks/use-branding.ts';
import { useDocumentTitle } from '@/lib/use-document-title.ts';

export const Route = createFileRoute('/_authenticated/statements')({
  // SPEC §6: statements are for the historical-data role only.
  beforeLoad: ({ context }) => {
    if (!context.auth.hasHistoricalDataRole()) throw redirect({ to: '/dashboard' });
  },
  component: StatementsPage,
});

function StatementsPage() {
  const { portalName } = useBranding();
  useDocumentTitle(`Statements | ${portalName}`);
  return (
    <NoticePage
      title="Statements"
      actions={
        <Button asChild variant="secondary">
          <Link to="/dashboard">Back to Dashboard</Link>
        </Button>
      }
    >
      <p>
        Your past statements will be listed here soon. Until then, your current balances are on the
        dashboard.
      </p>
    </NoticePage>
  );
}
