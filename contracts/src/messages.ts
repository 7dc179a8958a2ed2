/**
 * Words the portal shows exactly as SPEC.md writes them, in one place so the
 * portal and its end-to-end tests cannot drift apart.
 */

/** SPEC §1: the login page's promotional panel. */
export const LOGIN_PROMO = {
  heading: 'Secure Patient Payment Portal',
  body: 'Access your medical bills, view statements, and make secure payments all in one place.',
  bullets: ['Secure & encrypted transactions', '24/7 account access', 'Easy payment options'],
} as const;

/** SPEC §1: the login page title is the portal name followed by 'Login'. */
export function loginPageTitle(portalName: string): string {
  return `${portalName} Login`;
}

/** SPEC §4 / §8 modals. */
export const SESSION_EXPIRED_MODAL = {
  title: 'Session Expired',
  message: 'Your session has expired. Please log in again to continue.',
  action: 'Go to Login',
} as const;

export const INVALID_CODE_MODAL = {
  title: 'Invalid Code',
  message: 'The verification code you entered is invalid or has expired.',
  resend: 'Send New Code',
  cancel: 'Cancel',
} as const;

/** SPEC §8 sign-in failures. */
export const SIGN_IN_MESSAGES = {
  unexpected: 'Unexpected error during sign-in, please try again later.',
  magicLinkFailed: 'Unexpected error during sign-in with magic link',
  /** Not in SPEC: wording for a refused account number / PIN that never says which was wrong. */
  invalidPinCredentials: 'The account number or PIN is incorrect.',
  /** Not in SPEC: a lockout (423) whose answer carried no words of its own. */
  locked: 'Sign-in is paused after too many unsuccessful attempts. Please try again later.',
  /** Not in SPEC: throttling (429) whose answer carried no words of its own. */
  throttled: 'Too many attempts. Please wait a moment and try again.',
} as const;

/** Not in SPEC: throttling (429) with a Retry-After but no words of its own. */
export function throttledMessage(retryAfterSeconds: number): string {
  const unit = retryAfterSeconds === 1 ? 'second' : 'seconds';
  return `Too many attempts. Please wait ${retryAfterSeconds} ${unit} and try again.`;
}

/** SPEC §8 Dashboard fetch errors (toasts). */
export const DASHBOARD_MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  fetchFailed: 'Failed to fetch account information. Please try again later.',
  noEncounters: 'No current encounters found',
  noPlanEncounters: 'No payment plan encounters found',
  /** Followed by the facility title on an other-facility tab. */
  noFacilityEncounters: 'No encounters found',
  noItemsSelected: 'No items selected for payment',
  amountExceedsBalance: 'Amount exceeds balance',
  /** SPEC §5: the plan cards' message; never triggered on the main tab. */
  amountExceedsTotalDue: 'Amount exceeds total due',
} as const;

/** SPEC §2 Dashboard: the names of its cards, columns and buttons. */
export const DASHBOARD_LABELS = {
  mainTab: 'Hospitals & Clinics',
  totalOutstanding: 'Total Outstanding',
  payTotal: 'Pay Total',
  pastDue: 'Past Due',
  overduePaymentPlans: 'Overdue Payment Plans',
  specifyAmount: 'Specify Amount',
  selectedForPayment: 'Selected for Payment',
  payNow: 'Pay Now',
  needAssistance: 'Need Assistance',
  pendingEncounters: 'Pending Encounters',
  encountersInPaymentPlan: 'Encounters in Payment Plan',
  totalPaymentAmount: 'Total Payment Amount',
  pendingPayments: 'Pending Payments',
  overdue: 'Overdue',
  full: 'Full',
  clear: 'Clear',
  interestRate: '0%',
} as const;

/**
 * Not in SPEC word for word: the sentences SPEC §2 describes on the dashboard
 * (footer note, 24-hour warning, plan eligibility note, custom amount help).
 */
export const DASHBOARD_NOTES = {
  paymentOptions: (phone: string) =>
    `Need more time or a different arrangement? Please call ${phone} to discuss payment options.`,
  otherFacilityDelay:
    'Payments to this facility may take up to 24 hours to be reflected in your balance.',
  notEligibleForPlans: 'These encounters are not eligible for payment plans.',
  customAmountHelp:
    'Pay any amount toward your account. The billing office applies it to your oldest balances first.',
} as const;

/** SPEC §8 error screen, chosen by what the error says. */
export const ERROR_SCREEN = {
  connection: {
    title: 'Connection Error',
    message:
      'Unable to connect to our servers. Please check your internet connection and try again.',
  },
  authentication: {
    title: 'Authentication Error',
    message: 'Your session has expired. Please log in again.',
    action: 'Log In Again',
  },
  timeout: {
    title: 'Request Timeout',
    message: 'The request took too long to complete. Please try again.',
  },
  generic: {
    title: 'Something went wrong',
    message: "We're experiencing technical difficulties. Please try again in a few moments.",
  },
  retry: 'Try Again',
  retrying: 'Retrying...',
  refresh: 'Refresh Page',
} as const;

/** SPEC §4 / §8 generic api-error modal: its defaults when the caller gives none. */
export const API_ERROR_MODAL = {
  title: 'Error',
  message: 'An error occurred',
  /** The message for a 403 answer when the caller gives none. */
  noAccess: 'You do not currently have access.',
  close: 'Close',
} as const;

/**
 * Not in SPEC: the magic-link request's confirmation. The same words whatever
 * the address, so the form cannot tell anyone who has an account.
 */
export const MAGIC_LINK_REQUEST_MESSAGES = {
  sent: 'If that address belongs to an account, we sent a sign-in link to it. The link works once, for 15 minutes.',
  failed: 'We could not send a sign-in link just now. Please try again later.',
} as const;

/** Not in SPEC: sign-up failures the service does not word itself. */
export const SIGN_UP_MESSAGES = {
  unexpected: 'Unexpected error during sign-up, please try again later.',
} as const;

/** Not in SPEC: the dashboard's offer of e-mail multi-factor to PIN and magic-link sessions. */
export const EMAIL_MFA_NOTICE = {
  message: 'Confirm your identity by email to save receipt email addresses to your account.',
  action: 'Email me a code',
} as const;
