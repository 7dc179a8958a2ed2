import { describe, expect, it } from 'vitest';
import { catalogueGaps, LANGUAGES } from '@webpay/contracts/language';
import { catalogueGlossaryViolations } from '@webpay/contracts/spanish-glossary';
import { MAIL_MESSAGES } from '../modules/mail/mail-messages.ts';
import { STATEMENT_PDF_MESSAGES } from '../modules/statements/statement-pdf-messages.ts';
import { ERROR_MESSAGES } from './error-messages.ts';

/*
 * The type check refuses a catalogue without a key; this refuses one whose
 * text is empty, and catches a key lost through a cast or a spread.
 */
const CATALOGUES = {
  'error messages': ERROR_MESSAGES,
  'e-mails': MAIL_MESSAGES,
  'statement PDF': STATEMENT_PDF_MESSAGES,
};

describe.each(Object.entries(CATALOGUES))('the %s catalogue', (_name, catalogue) => {
  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    'has every English text in %s',
    (language) => {
      expect(catalogueGaps(catalogue.en, catalogue[language])).toEqual([]);
    },
  );

  // docs/spanish-glossary.md: one Spanish term for each English term.
  it('follows the Spanish glossary', () => {
    expect(catalogueGlossaryViolations(catalogue.es)).toEqual([]);
  });

  it('is not English under another name', () => {
    const english = JSON.stringify(catalogue.en);
    expect(JSON.stringify(catalogue.es)).not.toBe(english);
  });
});
