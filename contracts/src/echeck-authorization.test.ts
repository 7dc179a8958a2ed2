import { describe, expect, it } from 'vitest';
import {
  ECHECK_AUTHORIZATION_MESSAGES,
  ECHECK_AUTHORIZATION_MESSAGES_ES,
  ECHECK_AUTHORIZATION_WORDING,
  eCheckAuthorizationText,
  type ECheckAuthorizationTerms,
} from './echeck-authorization.ts';
import { catalogueGaps } from './language.ts';

const terms: ECheckAuthorizationTerms = {
  payee: 'Wasatch Valley Health',
  amountCents: 123_450,
  date: '2026-11-25',
  accountType: 'CHECKING',
  last4: '6789',
  billingOfficePhone: '(801) 555-0107',
  billingOfficeEmail: 'billing@wasatchvalleyhealth.example',
};

describe('the eCheck authorization', () => {
  it('states a one-time debit, its amount, date, account, payee and the billing office', () => {
    expect(eCheckAuthorizationText('en', terms)).toBe(
      'I authorize Wasatch Valley Health to make a one-time electronic debit (ACH) of $1,234.50 from my checking account ending in 6789 on Nov 25, 2026. This authorization covers this payment only. For questions about it, I can contact the billing office at (801) 555-0107 or billing@wasatchvalleyhealth.example.',
    );
  });

  it('says the same in Spanish, with the date as es-US writes it', () => {
    expect(eCheckAuthorizationText('es', { ...terms, accountType: 'SAVINGS' })).toBe(
      'Autorizo a Wasatch Valley Health a realizar un único débito electrónico (ACH) de $1,234.50 de mi cuenta de ahorros terminada en 6789 el 25 nov 2026. Esta autorización es solo para este pago. Para preguntas sobre el pago, puedo comunicarme con la oficina de facturación al (801) 555-0107 o a billing@wasatchvalleyhealth.example.',
    );
  });

  it('names the account by its type alone until its number is known', () => {
    const { last4: _typed, ...untyped } = terms;
    expect(eCheckAuthorizationText('en', untyped)).toContain(
      'from my checking account on Nov 25, 2026.',
    );
    expect(eCheckAuthorizationText('es', untyped)).toContain(
      'de mi cuenta de cheques el 25 nov 2026.',
    );
  });

  it('has every text in Spanish', () => {
    expect(catalogueGaps(ECHECK_AUTHORIZATION_WORDING.en, ECHECK_AUTHORIZATION_WORDING.es)).toEqual(
      [],
    );
    expect(catalogueGaps(ECHECK_AUTHORIZATION_MESSAGES, ECHECK_AUTHORIZATION_MESSAGES_ES)).toEqual(
      [],
    );
  });
});
