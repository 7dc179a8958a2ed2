import { queryOptions } from '@tanstack/react-query';
import { ASSISTANCE_REVIEW_PATHS, caseSchema } from '@webpay/contracts/assistance-application';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';

export const caseQueryKey = (reference: string) =>
  ['office', 'assistance-case', reference] as const;

/** Reads the case as it is now; the actions read it again with this after they answer. */
export async function fetchCase(reference: string, signal?: AbortSignal) {
  return unwrap(
    await officeApi.get(ASSISTANCE_REVIEW_PATHS.case(reference), caseSchema, { signal }),
  );
}

export const caseQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: caseQueryKey(reference),
    queryFn: ({ signal }) => fetchCase(reference, signal),
  });
