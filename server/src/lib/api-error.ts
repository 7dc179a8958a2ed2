import { ERROR_CODES } from '@webpay/contracts/errors';
import type { Language } from '@webpay/contracts/language';
import { ERROR_MESSAGES, type ErrorMessages } from './error-messages.ts';

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

/** Codes of the billing office's payment desk (voids and refunds). */
export const DESK_ERROR_CODES = {
  reversalNotAllowed: 'REVERSAL_NOT_ALLOWED',
  amountExceedsRefundable: 'AMOUNT_EXCEEDS_REFUNDABLE',
  secondSupervisorRequired: 'SECOND_SUPERVISOR_REQUIRED',
  processorUnavailable: 'PROCESSOR_UNAVAILABLE',
} as const;

/** Codes of financial assistance applications and their review (issue #27). */
export const ASSISTANCE_ERROR_CODES = {
  applicationAlreadyOpen: 'APPLICATION_ALREADY_OPEN',
  applicationNotOpen: 'APPLICATION_NOT_OPEN',
  documentRefused: 'DOCUMENT_REFUSED',
  secondReviewerRequired: 'SECOND_REVIEWER_REQUIRED',
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
  | (typeof HISTORY_ERROR_CODES)[keyof typeof HISTORY_ERROR_CODES]
  | (typeof DESK_ERROR_CODES)[keyof typeof DESK_ERROR_CODES]
  | (typeof ASSISTANCE_ERROR_CODES)[keyof typeof ASSISTANCE_ERROR_CODES];

/**
 * Words of an error in whichever language the request reads: a function of
 * the catalogue, or a plain string for text that is the same in every
 * language (an identifier, or words that came from elsewhere).
 */
export type LocalText = string | ((messages: ErrorMessages, language: Language) => string);

function textIn(text: LocalText, language: Language): string {
  return typeof text === 'string' ? text : text(ERROR_MESSAGES[language], language);
}

/**
 * An error the service means to show: it becomes the SPEC error object as it
 * is, worded in the request's language (decision 0013). Anything else thrown
 * in a handler is treated as a bug and answered with a bare 500.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  /** The English words, as logs and SPEC have them. */
  readonly title: string;
  readonly details: string[];
  /** Extra response headers, e.g. Retry-After. */
  readonly headers: Record<string, string>;
  private readonly text: { title: LocalText; details: readonly LocalText[] };

  constructor(
    statusCode: number,
    code: ErrorCode,
    title: LocalText,
    details: readonly LocalText[] = [],
    options: { headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    const englishDetails = details.map((detail) => textIn(detail, 'en'));
    const englishTitle = textIn(title, 'en');
    super(englishDetails[0] ?? englishTitle, { cause: options.cause });
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.title = englishTitle;
    this.details = englishDetails;
    this.headers = options.headers ?? {};
    this.text = { title, details };
  }

  /** The title and details in a reader's language. */
  wordedIn(language: Language): { title: string; details: string[] } {
    if (language === 'en') return { title: this.title, details: this.details };
    return {
      title: textIn(this.text.title, language),
      details: this.text.details.map((detail) => textIn(detail, language)),
    };
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** `body.accounts.0: <words>`: a field path stays as sent, the words follow the language. */
export function fieldText(field: string, words: LocalText): LocalText {
  return (messages, language) => messages.field(field, textIn(words, language));
}

/** The errors the service raises, with the words a guarantor reads. */
export const apiErrors = {
  validation: (details: readonly LocalText[], title: LocalText = (m) => m.titles.invalidRequest) =>
    new ApiError(400, ERROR_CODES.validation, title, details),

  unauthorized: (detail: LocalText = (m) => m.signInToContinue) =>
    new ApiError(401, ERROR_CODES.unauthorized, (m) => m.titles.unauthorized, [detail]),

  sessionExpired: () =>
    new ApiError(401, ERROR_CODES.sessionExpired, (m) => m.titles.sessionExpired, [
      (m) => m.signInAgain,
    ]),

  invalidCredentials: () =>
    new ApiError(401, ERROR_CODES.invalidCredentials, (m) => m.titles.signInFailed, [
      (m) => m.invalidPin,
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
      (m) => m.titles.accountLocked,
      [(m) => m.accountLocked(minutes, supportPhone)],
      { headers: { 'retry-after': String(seconds) } },
    );
  },

  invalidCode: () =>
    new ApiError(401, ERROR_CODES.invalidCode, (m) => m.titles.invalidCode, [(m) => m.invalidCode]),

  magicLinkInvalid: () =>
    new ApiError(401, ERROR_CODES.magicLinkInvalid, (m) => m.titles.magicLinkInvalid, [
      (m) => m.magicLinkInvalid,
    ]),

  signupAccountMismatch: () =>
    new ApiError(400, ERROR_CODES.signupAccountMismatch, (m) => m.titles.accountNotFound, [
      (m) => m.signupAccountMismatch,
    ]),

  signupAlreadyRegistered: () =>
    new ApiError(409, ERROR_CODES.signupAlreadyRegistered, (m) => m.titles.alreadySignedUp, [
      (m) => m.signupAlreadyRegistered,
    ]),

  signupEmailInUse: () =>
    new ApiError(409, ERROR_CODES.signupEmailInUse, (m) => m.titles.emailInUse, [
      (m) => m.signupEmailInUse,
    ]),

  noEmailOnFile: (supportPhone: string) =>
    new ApiError(400, ERROR_CODES.noEmailOnFile, (m) => m.titles.noEmailOnFile, [
      (m) => m.noEmailOnFile(supportPhone),
    ]),

  mailUnavailable: (cause?: unknown) =>
    new ApiError(
      503,
      ERROR_CODES.mailUnavailable,
      (m) => m.titles.emailNotSent,
      [(m) => m.mailUnavailable],
      { cause },
    ),

  /** A verification has had all the new codes it may have; starting again is the way on. */
  tooManyCodes: () =>
    new ApiError(429, ERROR_CODES.tooManyRequests, (m) => m.titles.tooManyCodes, [
      (m) => m.tooManyCodes,
    ]),

  tooManyRequests: (retryAfterSeconds: number) =>
    new ApiError(
      429,
      ERROR_CODES.tooManyRequests,
      (m) => m.titles.tooManyRequests,
      [(m) => m.tooManyRequests(retryAfterSeconds)],
      { headers: { 'retry-after': String(retryAfterSeconds) } },
    ),

  apiKeyRequired: (header: string) =>
    new ApiError(401, ERROR_CODES.apiKeyMissing, (m) => m.titles.apiKeyRequired, [
      (m) => m.apiKeyRequired(header),
    ]),

  apiKeyInvalid: (header: string) =>
    new ApiError(403, ERROR_CODES.apiKeyInvalid, (m) => m.titles.apiKeyInvalid, [
      (m) => m.apiKeyInvalid(header),
    ]),

  xhrMarkerRequired: (header: string, value: string) =>
    new ApiError(403, ERROR_CODES.xhrMarkerMissing, (m) => m.titles.requestMarkerRequired, [
      (m) => m.xhrMarkerRequired(header, value),
    ]),

  routeNotFound: (method: string, path: string) =>
    new ApiError(404, ERROR_CODES.routeNotFound, (m) => m.titles.notFound, [
      (m) => m.routeNotFound(method, path),
    ]),

  notFound: (detail: LocalText) =>
    new ApiError(404, ERROR_CODES.notFound, (m) => m.titles.notFound, [detail]),

  historicalDataRequired: () =>
    new ApiError(
      403,
      HISTORY_ERROR_CODES.historicalDataRequired,
      (m) => m.titles.historyUnavailable,
      [(m) => m.historyUnavailable],
    ),

  /** A staff sign-in that failed, whichever of e-mail, password or code was wrong. */
  staffInvalidCredentials: () =>
    new ApiError(401, ERROR_CODES.invalidCredentials, (m) => m.titles.signInFailed, [
      (m) => m.staffSignInFailed,
    ]),

  staffPermissionRequired: () =>
    new ApiError(
      403,
      ERROR_CODES.staffPermissionRequired,
      (m) => m.titles.staffPermissionRequired,
      [(m) => m.staffPermissionRequired],
    ),

  /** Unknown, used and expired links alike, so a guessed token learns nothing. */
  enrolmentLinkInvalid: () =>
    new ApiError(404, ERROR_CODES.enrolmentLinkInvalid, (m) => m.titles.enrolmentLinkInvalid, [
      (m) => m.enrolmentLinkInvalid,
    ]),

  enrolmentCodeInvalid: () =>
    new ApiError(400, ERROR_CODES.invalidCode, (m) => m.titles.invalidCode, [
      (m) => m.enrolmentCodeInvalid,
    ]),

  staffEmailInUse: () =>
    new ApiError(409, ERROR_CODES.staffEmailInUse, (m) => m.titles.emailInUse, [
      (m) => m.staffEmailInUse,
    ]),

  /** Also the answer for another guarantor's statement, so ids reveal nothing. */
  statementNotFound: () =>
    new ApiError(404, HISTORY_ERROR_CODES.statementNotFound, (m) => m.titles.statementNotFound, [
      (m) => m.statementNotFound,
    ]),

  /** Also the answer for another guarantor's receipt, so receipt numbers reveal nothing. */
  receiptNotFound: () =>
    new ApiError(404, HISTORY_ERROR_CODES.receiptNotFound, (m) => m.titles.receiptNotFound, [
      (m) => m.receiptNotFound,
    ]),

  databaseUnavailable: (cause?: unknown) =>
    new ApiError(
      503,
      ERROR_CODES.databaseUnavailable,
      (m) => m.titles.serviceUnavailable,
      [(m) => m.databaseUnavailable],
      { cause },
    ),

  shuttingDown: () =>
    new ApiError(503, ERROR_CODES.shuttingDown, (m) => m.titles.serviceUnavailable, [
      (m) => m.shuttingDown,
    ]),

  internal: () =>
    new ApiError(500, ERROR_CODES.internal, (m) => m.titles.unexpected, [(m) => m.unexpected]),
};
