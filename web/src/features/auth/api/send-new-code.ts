import { API_PATHS } from '@webpay/contracts/api';
import { verificationStartedSchema, type VerificationStarted } from '@webpay/contracts/sign-in';
import { api, type ApiResult } from '@/lib/api-client.ts';

/** A new code for the same verification (sign-up or e-mail sign-in); the old code stops working. */
export function sendNewCode(body: {
  guarantorId: string;
  verificationId: string;
}): Promise<ApiResult<VerificationStarted>> {
  return api.post(API_PATHS.signupSendCode, body, verificationStartedSchema, { token: null });
}
