import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '@webpay/contracts/api';
import { verificationStartedSchema, type VerificationStarted } from '@webpay/contracts/sign-in';
import { api, unwrap, type ApiResult } from '@/lib/api-client.ts';

export interface EmailLoginRequest {
  email: string;
  /** YYYY-MM-DD */
  birthdate: string;
}

/**
 * E-mails a code when the address and birthdate match a guarantor. The answer
 * is the same either way (ids no code will match), so it never tells who has an account.
 */
export function startEmailLogin(body: EmailLoginRequest): Promise<ApiResult<VerificationStarted>> {
  return api.post(API_PATHS.loginEmail, body, verificationStartedSchema, { token: null });
}

export function useStartEmailLogin() {
  return useMutation({
    mutationFn: async (body: EmailLoginRequest) => unwrap(await startEmailLogin(body)),
  });
}
