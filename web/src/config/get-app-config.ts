import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import type { AppConfig } from '@webpay/contracts/config';
import { CONFIG_CACHE } from './constants.ts';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

// Every page asks for the config as it opens; its schema (and zod) loads beside the request.
const loadAppConfigSchema = () =>
  import('@webpay/contracts/config').then((module) => module.appConfigSchema);

export function getAppConfig(signal?: AbortSignal): Promise<ApiResult<AppConfig>> {
  return api.get(API_PATHS.configApp, loadAppConfigSchema, { signal, token: null });
}

/** SPEC §7: fetched once, never stale, kept a day, retried twice 500 ms apart. */
export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.appConfig,
    queryFn: async ({ signal }) => unwrap(await getAppConfig(signal)),
    staleTime: Infinity,
    gcTime: CONFIG_CACHE.gcTimeMs,
    retry: CONFIG_CACHE.retries,
    retryDelay: CONFIG_CACHE.retryDelayMs,
  });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
