import { ERROR_CODES } from '@webpay/contracts/errors';
import { SIGN_IN_MESSAGES } from '@webpay/contracts/messages';
import { isSafeRedirectPath } from '@webpay/contracts/redirect';
import { ApiError } from '@/lib/api-client.ts';

/**
 * SPEC §2 `next`: a safe path is followed after sign-in; anything else is
 * refused (and the guarantor told) so a crafted link cannot send them off-site.
 */
export function resolveNext(next: unknown): { next?: string; rejected: boolean } {
  if (next === undefined) return { rejected: false };
  if (isSafeRedirectPath(next)) return { next, rejected: false };
  return { rejected: true };
}

/**
 * What to tell the guarantor when PIN sign-in fails. Wrong credentials never
 * say which part was wrong; lockout and throttling pass on the server's words.
 */
export function pinSignInErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const { status, code, details } = error.error;
    if (status === 401 && code === ERROR_CODES.invalidCredentials) {
      return details[0] || SIGN_IN_MESSAGES.invalidPinCredentials;
    }
    if ((status === 423 || status === 429) && details[0]) return details[0];
  }
  return SIGN_IN_MESSAGES.unexpected;
}
