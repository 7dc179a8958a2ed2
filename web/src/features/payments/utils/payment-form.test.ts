import { describe, expect, it } from 'vitest';
import { maria } from '@test/fixtures.ts';
import {
  canSaveEmail,
  defaultPaymentFormValues,
  digitsOnly,
  receiptEmail,
} from './payment-form.ts';

describe('payment form rules', () => {
  it('defaults to card and to the account e-mail when there is one (SPEC §4)', () => {
    expect(defaultPaymentFormValues(maria)).toMatchObject({
      firstName: 'Maria',
      lastName: 'Garcia',
      method: 'card',
      emailOption: 'account',
    });
    expect(defaultPaymentFormValues({ ...maria, email: null }).emailOption).toBe('none');
  });

  it('sends none → null, account → the account e-mail, custom → the typed address', () => {
    expect(receiptEmail({ emailOption: 'none', customEmail: 'x@example.org' }, maria)).toBeNull();
    expect(receiptEmail({ emailOption: 'account', customEmail: '' }, maria)).toBe(maria.email);
    expect(receiptEmail({ emailOption: 'custom', customEmail: ' x@example.org ' }, maria)).toBe(
      'x@example.org',
    );
  });

  it('offers saving an e-mail only for custom + totp + a different address (SPEC §5)', () => {
    const totp = { loginType: 'totp' } as const;
    expect(canSaveEmail('custom', 'new@example.org', maria, totp)).toBe(true);
    expect(canSaveEmail('custom', ' MARIA.GARCIA@example.com', maria, totp)).toBe(false);
    expect(canSaveEmail('custom', '', maria, totp)).toBe(false);
    expect(canSaveEmail('account', 'new@example.org', maria, totp)).toBe(false);
    expect(canSaveEmail('custom', 'new@example.org', maria, { loginType: 'pin' })).toBe(false);
    expect(canSaveEmail('custom', 'new@example.org', { email: null }, totp)).toBe(true);
  });

  it('keeps digits only, up to the limit', () => {
    expect(digitsOnly('49-00 0001 8x9', 9)).toBe('490000018');
  });
});
