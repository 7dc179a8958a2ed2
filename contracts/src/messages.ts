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
} as const;

/** SPEC §8 Dashboard fetch errors (toasts). */
export const DASHBOARD_MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  fetchFailed: 'Failed to fetch account information. Please try again later.',
  noEncounters: 'No current encounters found',
  noPlanEncounters: 'No payment plan encounters found',
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
