import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import { acceptedResponseSchema } from '@webpay/contracts/sign-in';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';

/** Accepted whatever the address, so the answer never tells who has an account. */
export function requestMagicLink(email: string): Promise<ApiResult<{ accepted: true }>> {
  return api.post(API_PATHS.loginMagicRequest, { email }, acceptedResponseSchema, { token: null });
}

export function useRequestMagicLink() {
  return useMutation({
    mutationFn: async (email: string) => unwrap(await requestMagicLink(email)),
  });
}
