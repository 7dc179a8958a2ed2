import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';

// The login page's own request: its schema (and zod) loads beside it, off the page's first load.
const loadAcceptedSchema = () =>
  import('@webpay/contracts/sign-in').then((module) => module.acceptedResponseSchema);

/** Accepted whatever the address, so the answer never tells who has an account. */
export function requestMagicLink(email: string): Promise<ApiResult<{ accepted: true }>> {
  return api.post(API_PATHS.loginMagicRequest, { email }, loadAcceptedSchema, { token: null });
}

export function useRequestMagicLink() {
  return useMutation({
    mutationFn: async (email: string) => unwrap(await requestMagicLink(email)),
  });
}
