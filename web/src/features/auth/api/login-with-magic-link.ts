import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import { loginResponseSchema, type LoginResponse } from '@webpay/contracts/auth';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';
import { useAuth } from '@/lib/auth-context.ts';

export function loginWithMagicLink(abracadabra: string): Promise<ApiResult<LoginResponse>> {
  return api.post(API_PATHS.loginMagic, { abracadabra }, loginResponseSchema, { token: null });
}

export function useLoginWithMagicLink() {
  const auth = useAuth();
  return useMutation({
    mutationFn: async (abracadabra: string) => {
      const login = unwrap(await loginWithMagicLink(abracadabra));
      return unwrap(await auth.signIn(login));
    },
  });
}
