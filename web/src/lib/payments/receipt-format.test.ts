import { describe, expect, it } from 'vitest';
import {
  formatExpiry,
  formatReceiptDate,
  maskedBankAccount,
  maskedCard,
} from './receipt-format.ts';

describe('receipt formats', () => {
  it('masks card and bank numbers to the last four digits', () => {
    expect(maskedCard({ brand: 'VISA', last4: '9990', expiry: '1227' })).toBe('VISA •••• 9990');
    expect(maskedCard({ brand: 'MC', last4: '54**********3330', expiry: '' })).toBe('MC •••• 3330');
    expect(maskedBankAccount({ accountType: 'CHECKING', accountNumber: '123456789' })).toBe(
      'Checking •••• 6789',
    );
    expect(maskedBankAccount({ accountType: 'SAVINGS', accountNumber: '****4321' })).toBe(
      'Savings •••• 4321',
    );
  });

  it("shows Converge's MMYY expiry as MM/YY", () => {
    expect(formatExpiry('1227')).toBe('12/27');
    expect(formatExpiry('12/27')).toBe('12/27');
  });

  it("dates a receipt on the facility's clock, naming its zone", () => {
    // 06:30 UTC on Nov 25 is 11:30 PM on Nov 24 in Denver; in July, Denver keeps daylight time.
    expect(formatReceiptDate('2026-11-25T06:30:00.000Z', 'en', 'America/Denver')).toBe(
      'Nov 24, 2026, 11:30 PM MST',
    );
    expect(formatReceiptDate('2026-07-15T19:42:00.000Z', 'en', 'America/Denver')).toBe(
      'Jul 15, 2026, 1:42 PM MDT',
    );
    expect(formatReceiptDate('2026-11-25T06:30:00.000Z', 'es', 'America/Denver')).toMatch(
      /^24 nov 2026, 11:30\sp\.\s?m\. MST$/,
    );
  });
});
