import { createFileRoute, redirect } from '@tanstack/react-router';
import { paymentHistoryQueryOptions } from '@/features/payment-history/api/get-payment-history.ts';
import { PaymentHistoryPage } from '@/features/payment-history/components/payment-history-page.tsx';
import {
  paymentFilterSearchSchema,
  rangeProblem,
  type PaymentFilter,
} from '@/features/payment-history/utils/payment-filter.ts';

export const Route = createFileRoute('/_authenticated/payments')({
  validateSearch: (search): PaymentFilter => paymentFilterSearchSchema.parse(search),
  // SPEC §6: payment history is for the historical-data role only.
  beforeLoad: ({ context }) => {
    if (!context.auth.hasHistoricalDataRole()) throw redirect({ to: '/dashboard' });
  },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the page shows its own skeleton and error states.
  loader: ({ context, deps }) => {
    if (rangeProblem(deps)) return;
    void context.queryClient.prefetchQuery(paymentHistoryQueryOptions(deps));
  },
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const filter = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PaymentHistoryPage
      filter={filter}
      onFilterChange={(next) => void navigate({ search: next })}
    />
  );
}
