import { queryOptions } from '@tanstack/react-query';
import { PAYMENT_DESK_PATHS, approvalsSchema } from '@webpay/contracts/payment-desk';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';

/** Reversals waiting for a second supervisor, oldest first; read again each minute for the badge. */
export const approvalsQueryOptions = () =>
  queryOptions({
    queryKey: ['office', 'approvals'],
    queryFn: async ({ signal }) =>
      unwrap(await officeApi.get(PAYMENT_DESK_PATHS.approvals, approvalsSchema, { signal })),
    refetchInterval: 60_000,
  });
