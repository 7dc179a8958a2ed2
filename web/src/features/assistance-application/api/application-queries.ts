import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/lib/query-keys.ts';
import { unwrap } from '@/lib/api-client.ts';
import { getApplications, getTracker } from './applications-api.ts';

/*
 * Under the payments key, which signing out clears: an application pauses
 * autopay and plan charges, so what changes one changes the other.
 */
export const applicationsQueryKey = [...queryKeys.payments, 'assistance-applications'] as const;

export const trackerQueryKey = (reference: string) => [...applicationsQueryKey, reference] as const;

export const applicationsQueryOptions = () =>
  queryOptions({
    queryKey: applicationsQueryKey,
    queryFn: async ({ signal }) => unwrap(await getApplications(signal)),
    refetchOnWindowFocus: false,
  });

export function useApplications() {
  return useQuery(applicationsQueryOptions());
}

export const trackerQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: trackerQueryKey(reference),
    queryFn: async ({ signal }) => unwrap(await getTracker(reference, signal)),
  });

export function useTracker(reference: string) {
  return useQuery(trackerQueryOptions(reference));
}
