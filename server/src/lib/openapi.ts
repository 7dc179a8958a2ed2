import { errorObjectSchema } from '@webpay/contracts/errors';

/** Security scheme names, as declared in the OpenAPI document's components. */
export const SECURITY_SCHEMES = {
  apiKey: 'apiKey',
  xhrMarker: 'xhrMarker',
  bearer: 'bearerAuth',
  staffBearer: 'staffBearerAuth',
} as const;

const apiKeyAndMarker = { [SECURITY_SCHEMES.apiKey]: [], [SECURITY_SCHEMES.xhrMarker]: [] };

/** Per-route `security` values: every service call carries the API key and the XHR marker. */
export const SECURITY = {
  none: [],
  service: [apiKeyAndMarker],
  signedIn: [{ ...apiKeyAndMarker, [SECURITY_SCHEMES.bearer]: [] }],
  optionalSignIn: [{ ...apiKeyAndMarker, [SECURITY_SCHEMES.bearer]: [] }, apiKeyAndMarker],
  /** The billing office's calls: a staff session's token, no API key (decision 0023). */
  staff: [{ [SECURITY_SCHEMES.staffBearer]: [] }],
};

export const OPENAPI_TAGS = [
  { name: 'config', description: 'Portal configuration and contact details' },
  {
    name: 'financial-assistance',
    description:
      "The hospital's financial assistance policy as published, and the estimate of the help a household may get; no sign-in",
  },
  {
    name: 'auth',
    description:
      'Sign-in by PIN, magic link, e-mail + birthdate and e-mailed code; sign-up; e-mail multi-factor; the current user and sign-out',
  },
  { name: 'encounters', description: "The signed-in guarantor's pending bills and payment plans" },
  {
    name: 'payments',
    description:
      'Card payments through the processor’s lightbox, eCheck (ACH) payments, receipts; each charged and recorded exactly once',
  },
  {
    name: 'payment-methods',
    description:
      "The signed-in guarantor's saved cards (processor tokens) and bank accounts (sealed) for later payments and autopay (docs/payment-methods.md)",
  },
  {
    name: 'autopay',
    description:
      "The signed-in guarantor's autopay: what is on, coming and charged; turn it on or off on a plan or on statements; skip one charge (docs/autopay.md)",
  },
  {
    name: 'payment-plans',
    description:
      'Payment plans the signed-in guarantor sets up on open balances, under the hospital’s rules (docs/payment-plans.md)',
  },
  {
    name: 'statements',
    description:
      "The signed-in guarantor's statements, as data and as PDF; needs the historical-data role",
  },
  {
    name: 'payment-history',
    description:
      "The signed-in guarantor's recorded payments and their receipts; needs the historical-data role",
  },
  {
    name: 'office',
    description:
      'The billing office console: staff sign-in with password and TOTP, enrolment, staff administration (decision 0023)',
  },
  {
    name: 'payment-desk',
    description:
      'The billing office’s payment desk: find and read payments, void and refund them once, approvals (docs/payment-desk.md)',
  },
  { name: 'health', description: 'Liveness and readiness probes' },
];

const ERROR_DESCRIPTIONS = {
  400: 'Bad input; `details` names each bad field',
  401: 'No API key, or no valid session (`SESSION_EXPIRED` when it expired or was revoked)',
  402: 'The payment was declined (`PAYMENT_DECLINED`) or its approval could not be verified with the processor (`PAYMENT_NOT_VERIFIED`), or a card being saved was not confirmed (`CARD_NOT_VERIFIED`)',
  403: 'Wrong API key or missing X-Requested-With marker, or the session lacks the role the call needs (`HISTORICAL_DATA_REQUIRED`, `STAFF_PERMISSION_REQUIRED`)',
  404: 'Not found, or not the caller’s',
  408: 'The card processor did not answer in time (`PROCESSOR_TIMEOUT`); the payment is checked again later',
  409: 'Conflicts with what is on file (already signed up, e-mail address in use, an Idempotency-Key used for another request, a payment already recorded)',
  413: 'Request body too large',
  414: 'A path parameter is longer than the router reads (100 characters, URL-encoded)',
  415: 'Request body is not JSON',
  423: 'Sign-in paused after repeated failures (see Retry-After)',
  429: 'Throttled; see Retry-After',
  500: 'Unexpected error (no internals are disclosed), or the card processor refused (`PROCESSOR_ERROR`)',
  503: 'Database unavailable, or an e-mail could not be sent (`MAIL_UNAVAILABLE`)',
} as const;

export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

interface ErrorResponse {
  description: string;
  content: { 'application/json': { schema: typeof errorObjectSchema } };
}

/** Response entries for error statuses: the SPEC error object, described per status. */
export function errorResponses<const S extends readonly ErrorStatus[]>(
  ...statuses: S
): Record<S[number], ErrorResponse> {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: ERROR_DESCRIPTIONS[status],
        content: { 'application/json': { schema: errorObjectSchema } },
      },
    ]),
  ) as Record<S[number], ErrorResponse>;
}

/** Every service route can answer these: the API guard, an unexpected error, a lost database. */
export const SERVICE_ERRORS = [401, 403, 500, 503] as const;
/** Routes that read a JSON body can also refuse it. */
export const BODY_ERRORS = [400, 413, 415] as const;
/**
 * Routes with a path parameter: the router refuses one longer than its
 * limit (Fastify's maxParamLength) with 414 before any schema sees it.
 */
export const PATH_ERRORS = [400, 414] as const;
