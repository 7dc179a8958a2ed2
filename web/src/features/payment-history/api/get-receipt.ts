import { queryOptions } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import { receiptSchema, type Receipt } from '@webpay/contracts/payments';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

export function getReceipt(receiptId: string, signal?: AbortSignal): Promise<ApiResult<Receipt>> {
  return api.get(API_PATHS.receipt(receiptId), receiptSchema, { signal });
}

export const receiptQueryOptions = (receiptId: string) =>
  queryOptions({
    queryKey: [...queryKeys.payments, 'receipt', receiptId],
    queryFn: async ({ signal }) => unwrap(await getReceipt(receiptId, signal)),
    // Asked for by a click, so a failure is said at once rather than after retries.
    retry: false,
  });
