import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  OFFICE_RECURRING_PATHS,
  guarantorRecurringSchema,
  staffAutopayCancelledSchema,
  type StaffAutopayCancel,
} from '@webpay/contracts/office-recurring';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';

/** Under the guarantor's key, so what refreshes the page refreshes this too. */
export const recurringQueryOptions = (guarantorId: string) =>
  queryOptions({
    queryKey: ['office', 'guarantor', guarantorId, 'recurring'],
    queryFn: async ({ signal }) =>
      unwrap(
        await officeApi.get(
          OFFICE_RECURRING_PATHS.recurring(guarantorId),
          guarantorRecurringSchema,
          {
            signal,
          },
        ),
      ),
  });

/** What a cancel stops: one plan's autopay (by its number), or autopay on statements. */
export type AutopayTarget = { kind: 'plan'; planNumber: string } | { kind: 'statement' };

/** A staff cancel with its reason; the page, its recurring payments and the audit are read again. */
export function useCancelAutopay(guarantorId: string, target: AutopayTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: StaffAutopayCancel) =>
      unwrap(
        await officeApi.post(
          target.kind === 'plan'
            ? OFFICE_RECURRING_PATHS.cancelPlanAutopay(guarantorId, target.planNumber)
            : OFFICE_RECURRING_PATHS.cancelStatementAutopay(guarantorId),
          request,
          staffAutopayCancelledSchema,
        ),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['office', 'guarantor', guarantorId] }),
        queryClient.invalidateQueries({ queryKey: ['office', 'audit'] }),
        queryClient.invalidateQueries({ queryKey: ['office', 'home'] }),
      ]),
  });
}
