import { ERROR_CODES } from '@webpay/contracts/errors';
import { SIGN_IN_ERROR_DETAILS } from '@webpay/contracts/sign-in';

/**
 * The payment endpoints' codes. The portal branches on them as on
 * ERROR_CODES, so they are meant to move into the shared contracts.
 */
export const PAYMENT_ERROR_CODES = {
  accountNotFound: 'ACCOUNT_NOT_FOUND',
  amountExceedsBalance: 'AMOUNT_EXCEEDS_BALANCE',
  paymentTypeMismatch: 'PAYMENT_TYPE_MISMATCH',
  duplicateAccount: 'DUPLICATE_ACCOUNT',
  saveEmailNotAllowed: 'SAVE_EMAIL_NOT_ALLOWED',
  paymentNotFound: 'PAYMENT_NOT_FOUND',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  idempotencyRequestInProgress: 'IDEMPOTENCY_REQUEST_IN_PROGRESS',
  paymentAlreadyRecorded: 'PAYMENT_ALREADY_RECORDED',
  paymentNotCancellable: 'PAYMENT_NOT_CANCELLABLE',
  paymentNotVerified: 'PAYMENT_NOT_VERIFIED',
  paymentDeclined: 'PAYMENT_DECLINED',
  processorTimeout: 'PROCESSOR_TIMEOUT',
  processorError: 'PROCESSOR_ERROR',
} as const;

/** Codes of the statement, payment history and receipt endpoints (historical-data role). */
export const HISTORY_ERROR_CODES = {
  historicalDataRequired: 'HISTORICAL_DATA_REQUIRED',
  statementNotFound: 'STATEMENT_NOT_FOUND',
  receiptNotFound: 'RECEIPT_NOT_FOUND',
} as const;

export type ErrorCode =
  | (typeof ERROR_CODES)[keyof typeof ERROR_CODES]
  | (typeof PAYMENT_ERROR_CODES)[keyof typeof PAYMENT_ERROR_CODES]
  | (typeof HISTORY_ERROR_CODES)[keyof typeof HISTORY_ERROR_CODES];

