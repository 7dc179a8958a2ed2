import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import { signupResponseSchema, type SignupRequest } from '@webpay/contracts/sign-in';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';

/** Links the e-mail to the matching guarantor and e-mails a code and a link; answers `true`. */
export function signUp(body: SignupRequest): Promise<ApiResult<true>> {
  return api.post(API_PATHS.signupEmail, body, signupResponseSchema, { token: null });
}

export function useSignUp() {
  return useMutation({
    mutationFn: async (body: SignupRequest) => unwrap(await signUp(body)),
  });
}
