import { ERROR_CODES } from '@webpay/contracts/error-codes';
import type { ErrorObject } from '@webpay/contracts/errors';
import type { Language } from '@webpay/contracts/language';
import { isSafeRedirectPath } from '@webpay/contracts/redirect';
import { ApiError } from '@/lib/api-client.ts';
import { messagesIn } from '@/lib/messages.ts';
import { signInErrorMessages } from '../auth.messages.ts';

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
 * Where to go once signed in: a safe `next`, unless it leads back into the
 * sign-in areas (which would end the new session at once), else the dashboard.
 */
export function afterSignInPath(next: string | undefined): string | undefined {
  if (!isSafeRedirectPath(next)) return undefined;
  return /^\/(login|verify)(?=$|[/?#])/.test(next) ? undefined : next;
}

/** The service's own words, never those of the portal's fallback errors (SPEC §8). */
export function serverDetail(error: ErrorObject): string | undefined {
  if (
    error.code === ERROR_CODES.fallbackUnexpected ||
    error.code === ERROR_CODES.fallbackSessionExpired
  ) {
    return undefined;
  }
  return error.details.find((detail) => detail.trim() !== '');
}

/*
 * The service answers in the language it was asked in, so its words are
 * passed on as they came; only the portal's own words follow `language`.
 */

/**
 * 503 MAIL_UNAVAILABLE: the e-mail asked for could not go out. Worded by the
 * portal in the reader's language, whatever words came with the answer, so
 * the guarantor is always told to try again in a few minutes, even when they
 * switched language while it was being sent; undefined for any other error.
 */
export function mailUnavailableMessage(
  error: ErrorObject,
  language: Language = 'en',
): string | undefined {
  if (error.code !== ERROR_CODES.mailUnavailable) return undefined;
  return messagesIn(signInErrorMessages, language).mailUnavailable;
}

/** 429: the service says how long to wait; else Retry-After does; else a plain request to wait. */
export function throttledErrorMessage(error: ApiError, language: Language = 'en'): string {
  const detail = serverDetail(error.error);
  if (detail) return detail;
  const words = messagesIn(signInErrorMessages, language);
  if (error.retryAfterSeconds !== undefined && error.retryAfterSeconds > 0) {
    return words.throttledFor(error.retryAfterSeconds);
  }
  return words.throttled;
}

/** 423: the service says when the lock lifts. */
export function lockedErrorMessage(error: ApiError, language: Language = 'en'): string {
  return serverDetail(error.error) ?? messagesIn(signInErrorMessages, language).locked;
}

/**
 * What to tell the guarantor when PIN sign-in fails. Wrong credentials never
 * say which part was wrong; lockout and throttling pass on the server's words.
 */
export function pinSignInErrorMessage(error: unknown, language: Language = 'en'): string {
  const words = messagesIn(signInErrorMessages, language);
  if (error instanceof ApiError) {
    const { status, code } = error.error;
    if (status === 401 && code === ERROR_CODES.invalidCredentials) {
      return serverDetail(error.error) ?? words.invalidPinCredentials;
    }
    if (status === 423) return lockedErrorMessage(error, language);
    if (status === 429) return throttledErrorMessage(error, language);
  }
  return words.unexpected;
}

/**
 * The e-mail flows (sign-in link, e-mail + birthdate, code, sign-up): lockout
 * and throttling as for PINs; a mail server that cannot take the e-mail as
 * mailUnavailableMessage says; refused input (400/409) and other 503s in the
 * service's words; `fallback` (else SPEC's sign-in failure) for anything else.
 */
export function emailFlowErrorMessage(
  error: unknown,
  fallback?: string,
  language: Language = 'en',
): string {
  const otherwise = fallback ?? messagesIn(signInErrorMessages, language).unexpected;
  if (error instanceof ApiError) {
    const { status } = error.error;
    const mailUnavailable = mailUnavailableMessage(error.error, language);
    if (mailUnavailable) return mailUnavailable;
    if (status === 423) return lockedErrorMessage(error, language);
    if (status === 429) return throttledErrorMessage(error, language);
    if (status === 400 || status === 409 || status === 503) {
      return serverDetail(error.error) ?? otherwise;
    }
  }
  return otherwise;
}

/** 401 INVALID_CODE from POST /auth/login/code: wrong, expired, used or tried too often. */
export function isInvalidCodeError(error: unknown): boolean {
  return error instanceof ApiError && error.error.code === ERROR_CODES.invalidCode;
}
