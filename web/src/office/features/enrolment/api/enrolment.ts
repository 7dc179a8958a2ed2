import { queryOptions, useMutation } from '@tanstack/react-query';
import { OFFICE_API_PATHS, enrolmentResultSchema, enrolmentSchema } from '@webpay/contracts/office';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';

/** Who the link is for and the key to add; asked without a session. */
export const enrolmentQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['office', 'enrolment', token],
    queryFn: async ({ signal }) =>
      unwrap(
        await officeApi.get(OFFICE_API_PATHS.enrolment(token), enrolmentSchema, {
          token: null,
          signal,
        }),
      ),
    retry: false,
    // The key must not change under the staff member while they type it into their app.
    staleTime: Infinity,
  });

export function useCompleteEnrolment(token: string) {
  return useMutation({
    mutationFn: async (request: { password: string; code: string }) =>
      unwrap(
        await officeApi.post(OFFICE_API_PATHS.enrolment(token), request, enrolmentResultSchema, {
          token: null,
        }),
      ),
  });
}
