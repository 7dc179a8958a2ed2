import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@webpay/contracts/language';
import { paymentErrors } from './payment-errors.ts';

describe('an eCheck decline', () => {
  it.each(LANGUAGES)('is told in %s without the processor’s own words', (language) => {
    const { title, details } = paymentErrors.paymentDeclined().wordedIn(language);

    expect(title).not.toBe('');
    expect(details).toHaveLength(1);
    // The processor answers in English capitals (DECLINED, INVALID ACCOUNT…),
    // words no patient should have to read, in Spanish least of all.
    expect(details[0]).not.toMatch(/\(|DECLINED|[A-Z]{4,}/);
  });

  it('says in Spanish that nothing was charged and what to check', () => {
    const [detail] = paymentErrors.paymentDeclined().wordedIn('es').details;

    expect(detail).toBe(
      'El pago desde su cuenta bancaria fue rechazado. No se le hizo ningún cargo. ' +
        'Verifique el número de ruta bancaria y el número de cuenta, o use otra forma de pago.',
    );
  });
});
