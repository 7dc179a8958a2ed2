import { resendFailedError } from '@webpay/contracts/error-codes';
import type { ErrorObject } from '@webpay/contracts/errors';
import type { Language } from '@webpay/contracts/language';
import type { Session } from '@/lib/session.ts';
import { mailUnavailableMessage, serverDetail } from './sign-in.ts';

/**
 * E-mail multi-factor applies to sessions started with a PIN or a magic link;
 * an e-mailed code ('totp') is already the stronger proof (SPEC §6).
 */
export function isEmailMfaSession(session: Session | null): session is Session {
  const loginType = session?.claims.loginType;
  return loginType === 'pin' || loginType === 'magic';
}

/** The dashboard offers e-mail multi-factor when there is an address to send the code to. */
export function offersEmailMfa(session: Session | null): boolean {
  return isEmailMfaSession(session) && !!session.user.email;
}

/**
 * SPEC §8 resend failure: a mail server that cannot take the code as
 * mailUnavailableMessage says, else the service's words, else 'Could not
 * send verification code. Please try again.'.
 */
export function resendFailure(error: ErrorObject, language: Language = 'en'): ErrorObject {
  return resendFailedError(
    mailUnavailableMessage(error, language) ?? serverDetail(error),
    language,
  );
}
