import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import { encountersResponseSchema, type EncountersResponse } from '@webpay/contracts/encounters';
import { DASHBOARD_QUERY_RETRIES } from '@/config/constants.ts';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { isAuthError } from '@/lib/query-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/*
 * The guarantor's pending bills: the dashboard shows them, the financial
 * assistance application lists the open ones it may cover. One query, so
 * both read the same answer.
 */

export function getEncounters(signal?: AbortSignal): Promise<ApiResult<EncountersResponse>> {
  return api.get(API_PATHS.encounters, encountersResponseSchema, { signal });
}

/** SPEC §4 Dashboard data: fresh on every visit, not on focus, two retries unless signed out. */
export const encountersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.encounters,
    queryFn: async ({ signal }) => unwrap(await getEncounters(signal)),
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    retry: (failureCount, error) => !isAuthError(error) && failureCount < DASHBOARD_QUERY_RETRIES,
  });

export function useEncounters() {
  return useQuery(encountersQueryOptions());
}
