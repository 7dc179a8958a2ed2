import { describe, expect, it } from 'vitest';
import { historyItem } from '../../../../test/payment-history/payment-history-fixtures.ts';
import { describeRange } from './payment-filter.ts';
import { paymentMethodText } from './payment-method.ts';

describe('payment history texts in Spanish', () => {
  it('words the range with es-US short-month dates', () => {
    expect(describeRange({ from: '2026-01-01', to: '2026-03-31' }, 'es')).toBe(
      'entre el 1 ene 2026 y el 31 mar 2026',
    );
    expect(describeRange({ from: '2026-11-03' }, 'es')).toBe('desde el 3 nov 2026');
    expect(describeRange({ to: '2026-03-31' }, 'es')).toBe('hasta el 31 mar 2026');
    expect(describeRange({}, 'es')).toBe('');
  });

  it('names the payment method, keeping the card brand', () => {
    expect(paymentMethodText(historyItem(), 'es')).toBe('VISA •••• 9990');
    const bank = { method: 'eCheck' as const, card: null };
    expect(
      paymentMethodText(
        historyItem({ ...bank, eCheck: { accountType: 'CHECKING', last4: '6789' } }),
        'es',
      ),
    ).toBe('Cuenta de cheques •••• 6789');
    expect(paymentMethodText(historyItem({ card: null }), 'es')).toBe('Tarjeta');
    expect(paymentMethodText(historyItem({ ...bank, eCheck: null }), 'es')).toBe('Cuenta bancaria');
  });
});
