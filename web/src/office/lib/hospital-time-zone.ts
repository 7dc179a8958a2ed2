import { queryOptions, useQuery } from '@tanstack/react-query';
import { OFFICE_API_PATHS, officeConfigSchema } from '@webpay/contracts/office';
import { CONFIG_CACHE } from '@/config/constants.ts';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from './office-api.ts';

/**
 * The console's configuration, read without a session: fetched once and
 * kept, as the portal keeps its app config, retried the same way.
 */
export const officeConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['office', 'config'],
    queryFn: async ({ signal }) =>
      unwrap(
        await officeApi.get(OFFICE_API_PATHS.config, officeConfigSchema, { token: null, signal }),
      ),
    staleTime: Infinity,
    gcTime: CONFIG_CACHE.gcTimeMs,
    retry: CONFIG_CACHE.retries,
    retryDelay: CONFIG_CACHE.retryDelayMs,
  });

/**
 * The hospital's time zone (WEBPAY_TIME_ZONE), whose days the service
 * counts; undefined until the configuration is read. The pages that show
 * times wait for it in their route's loader, so this is known when they draw.
 */
export function useHospitalTimeZone(): string | undefined {
  return useQuery(officeConfigQueryOptions()).data?.timeZone;
}

/** The reader's own time zone: stands in only when the hospital's could not be read. */
export function readersTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}
