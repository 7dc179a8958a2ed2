import type { ErrorObject } from './errors.ts';

// Kept apart from the schema so the portal can word failures without loading zod.

/** Stable error codes of the service; the portal may branch on them. */
export const ERROR_CODES = {
  validation: 'VALIDATION_ERROR',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  apiKeyMissing: 'API_KEY_REQUIRED',
  apiKeyInvalid: 'API_KEY_INVALID',
  xhrMarkerMissing: 'XHR_MARKER_REQUIRED',
  notFound: 'NOT_FOUND',
  routeNotFound: 'ROUTE_NOT_FOUND',
  invalidCredentials: 'INVALID_CREDENTIALS',
  /** A wrong, used, expired or exhausted verification code: the portal's 'Invalid Code' modal. */
  invalidCode: 'INVALID_CODE',
  magicLinkInvalid: 'MAGIC_LINK_INVALID',
  signupAccountMismatch: 'SIGNUP_ACCOUNT_MISMATCH',
  signupEmailInUse: 'SIGNUP_EMAIL_IN_USE',
  signupAlreadyRegistered: 'SIGNUP_ALREADY_REGISTERED',
  noEmailOnFile: 'NO_EMAIL_ON_FILE',
  emailDeliveryFailed: 'EMAIL_DELIVERY_FAILED',
  resendFailed: 'RESEND_FAILED',
  sessionExpired: 'SESSION_EXPIRED',
  accountLocked: 'ACCOUNT_LOCKED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  paymentDeclined: 'PAYMENT_DECLINED',
  upstreamTimeout: 'UPSTREAM_TIMEOUT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
  /** SPEC §8 fallback for any non-401 failure the body does not explain. */
  fallbackUnexpected: 'ERR1001',
  /** SPEC §8 fallback for a 401 the body does not explain. */
  fallbackSessionExpired: 'ERR1002',
} as const;

/** SPEC §8: used when a body is not a recognised error object. */
export function fallbackError(status: number | undefined): ErrorObject {
  if (status === 401) {
    return {
      title: 'Session expired',
      status: 401,
      code: ERROR_CODES.fallbackSessionExpired,
      details: ['Your session has expired. Please log in again.'],
      requestId: '',
      correlationId: '',
    };
  }
  return {
    title: 'An unexpected error occurred',
    status: status ?? 500,
    code: ERROR_CODES.fallbackUnexpected,
    details: ['An error occurred while processing your request. Please try again later.'],
    requestId: '',
    correlationId: '',
  };
}

/** SPEC §8: a new code could not be sent. */
export function resendFailedError(message?: string): ErrorObject {
  return {
    title: 'Failed to Send Code',
    status: 400,
    code: ERROR_CODES.resendFailed,
    details: [message || 'Could not send verification code. Please try again.'],
    requestId: '',
    correlationId: '',
  };
}
