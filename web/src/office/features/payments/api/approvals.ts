import { queryOptions } from '@tanstack/react-query';
import { PAYMENT_DESK_PATHS, approvalsSchema } from '@webpay/contracts/payment-desk';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';

/**
 * Reversals waiting for a second supervisor, oldest first. Read when a page
 * that shows them opens and when the window regains focus, never on a timer:
 * every call restarts the session's idle clock, so polling would keep an
 * unattended console signed in forever.
 */
export const approvalsQueryOptions = () =>
  queryOptions({
    queryKey: ['office', 'approvals'],
    queryFn: async ({ signal }) =>
      unwrap(await officeApi.get(PAYMENT_DESK_PATHS.approvals, approvalsSchema, { signal })),
  });
