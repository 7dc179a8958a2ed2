import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  DEFAULT_AUTOPAY_TIMINGS,
  PAYMENT_PLAN_PATHS,
  planOptionsSchema,
  type PlanOptions,
} from '@webpay/contracts/payment-plans';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/*
 * The hospital's plan rules, autopay timings, today and the accounts that
 * may go on a plan: plan setup, the dashboard and the autopay settings read
 * them. Under the payments key, which signing out clears, and apart from
 * the bills so it never holds up their refetch.
 */

export const planOptionsQueryKey = [...queryKeys.payments, 'plan-options'] as const;

export function getPlanOptions(signal?: AbortSignal): Promise<ApiResult<PlanOptions>> {
  return api.get(PAYMENT_PLAN_PATHS.options, planOptionsSchema, { signal });
}

export const planOptionsQueryOptions = () =>
  queryOptions({
    queryKey: planOptionsQueryKey,
    queryFn: async ({ signal }) => unwrap(await getPlanOptions(signal)),
    refetchOnWindowFocus: false,
  });

export function usePlanOptions() {
  return useQuery(planOptionsQueryOptions());
}

/** The service's autopay timings, or the defaults until they arrive. */
export function useAutopayTimings(): PlanOptions['timings'] {
  return usePlanOptions().data?.timings ?? DEFAULT_AUTOPAY_TIMINGS;
}
