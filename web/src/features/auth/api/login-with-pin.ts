import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import {
  loginResponseSchema,
  type LoginResponse,
  type PinLoginRequest,
} from '@webpay/contracts/auth';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-context.ts';

export function loginWithPin(body: PinLoginRequest): Promise<ApiResult<LoginResponse>> {
  return api.post(API_PATHS.login, body, loginResponseSchema, { token: null });
}

/** Signs in and establishes the session (claims and user) in one step. */
export function useLoginWithPin() {
  const auth = useAuth();
  return useMutation({
    mutationFn: async (body: PinLoginRequest) => {
      const login = unwrap(await loginWithPin(body));
      return unwrap(await auth.signIn(login));
    },
  });
}
