import { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import {
  PAYMENT_PLAN_PATHS,
  autopayOverviewSchema,
  autopayStoppedSchema,
  type AutopayOverview,
  type AutopayStopped,
  type PlanAutopayRequest,
  type SkipChargeRequest,
  type StatementAutopayRequest,
} from '@webpay/contracts/payment-plans';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';
import { savedMethodsQueryKey } from '@/lib/recurring/saved-methods.ts';

/** Under the payments key, which signing out clears. */
export const autopayQueryKey = [...queryKeys.payments, 'autopay'] as const;

export function getAutopay(signal?: AbortSignal): Promise<ApiResult<AutopayOverview>> {
  return api.get(PAYMENT_PLAN_PATHS.autopay, autopayOverviewSchema, { signal });
}

export const autopayQueryOptions = () =>
  queryOptions({
    queryKey: autopayQueryKey,
    queryFn: async ({ signal }) => unwrap(await getAutopay(signal)),
  });

export function useAutopayOverview() {
  return useQuery(autopayQueryOptions());
}

/** The bills and plans, for the remaining instalments a plan's autopay authorizes. */
export function usePlansOnFile() {
  return useQuery({
    queryKey: queryKeys.encounters,
    queryFn: async ({ signal }) =>
      unwrap(await api.get(API_PATHS.encounters, encountersResponseSchema, { signal })),
    refetchOnWindowFocus: false,
  });
}

/** What turning autopay on or off, or skipping a charge, asks of the service. */
export type AutopayChange =
  | { kind: 'plan-on'; planNumber: string; body: PlanAutopayRequest }
  | { kind: 'plan-off'; planNumber: string }
  | { kind: 'statements-on'; body: StatementAutopayRequest }
  | { kind: 'statements-off' }
  | { kind: 'skip'; body: SkipChargeRequest };

/** Off answers whether a charge will still run; on and skip answer nothing the panel reads. */
export function sendAutopayChange(
  change: AutopayChange,
): Promise<ApiResult<AutopayStopped | unknown>> {
  switch (change.kind) {
    case 'plan-on':
      return api.request({
        method: 'PUT',
        path: PAYMENT_PLAN_PATHS.planAutopay(change.planNumber),
        body: change.body,
        schema: z.unknown(),
      });
    case 'plan-off':
      return api.request({
        method: 'DELETE',
        path: PAYMENT_PLAN_PATHS.planAutopay(change.planNumber),
        schema: autopayStoppedSchema,
      });
    case 'statements-on':
      return api.request({
        method: 'PUT',
        path: PAYMENT_PLAN_PATHS.statementAutopay,
        body: change.body,
        schema: z.unknown(),
      });
    case 'statements-off':
      return api.request({
        method: 'DELETE',
        path: PAYMENT_PLAN_PATHS.statementAutopay,
        schema: autopayStoppedSchema,
      });
    case 'skip':
      return api.post(PAYMENT_PLAN_PATHS.skip, change.body, z.unknown());
  }
}

/** Sends a change, then reads again the overview, the plans' types and which method each autopay uses. */
export function useAutopayChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: AutopayChange) => unwrap(await sendAutopayChange(change)),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: autopayQueryKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.encounters });
      void queryClient.invalidateQueries({ queryKey: savedMethodsQueryKey });
    },
  });
}

/** The answer of a turn-off, when it is one. */
export function stoppedAnswer(answer: unknown): AutopayStopped | null {
  const parsed = autopayStoppedSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}
