import type { ErrorObject } from './errors.ts';
import type { Language, Translation } from './language.ts';

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
  mailUnavailable: 'MAIL_UNAVAILABLE',
  resendFailed: 'RESEND_FAILED',
  sessionExpired: 'SESSION_EXPIRED',
  accountLocked: 'ACCOUNT_LOCKED',
  tooManyRequests: 'TOO_MANY_REQUESTS',
  paymentDeclined: 'PAYMENT_DECLINED',
  /**
   * A payment line pays more than its balance less the portal payments
   * already pending on it; the portal asks, then sends acknowledgePending.
   */
  pendingPaymentExists: 'PENDING_PAYMENT_EXISTS',
  /** A saved payment method that is not the guarantor's, or was removed. */
  paymentMethodNotFound: 'PAYMENT_METHOD_NOT_FOUND',
  /** A plan's autopay or statement autopay uses the method; `details` name them. Send a replacementId. */
  paymentMethodInUse: 'PAYMENT_METHOD_IN_USE',
  /** The card or bank account is already saved. */
  paymentMethodDuplicate: 'PAYMENT_METHOD_DUPLICATE',
  /** The processor did not confirm the card being saved (verification or token). */
  cardNotVerified: 'CARD_NOT_VERIFIED',
  upstreamTimeout: 'UPSTREAM_TIMEOUT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
  /** This instance is stopping: a load balancer sends the request to another. */
  shuttingDown: 'SHUTTING_DOWN',
  internal: 'INTERNAL_ERROR',
  /** The billing office: the staff member's role does not allow the call (decision 0023). */
  staffPermissionRequired: 'STAFF_PERMISSION_REQUIRED',
  /** The billing office: an enrolment link that is unknown, used or expired. */
  enrolmentLinkInvalid: 'ENROLMENT_LINK_INVALID',
  /** The billing office: another staff member has this e-mail address. */
  staffEmailInUse: 'STAFF_EMAIL_IN_USE',
  /** SPEC §8 fallback for any non-401 failure the body does not explain. */
  fallbackUnexpected: 'ERR1001',
  /** SPEC §8 fallback for a 401 the body does not explain. */
  fallbackSessionExpired: 'ERR1002',
} as const;

/** The words of the portal's own fallback errors, SPEC §8's in English. */
export const FALLBACK_ERROR_TEXT = {
  sessionExpiredTitle: 'Session expired',
  sessionExpired: 'Your session has expired. Please log in again.',
  unexpectedTitle: 'An unexpected error occurred',
  unexpected: 'An error occurred while processing your request. Please try again later.',
  resendFailedTitle: 'Failed to Send Code',
  resendFailed: 'Could not send verification code. Please try again.',
} as const;

export const FALLBACK_ERROR_TEXT_ES: Translation<typeof FALLBACK_ERROR_TEXT> = {
  sessionExpiredTitle: 'Sesión vencida',
  sessionExpired: 'Su sesión ha vencido. Vuelva a iniciar sesión.',
  unexpectedTitle: 'Se produjo un error inesperado',
  unexpected: 'Se produjo un error al procesar su solicitud. Inténtelo de nuevo más tarde.',
  resendFailedTitle: 'No se pudo enviar el código',
  resendFailed: 'No se pudo enviar el código de verificación. Inténtelo de nuevo.',
};

function fallbackText(language: Language): Translation<typeof FALLBACK_ERROR_TEXT> {
  return language === 'es' ? FALLBACK_ERROR_TEXT_ES : FALLBACK_ERROR_TEXT;
}

/** SPEC §8: used when a body is not a recognised error object. */
export function fallbackError(status: number | undefined, language: Language = 'en'): ErrorObject {
  const text = fallbackText(language);
  if (status === 401) {
    return {
      title: text.sessionExpiredTitle,
      status: 401,
      code: ERROR_CODES.fallbackSessionExpired,
      details: [text.sessionExpired],
      requestId: '',
      correlationId: '',
    };
  }
  return {
    title: text.unexpectedTitle,
    status: status ?? 500,
    code: ERROR_CODES.fallbackUnexpected,
    details: [text.unexpected],
    requestId: '',
    correlationId: '',
  };
}

/** SPEC §8: a new code could not be sent. */
export function resendFailedError(message?: string, language: Language = 'en'): ErrorObject {
  const text = fallbackText(language);
  return {
    title: text.resendFailedTitle,
    status: 400,
    code: ERROR_CODES.resendFailed,
    details: [message || text.resendFailed],
    requestId: '',
    correlationId: '',
  };
}
