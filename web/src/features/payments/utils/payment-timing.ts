/** SPEC §9 timings of the payment dialog. */

/** How long the card window may take to say it is ready before it is opened anyway. */
export const LIGHTBOX_READY_TIMEOUT_MS = 10_000;

/** How long the guarantor reads the session-expired message before going to sign in. */
export const LOGIN_REDIRECT_DELAY_MS = 5_000;
