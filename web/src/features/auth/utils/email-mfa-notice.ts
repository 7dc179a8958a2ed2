/** Remembered per browser tab and session: the next sign-in offers it again. */
const STORAGE_KEY = 'webpay-email-mfa-notice-dismissed';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function isEmailMfaNoticeDismissed(sessionId: string): boolean {
  return !!sessionId && storage()?.getItem(STORAGE_KEY) === sessionId;
}

export function dismissEmailMfaNotice(sessionId: string): void {
  try {
    storage()?.setItem(STORAGE_KEY, sessionId);
  } catch {
    // Without storage the notice is dismissed until the page is reloaded.
  }
}
