import { useCallback } from 'react';
import { queryOptions, useIsFetching, useQuery, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import { encountersResponseSchema, type EncountersResponse } from '@webpay/contracts/encounters';
import { DASHBOARD_QUERY_RETRIES } from '@/config/constants.ts';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { isAuthError } from '@/lib/query-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

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

/**
 * SPEC §2 'refetch' of a facility's panel: asks the service for the bills
 * again while the current ones stay on screen. `refetching` is true while
 * any load of them runs, including the one every visit starts.
 */
export function useRefetchEncounters(): { refetch: () => void; refetching: boolean } {
  const queryClient = useQueryClient();
  const refetching = useIsFetching({ queryKey: queryKeys.encounters }) > 0;
  const refetch = useCallback(
    () => void queryClient.refetchQueries({ queryKey: queryKeys.encounters }),
    [queryClient],
  );
  return { refetch, refetching };
}
