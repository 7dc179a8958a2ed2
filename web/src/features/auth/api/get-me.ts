import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import type { User } from '@webpay/contracts/auth';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

// Asked for as a signed-in page opens; its schema (and zod) loads beside the request.
const loadUserSchema = () => import('@webpay/contracts/auth').then((module) => module.userSchema);

/** SPEC §7: the bearer token is given per call, so it works right after sign-in too. */
export function getMe(token?: string, signal?: AbortSignal): Promise<ApiResult<User>> {
  return api.get(API_PATHS.me, loadUserSchema, { token, signal });
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.user,
    queryFn: async ({ signal }) => unwrap(await getMe(undefined, signal)),
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
