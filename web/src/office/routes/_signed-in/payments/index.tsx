import { useCallback } from 'react';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PaymentSearchPage } from '../../../features/payments/components/search-page.tsx';
import {
  paymentSearch,
  type PaymentSearch,
} from '../../../features/payments/utils/search-params.ts';

export const Route = createFileRoute('/_signed-in/payments/')({
  validateSearch: paymentSearch,
  component: PaymentSearchRoute,
});

function PaymentSearchRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  // Each search is its own history entry, so Back returns to the previous results.
  const onSearch = useCallback(
    (next: PaymentSearch) => void navigate({ search: paymentSearch({ ...next }) }),
    [navigate],
  );
  return <PaymentSearchPage search={search} onSearch={onSearch} />;
}
