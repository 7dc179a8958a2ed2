import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import type { PaymentHistory } from '@webpay/contracts/payment-history';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { rangeProblem, toSearch, type PaymentFilter } from '../utils/payment-filter.ts';

// The route starts this call, and routes are part of every page; the schema loads with the call.
const loadPaymentHistorySchema = () =>
  import('@webpay/contracts/payment-history').then((module) => module.paymentHistorySchema);

export function getPaymentHistory(
  filter: PaymentFilter,
  signal?: AbortSignal,
): Promise<ApiResult<PaymentHistory>> {
  const query = new URLSearchParams(toSearch(filter)).toString();
  return api.get(`${API_PATHS.payments}${query ? `?${query}` : ''}`, loadPaymentHistorySchema, {
    signal,
  });
}

/** One cache entry per range, all under the payments key that logging out clears. */
export const paymentHistoryQueryOptions = (filter: PaymentFilter) =>
  queryOptions({
    queryKey: [...queryKeys.payments, 'history', toSearch(filter)],
    queryFn: async ({ signal }) => unwrap(await getPaymentHistory(filter, signal)),
    // A reversed range is answered by the form, not sent to the service.
    enabled: !rangeProblem(filter),
  });

export function usePaymentHistory(filter: PaymentFilter) {
  return useQuery(paymentHistoryQueryOptions(filter));
}
