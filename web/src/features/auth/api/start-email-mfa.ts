import { API_PATHS } from '@webpay/contracts/api';
import { verificationStartedSchema, type VerificationStarted } from '@webpay/contracts/sign-in';
import { api, type ApiResult } from '@/lib/api-client.ts';

/**
 * E-mail multi-factor: e-mails a code to the address on file of the signed-in
 * guarantor (bearer token of the current session, no body).
 */
export function startEmailMfa(): Promise<ApiResult<VerificationStarted>> {
  return api.post(API_PATHS.mfaEmail, undefined, verificationStartedSchema);
}
