import { describe, expect, it } from 'vitest';
import { pinLoginRequestSchema } from './auth.ts';
import { payerSchema } from './billing.ts';
import { catalogueGaps } from './language.ts';
import * as messages from './messages.ts';
import { INVALID_REDIRECT_MESSAGE, INVALID_REDIRECT_MESSAGE_ES } from './redirect.ts';
import { SIGN_IN_ERROR_DETAILS, SIGN_IN_ERROR_DETAILS_ES, signupRequestSchema } from './sign-in.ts';
import { STATEMENT_STATUS_LABELS, STATEMENT_STATUS_LABELS_ES } from './statements.ts';
import { VALIDATION_CATALOGUES, translateValidationMessage } from './validation-messages.ts';

describe('Spanish twins of the shared messages', () => {
  it.each([
    ...VALIDATION_CATALOGUES.map(({ en, es }, index) => [`validation ${index}`, en, es] as const),
    ['sign-in errors', SIGN_IN_ERROR_DETAILS, SIGN_IN_ERROR_DETAILS_ES] as const,
    ['statement statuses', STATEMENT_STATUS_LABELS, STATEMENT_STATUS_LABELS_ES] as const,
    ['invalid redirect', INVALID_REDIRECT_MESSAGE, INVALID_REDIRECT_MESSAGE_ES] as const,
    ...Object.entries(messages)
      .filter(([name]) => name.endsWith('_ES'))
      .map(([name, spanish]) => {
        const english = (messages as Record<string, unknown>)[name.slice(0, -3)];
        return [name, english, spanish] as const;
      }),
  ])('%s: every English text has Spanish', (_name, english, spanish) => {
    expect(catalogueGaps(english, spanish)).toEqual([]);
  });

  it('catalogueGaps names missing keys, empty texts and functions that give nothing', () => {
    const english = { a: 'A', nested: { b: 'B' }, greet: (name: string) => `Hi ${name}` };
    expect(catalogueGaps(english, { a: 'A', nested: { b: 'B' }, greet: () => 'Hola' })).toEqual([]);
    expect(catalogueGaps(english, { a: ' ', nested: {}, greet: () => '' })).toEqual([
      'a',
      'nested.b',
      'greet',
    ]);
  });
});

describe('the portal’s Spanish twins', () => {
  it('exist for every catalogue of words in messages.ts', () => {
    const catalogues = Object.entries(messages).filter(
      ([name, value]) => /^[A-Z_]+$/.test(name) && typeof value === 'object',
    );
    const missing = catalogues
      .map(([name]) => name)
      .filter((name) => !name.endsWith('_ES') && !(`${name}_ES` in messages));
    expect(missing).toEqual([]);
  });
});

describe('translateValidationMessage', () => {
  const spanishIssues = (result: { error?: { issues: { message: string }[] } }) =>
    (result.error?.issues ?? []).map((issue) => translateValidationMessage(issue.message, 'es'));

  it('translates every message a sign-in or sign-up form can show', () => {
    const issues = [
      ...spanishIssues(pinLoginRequestSchema.safeParse({ accountNumber: '', pin: '12' })),
      ...spanishIssues(
        signupRequestSchema.safeParse({
          accountNumber: '12',
          firstName: '',
          lastName: 'x'.repeat(60),
          birthdate: '1800-01-01',
          email: 'nope',
          enrollPaperless: true,
        }),
      ),
    ];
    expect(issues.length).toBeGreaterThan(4);
    expect(issues).not.toContain(undefined);
    expect(issues).toContain('El PIN debe tener de 4 a 12 dígitos');
  });

  it('translates the billing form’s SPEC messages', () => {
    const issues = spanishIssues(
      payerSchema.safeParse({
        firstName: '',
        lastName: 'O’Brien!',
        address: 'x',
        city: 'Salt Lake City 1',
        state: 'ZZ',
        zipCode: '8410',
        email: 'maria@',
      }),
    );
    expect(issues).not.toContain(undefined);
    expect(issues).toContain('El código postal debe tener el formato 12345 o 12345-6789');
  });

  it('keeps English as it is and knows nothing of other words', () => {
    expect(translateValidationMessage('PIN is required', 'en')).toBe('PIN is required');
    expect(translateValidationMessage('Invalid input', 'es')).toBeUndefined();
  });
});
