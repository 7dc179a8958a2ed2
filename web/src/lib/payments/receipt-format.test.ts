import { describe, expect, it } from 'vitest';
import { formatExpiry, maskedBankAccount, maskedCard } from './receipt-format.ts';

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
});
