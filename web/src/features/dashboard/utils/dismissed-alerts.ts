/**
 * Notices a guarantor has dismissed, remembered in this browser per guarantor
 * so that someone else signing in on a shared computer still sees them.
 */

const KEY_PREFIX = 'webpay-alert-dismissed';

export function alertStorageKey(guarantorId: string, alertId: string): string {
  return `${KEY_PREFIX}:${guarantorId}:${alertId}`;
}

/** SPEC §2 Other-facility tab: the 24-hour warning is remembered per facility. */
export function paymentDelayAlertId(facilityId: string): string {
  return `payment-delay-${facilityId}`;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Privacy settings can block storage entirely; the notice then simply shows again.
    return null;
  }
}

export function isAlertDismissed(guarantorId: string, alertId: string): boolean {
  // Without a guarantor the key would be shared by everyone using this browser.
  if (!guarantorId) return false;
  const store = storage();
  if (!store) return false;
  try {
    return store.getItem(alertStorageKey(guarantorId, alertId)) !== null;
  } catch {
    return false;
  }
}

/** Remembers the dismissal; returns false when the browser would not store it. */
export function dismissAlert(guarantorId: string, alertId: string): boolean {
  if (!guarantorId) return false;
  const store = storage();
  if (!store) return false;
  try {
    store.setItem(alertStorageKey(guarantorId, alertId), new Date().toISOString());
    return true;
  } catch {
    // A full or private-mode storage must not break the dashboard.
    return false;
  }
}
