import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  OFFICE_API_BASE_PATH,
  OFFICE_API_PATHS,
  ssoStatusSchema,
  staffSessionResponseSchema,
  type StaffMe,
  type StaffSignInRequest,
} from '@webpay/contracts/office';
import { unwrap } from '@/lib/api-client.ts';
import { officeApi } from '../../../lib/office-api.ts';
import { beginStaffSession } from '../../../lib/session-calls.ts';

/** Whether single sign-on is offered; asked without a session. */
export const ssoStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['office', 'sso-status'],
    queryFn: async ({ signal }) =>
      unwrap(
        await officeApi.get(OFFICE_API_PATHS.ssoStatus, ssoStatusSchema, { token: null, signal }),
      ),
    staleTime: 5 * 60_000,
  });

/** Where the single sign-on button leads: the service, which sends on to the identity provider. */
export const SSO_START_URL = `${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.ssoStart}`;

/** Password and authentication code for a session, then who it belongs to. */
export function useSignIn() {
  return useMutation({
    mutationFn: async (values: StaffSignInRequest): Promise<StaffMe> => {
      const session = unwrap(
        await officeApi.post(OFFICE_API_PATHS.signIn, values, staffSessionResponseSchema, {
          token: null,
        }),
      );
      return unwrap(await beginStaffSession(session));
    },
  });
}

/** The one-time grant single sign-on's callback handed the console, for a session. */
export function useSsoExchange() {
  return useMutation({
    mutationFn: async (grant: string): Promise<StaffMe> => {
      const session = unwrap(
        await officeApi.post(OFFICE_API_PATHS.ssoExchange, { grant }, staffSessionResponseSchema, {
          token: null,
        }),
      );
      return unwrap(await beginStaffSession(session));
    },
  });
}
