import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import { contactInfoSchema, type ContactInfo } from '@webpay/contracts/config';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { queryKeys } from '@/lib/query-keys.ts';

/** Sent with the session's token, so the answer carries the guarantor's own support phone. */
export function getContactInfo(signal?: AbortSignal): Promise<ApiResult<ContactInfo>> {
  return api.get(API_PATHS.configContactInfo, contactInfoSchema, { signal });
}

export const contactInfoQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.contactConfig,
    queryFn: async ({ signal }) => unwrap(await getContactInfo(signal)),
  });

export function useContactInfo() {
  return useQuery(contactInfoQueryOptions());
}
