import { createFileRoute, redirect } from '@tanstack/react-router';
import { paymentHistoryQueryOptions } from '@/features/payment-history/api/get-payment-history.ts';
import { PaymentHistoryPage } from '@/features/payment-history/components/payment-history-page.tsx';
import { ReceiptDialog } from '@/features/payments/components/receipt-dialog.tsx';
import { useMemo } from 'react';
import {
  parsePaymentFilter,
  rangeProblem,
} from '@/features/payment-history/utils/payment-filter.ts';
import {
  pickSearchDates,
  type SearchDates,
} from '@/features/payment-history/utils/search-dates.ts';

export const Route = createFileRoute('/_authenticated/payments')({
  validateSearch: (search): SearchDates => pickSearchDates(search),
  // SPEC §6: payment history is for the historical-data role only.
  beforeLoad: ({ context }) => {
    if (!context.auth.hasHistoricalDataRole()) throw redirect({ to: '/dashboard' });
  },
  loaderDeps: ({ search }) => search,
  // Started, not awaited: the page shows its own skeleton and error states.
  loader: ({ context, deps }) => {
    const filter = parsePaymentFilter(deps);
    if (rangeProblem(filter)) return;
    void context.queryClient.prefetchQuery(paymentHistoryQueryOptions(filter));
  },
  component: PaymentsRoute,
});

function PaymentsRoute() {
  const { from, to } = Route.useSearch();
  const filter = useMemo(() => parsePaymentFilter({ from, to }), [from, to]);
  const navigate = Route.useNavigate();
  return (
    <PaymentHistoryPage
      filter={filter}
      onFilterChange={(next) => void navigate({ search: next })}
      receiptDialog={ReceiptDialog}
    />
  );
}
