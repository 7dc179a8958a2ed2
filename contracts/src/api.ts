/** SPEC §7: where the billing service lives and how every call identifies itself. */
export const SERVICE_BASE_PATH = '/api/v1/services/rcm-webpay-service';
export const PORTAL_BASE_PATH = '/webpay';

export const API_KEY_HEADER = 'X-API-Key';
export const XHR_MARKER_HEADER = 'X-Requested-With';
export const XHR_MARKER_VALUE = 'XMLHttpRequest';
export const REQUEST_ID_HEADER = 'X-Request-Id';
export const CORRELATION_ID_HEADER = 'X-Correlation-Id';

/** The API key a development install uses when `WEBPAY_API_KEY` is not set. */
export const DEVELOPMENT_API_KEY = 'webpay-dev-api-key';

/** SPEC §9: billing client timeout. */
export const CLIENT_TIMEOUT_MS = 30_000;

/** Paths of the billing service, relative to SERVICE_BASE_PATH. */
export const API_PATHS = {
  configApp: '/config/app',
  configContactInfo: '/config/contactInfo',
  login: '/auth/login',
  loginMagic: '/auth/login/magic',
  loginMagicRequest: '/auth/login/magic/request',
  loginEmail: '/auth/login/email',
  loginCode: '/auth/login/code',
  me: '/auth/me',
  /** PUT: the signed-in guarantor's language, for e-mails sent outside a visit (decision 0013). */
  meLanguage: '/auth/me/language',
  logout: '/auth/logout',
  mfaEmail: '/auth/mfa/email',
  signupEmail: '/auth/signup/email',
  signupSendCode: '/auth/signup/email/send-code',
  encounters: '/encounters',
  paymentsInit: '/payments/init',
  paymentsAch: '/payments/ach',
  /** PUT completes a card payment; DELETE cancels one. */
  payment: (id: string) => `/payments/${encodeURIComponent(id)}`,
  paymentCard: (id: string) => `/payments/${encodeURIComponent(id)}/card`,
  /** GET: the guarantor's payment history (historical-data role). */
  payments: '/payments',
  receipt: (receiptId: string) => `/receipts/${encodeURIComponent(receiptId)}`,
  statements: '/statements',
  statement: (id: string) => `/statements/${encodeURIComponent(id)}`,
  statementPdf: (id: string) => `/statements/${encodeURIComponent(id)}/pdf`,
} as const;

/**
 * The portal's key for one payment attempt: a double click or a retried
 * request carrying the same key charges once and gets the same answer.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
