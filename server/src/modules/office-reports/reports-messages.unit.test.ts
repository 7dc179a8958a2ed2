import { describe, expect, it } from 'vitest';
import { catalogueGaps } from '@webpay/contracts/language';
import { catalogueGlossaryViolations } from '@webpay/contracts/spanish-glossary';
import { REPORTS_MESSAGES } from './reports-messages.ts';

describe('what the settlement view says', () => {
  it('has every text in Spanish, in the glossary’s words', () => {
    expect(catalogueGaps(REPORTS_MESSAGES.en, REPORTS_MESSAGES.es)).toEqual([]);
    expect(catalogueGlossaryViolations(REPORTS_MESSAGES.es)).toEqual([]);
    expect(REPORTS_MESSAGES.es.amountDiffers('El pago R-1', '$1.00', '$2.00')).toBe(
      'El pago R-1: WebPay registró $1.00, el procesador liquidó $2.00.',
    );
  });
});