/**
 * An error the service means to show: it becomes the SPEC error object as it
 * is. Anything else thrown in a handler is treated as a bug and answered with
 * a bare 500.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly title: string;
  readonly details: string[];
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    code: ErrorCode,
    title: string,
    details: string[] = [],
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(details[0] ?? title, { cause: options.cause });
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.title = title;
    this.details = details;
    this.headers = options.headers ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const SIGN_IN_AGAIN = 'Your session has expired. Please log in again.';

/** The errors the service raises, with the words a guarantor reads. */
export const apiErrors = {
  validation: (details: string[], title = 'Invalid request') =>
    new ApiError(400, ERROR_CODES.validation, title, details),

  unauthorized: (detail = 'Please sign in to continue.') =>
    new ApiError(401, ERROR_CODES.unauthorized, 'Unauthorized', [detail]),

  sessionExpired: () =>
    new ApiError(401, ERROR_CODES.sessionExpired, 'Session expired', [SIGN_IN_AGAIN]),

  invalidCredentials: () =>
    new ApiError(401, ERROR_CODES.invalidCredentials, 'Sign-in failed', [
      'The account number or PIN is incorrect.',
    ]),

  /**
   * Sign-in paused for an account number or e-mail address. The words say
   * when it lifts; Retry-After says it to machines.
   */
  accountLocked: (lockedUntil: Date, now: Date, supportPhone: string) => {
    const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    return new ApiError(
      423,
      ERROR_CODES.accountLocked,
      'Account locked',
      [
        `There have been too many unsuccessful sign-in attempts, so sign-in to this account is paused for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}. Please try again later, or call ${supportPhone} for help.`,
      ],
      { headers: { 'retry-after': String(seconds) } },
    );
  },

  invalidCode: () =>
    new ApiError(401, ERROR_CODES.invalidCode, 'Invalid Code', [SIGN_IN_ERROR_DETAILS.invalidCode]),

  magicLinkInvalid: () =>
    new ApiError(401, ERROR_CODES.magicLinkInvalid, 'Sign-in link not valid', [
      SIGN_IN_ERROR_DETAILS.magicLinkInvalid,
    ]),

  signupAccountMismatch: () =>
    new ApiError(400, ERROR_CODES.signupAccountMismatch, 'Account not found', [
      SIGN_IN_ERROR_DETAILS.signupAccountMismatch,
    ]),

  signupAlreadyRegistered: () =>
    new ApiError(409, ERROR_CODES.signupAlreadyRegistered, 'Already signed up', [
      SIGN_IN_ERROR_DETAILS.signupAlreadyRegistered,
    ]),

  signupEmailInUse: () =>
    new ApiError(409, ERROR_CODES.signupEmailInUse, 'Email already in use', [
      SIGN_IN_ERROR_DETAILS.signupEmailInUse,
    ]),

  noEmailOnFile: (supportPhone: string) =>
    new ApiError(400, ERROR_CODES.noEmailOnFile, 'No email on file', [
      `There is no email address on file for this account, so we cannot email you a code. Please call ${supportPhone} to add one.`,
    ]),

  emailDeliveryFailed: (cause?: unknown) =>
    new ApiError(
      503,
      ERROR_CODES.emailDeliveryFailed,
      'Email not sent',
      [SIGN_IN_ERROR_DETAILS.emailDeliveryFailed],
      { cause },
    ),

  /** A verification has had all the new codes it may have; starting again is the way on. */
  tooManyCodes: () =>
    new ApiError(429, ERROR_CODES.tooManyRequests, 'Too many codes requested', [
      SIGN_IN_ERROR_DETAILS.tooManyCodes,
    ]),

  tooManyRequests: (retryAfterSeconds: number) =>
    new ApiError(
      429,
      ERROR_CODES.tooManyRequests,
      'Too many requests',
      [
        `Too many attempts from this device. Please wait ${retryAfterSeconds} ${retryAfterSeconds === 1 ? 'second' : 'seconds'} and try again.`,
      ],
      { headers: { 'retry-after': String(retryAfterSeconds) } },
    ),

  apiKeyRequired: (header: string) =>
    new ApiError(401, ERROR_CODES.apiKeyMissing, 'API key required', [
      `Send the ${header} header with the key configured for this service.`,
    ]),

  apiKeyInvalid: (header: string) =>
    new ApiError(403, ERROR_CODES.apiKeyInvalid, 'Invalid API key', [
      `The ${header} header does not match the key configured for this service.`,
    ]),

  xhrMarkerRequired: (header: string, value: string) =>
    new ApiError(403, ERROR_CODES.xhrMarkerMissing, 'Request marker required', [
      `Send the header ${header}: ${value} with every call to this service.`,
    ]),

  routeNotFound: (method: string, path: string) =>
    new ApiError(404, ERROR_CODES.routeNotFound, 'Not found', [
      `There is no ${method} ${path} in this service.`,
    ]),

  notFound: (detail: string) => new ApiError(404, ERROR_CODES.notFound, 'Not found', [detail]),

  historicalDataRequired: () =>
    new ApiError(
      403,
      HISTORY_ERROR_CODES.historicalDataRequired,
      'Statements and payments unavailable',
      [
        'Your account does not have access to statements and payment history online. Please call the billing office if you need a copy.',
      ],
    ),

  /** Also the answer for another guarantor's statement, so ids reveal nothing. */
  statementNotFound: () =>
    new ApiError(404, HISTORY_ERROR_CODES.statementNotFound, 'Statement not found', [
      'There is no statement with this id on your account.',
    ]),

  /** Also the answer for another guarantor's receipt, so receipt numbers reveal nothing. */
  receiptNotFound: () =>
    new ApiError(404, HISTORY_ERROR_CODES.receiptNotFound, 'Receipt not found', [
      'There is no receipt with this number on your account.',
    ]),

  databaseUnavailable: (cause?: unknown) =>
    new ApiError(
      503,
      ERROR_CODES.databaseUnavailable,
      'Service unavailable',
      ['The service cannot reach its database right now. Please try again in a few moments.'],
      { cause },
    ),

  internal: () =>
    new ApiError(500, ERROR_CODES.internal, 'An unexpected error occurred', [
      'An error occurred while processing your request. Please try again later.',
    ]),
};
