import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { PAYMENT_DESK_PATHS, paymentSearchResultSchema } from '@webpay/contracts/payment-desk';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';
import { hasCriteria, searchQueryString, type PaymentSearch } from '../utils/search-params.ts';

export const paymentSearchQueryOptions = (search: PaymentSearch) => {
  const query = searchQueryString(search);
  return queryOptions({
    queryKey: ['office', 'payment-search', query],
    queryFn: async ({ signal }) =>
      unwrap(
        await officeApi.get(`${PAYMENT_DESK_PATHS.search}?${query}`, paymentSearchResultSchema, {
          signal,
        }),
      ),
    enabled: hasCriteria(search),
    placeholderData: keepPreviousData,
  });
};
