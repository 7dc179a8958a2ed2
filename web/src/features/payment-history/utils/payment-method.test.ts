import { describe, expect, it } from 'vitest';
import { historyItem } from '../../../../test/payment-history/payment-history-fixtures.ts';
import { keepMaskedNumberTogether, paymentMethodText } from './payment-method.ts';

describe('payment method', () => {
  it('shows a card by brand and last four, a bank account by type and last four', () => {
    expect(paymentMethodText(historyItem())).toBe('VISA •••• 9990');
    const bank = { method: 'eCheck' as const, card: null };
    expect(
      paymentMethodText(
        historyItem({ ...bank, eCheck: { accountType: 'CHECKING', last4: '6789' } }),
      ),
    ).toBe('Checking •••• 6789');
    expect(
      paymentMethodText(
        historyItem({ ...bank, eCheck: { accountType: 'SAVINGS', last4: '4321' } }),
      ),
    ).toBe('Savings •••• 4321');
  });

  it('names the method when no masked number came with it', () => {
    expect(paymentMethodText(historyItem({ card: null }))).toBe('Card');
    expect(paymentMethodText(historyItem({ method: 'eCheck', card: null, eCheck: null }))).toBe(
      'Bank account',
    );
  });
});

describe('keepMaskedNumberTogether', () => {
  it('binds the last four to the mask, and only there', () => {
    expect(keepMaskedNumberTogether('Cuenta de ahorros •••• 4321')).toBe(
      'Cuenta de ahorros ••••\u00a04321',
    );
    expect(keepMaskedNumberTogether('VISA •••• 9990')).toBe('VISA ••••\u00a09990');
  });

  it('leaves a method without a masked number as it is', () => {
    expect(keepMaskedNumberTogether('Bank account')).toBe('Bank account');
  });
});
