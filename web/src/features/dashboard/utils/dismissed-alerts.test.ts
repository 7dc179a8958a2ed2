import { describe, expect, it, vi } from 'vitest';
import {
  alertStorageKey,
  dismissAlert,
  isAlertDismissed,
  paymentDelayAlertId,
} from './dismissed-alerts.ts';

const JAMES = 'guarantor-james';
const MARIA = 'guarantor-maria';
const HOME_CARE = paymentDelayAlertId('221');
const CLINIC_LAB = paymentDelayAlertId('753');

describe('dismissed alerts (SPEC §2 other-facility warning remembered per facility, guarantor and alert id)', () => {
  it('keys the storage by guarantor and alert id', () => {
    expect(HOME_CARE).toBe('payment-delay-221');
    expect(alertStorageKey(JAMES, HOME_CARE)).toBe(
      'webpay-alert-dismissed:guarantor-james:payment-delay-221',
    );
  });

  it('is not dismissed until dismissed, then stays dismissed', () => {
    expect(isAlertDismissed(JAMES, HOME_CARE)).toBe(false);
    expect(dismissAlert(JAMES, HOME_CARE)).toBe(true);
    expect(localStorage.getItem(alertStorageKey(JAMES, HOME_CARE))).not.toBeNull();
    expect(isAlertDismissed(JAMES, HOME_CARE)).toBe(true);
  });

  it('remembers a dismissal for that guarantor and facility only', () => {
    dismissAlert(JAMES, HOME_CARE);
    expect(isAlertDismissed(JAMES, CLINIC_LAB)).toBe(false);
    expect(isAlertDismissed(MARIA, HOME_CARE)).toBe(false);
  });

  it('never shares a dismissal when the guarantor is unknown', () => {
    expect(dismissAlert('', HOME_CARE)).toBe(false);
    expect(localStorage.length).toBe(0);
    expect(isAlertDismissed('', HOME_CARE)).toBe(false);
  });

  it('treats a storage that throws as nothing dismissed and nothing remembered', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(isAlertDismissed(JAMES, HOME_CARE)).toBe(false);
    expect(dismissAlert(JAMES, HOME_CARE)).toBe(false);
  });

  it('treats storage that cannot even be reached as nothing dismissed', () => {
    const blocked = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      expect(isAlertDismissed(JAMES, HOME_CARE)).toBe(false);
      expect(dismissAlert(JAMES, HOME_CARE)).toBe(false);
    } finally {
      // The shared afterEach clears localStorage, which needs the real getter back first.
      blocked.mockRestore();
    }
  });
});
