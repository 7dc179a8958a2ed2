import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES, PAYMENT_MESSAGES_ES } from '@webpay/contracts/payments';
import { messagesIn } from '@/lib/messages.ts';
import { itemDescriptionMessages } from '@/lib/payments/payment-words.messages.ts';
import { describedIn } from '@/lib/payments/payment-items.ts';
import { declinedError, lightboxError } from './payment-problems.ts';
import { formatReceiptDate, maskedBankAccount } from '@/lib/payments/receipt-format.ts';

describe('payment texts in either language', () => {
  it("rewords the portal's own words in a description, never a name or number", () => {
    const es = messagesIn(itemDescriptionMessages, 'es');
    const en = messagesIn(itemDescriptionMessages, 'en');
    expect(describedIn('PP-7001-1 | Payment Plan', es)).toBe('PP-7001-1 | Plan de pagos');
    expect(describedIn('Amount Due Payment', es)).toBe('Pago del total');
    expect(describedIn('Custom Payment', es)).toBe('Pago personalizado');
    expect(describedIn('Guarantor Payment', es)).toBe('Pago a su cuenta');
    expect(describedIn('107-40010001 | Maria Garcia', es)).toBe('107-40010001 | Maria Garcia');
    for (const text of ['PP-7001-1 | Payment Plan', 'Amount Due Payment', 'Guarantor Payment']) {
      expect(describedIn(text, en)).toBe(text);
    }
  });

  it('names bank accounts and writes receipt dates as each language does', () => {
    const eCheck = { accountType: 'CHECKING', accountNumber: '123456789' } as const;
    expect(maskedBankAccount(eCheck, 'es')).toBe('Cuenta de cheques •••• 6789');
    expect(maskedBankAccount({ ...eCheck, accountType: 'SAVINGS' }, 'es')).toBe(
      'Cuenta de ahorros •••• 6789',
    );
    expect(formatReceiptDate('2026-11-03T12:00:00.000Z', 'en')).toMatch(/^Nov 3, 2026, /);
    expect(formatReceiptDate('2026-11-03T12:00:00.000Z', 'es')).toMatch(/^3 nov 2026, /);
    expect(formatReceiptDate('not a date', 'es')).toBe('not a date');
  });

  it('words a decline and a card window failure in the reader’s language, codes unchanged', () => {
    const declined = declinedError({ ssl_result_message: 'DECLINED' }, 'es');
    expect(declined).toMatchObject({ title: 'Pago rechazado', status: 402, code: 'DECLINED' });
    expect(declined.details[1]).toBe('El procesador de tarjetas indicó: DECLINED');
    expect(declinedError({}, 'en').details).toEqual([
      'Your card was declined and you were not charged. Please use another card or pay by eCheck.',
    ]);

    const failed = lightboxError(
      { kind: 'error', message: 'The secure card window reported an error.', failure: 'unknown' },
      'es',
    );
    expect(failed).toMatchObject({
      title: PAYMENT_MESSAGES_ES.lightboxInitFailedTitle,
      code: 'converge_error',
      details: ['La ventana segura para la tarjeta informó un error.'],
    });
    expect(lightboxError({ kind: 'error', message: 'Invalid token' }, 'en')).toMatchObject({
      title: PAYMENT_MESSAGES.lightboxInitFailedTitle,
      details: ['Invalid token'],
    });
    expect(lightboxError({ kind: 'error', message: 'Invalid token' }, 'es').details).toEqual([
      'La ventana segura para la tarjeta informó: Invalid token',
    ]);
  });
});
