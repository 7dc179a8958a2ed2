import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  FINANCIAL_ASSISTANCE_PATHS,
  publishedPolicySchema,
  type PublishedPolicy,
} from '@webpay/contracts/financial-assistance';
import type { Language } from '@webpay/contracts/language';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { useLanguage } from '@/lib/language.ts';

/** The policy as published, in the language the page is read in; no sign-in needed. */
export function getAssistancePolicy(signal?: AbortSignal): Promise<ApiResult<PublishedPolicy>> {
  return api.get(FINANCIAL_ASSISTANCE_PATHS.policy, publishedPolicySchema, { signal, token: null });
}

/** One copy per language: the service words the documents in the one asked. */
export const assistancePolicyQueryOptions = (language: Language) =>
  queryOptions({
    queryKey: ['assistancePolicy', language],
    queryFn: async ({ signal }) => unwrap(await getAssistancePolicy(signal)),
    staleTime: 10 * 60_000,
  });

export function useAssistancePolicy() {
  return useQuery(assistancePolicyQueryOptions(useLanguage()));
}
