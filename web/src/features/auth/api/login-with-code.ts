import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema, type LoginResponse } from '@webpay/contracts/auth';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-context.ts';

export interface CodeLoginRequest {
  guarantorId: string;
  verificationId: string;
  code: string;
}

/**
 * Sent without a bearer token even in a multi-factor flow: the verification
 * names the guarantor, and a refused code (401) must never read as the
 * current session expiring.
 */
export function loginWithCode(body: CodeLoginRequest): Promise<ApiResult<LoginResponse>> {
  return api.post(API_PATHS.loginCode, body, loginResponseSchema, { token: null });
}

/** Signs in with the e-mailed code and establishes the session (claims and user), like PIN sign-in. */
export function useLoginWithCode() {
  const auth = useAuth();
  return useMutation({
    mutationFn: async (body: CodeLoginRequest) => {
      const login = unwrap(await loginWithCode(body));
      return unwrap(await auth.signIn(login));
    },
  });
}
