import { createFileRoute, redirect } from '@tanstack/react-router';
import { statementsQueryOptions } from '@/features/statements/api/get-statements.ts';
import { StatementsPage } from '@/features/statements/components/statements-page.tsx';

export const Route = createFileRoute('/_authenticated/statements')({
  // SPEC §6: statements are for the historical-data role only.
  beforeLoad: ({ context }) => {
    if (!context.auth.hasHistoricalDataRole()) throw redirect({ to: '/dashboard' });
  },
  // Started, not awaited: the page shows its own skeleton and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(statementsQueryOptions());
  },
  component: StatementsPage,
});
