import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  OFFICE_API_PATHS,
  enrolmentLinkSchema,
  staffListSchema,
  type AddStaffRequest,
} from '@webpay/contracts/office';
import { unwrap } from '@/lib/api-client.ts';
import { loadUnusedAnswerSchema } from '@/lib/load-unused-answer.ts';
import { officeApi } from '../../../lib/office-api.ts';

const STAFF_KEY = ['office', 'staff'] as const;

export const staffListQueryOptions = () =>
  queryOptions({
    queryKey: STAFF_KEY,
    queryFn: async ({ signal }) =>
      unwrap(await officeApi.get(OFFICE_API_PATHS.staff, staffListSchema, { signal })).staff,
  });

/** Each change is followed by a fresh list. */
function useStaffChange<T, R>(call: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
  });
}

/** A new account and its one-time enrolment link. */
export const useAddStaff = () =>
  useStaffChange(async (request: AddStaffRequest) =>
    unwrap(await officeApi.post(OFFICE_API_PATHS.staff, request, enrolmentLinkSchema)),
  );

/** A new enrolment link; the old password and authenticator stop working. */
export const useResetStaff = () =>
  useStaffChange(async (id: string) =>
    unwrap(await officeApi.post(OFFICE_API_PATHS.staffReset(id), undefined, enrolmentLinkSchema)),
  );

export const useDisableStaff = () =>
  useStaffChange(async (id: string) =>
    unwrap(
      await officeApi.post(OFFICE_API_PATHS.staffDisable(id), undefined, loadUnusedAnswerSchema),
    ),
  );
