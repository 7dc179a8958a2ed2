import { describe, expect, it } from 'vitest';
import * as auth from './auth.ts';
import * as billing from './billing.ts';
import * as encounters from './encounters.ts';
import * as errorCodes from './error-codes.ts';
import * as facilities from './facilities.ts';
import * as messages from './messages.ts';
import * as money from './money.ts';
import * as paymentHistory from './payment-history.ts';
import * as paymentMessages from './payment-messages.ts';
import * as payments from './payments.ts';
import * as redirect from './redirect.ts';
import * as signIn from './sign-in.ts';
import {
  SPANISH_GLOSSARY,
  catalogueGlossaryViolations,
  glossaryViolations,
} from './spanish-glossary.ts';
import * as statements from './statements.ts';

/*
 * The contracts' Spanish twins: every `*_ES` export and every `…Es`
 * function of the modules that word anything, whatever catalogue they feed.
 */
const modules = {
  auth,
  billing,
  encounters,
  errorCodes,
  facilities,
  messages,
  money,
  paymentHistory,
  paymentMessages,
  payments,
  redirect,
  signIn,
  statements,
};
const spanishTwins = Object.entries(modules).flatMap(([module, exports]) =>
  Object.entries(exports)
    .filter(([name]) => name.endsWith('_ES') || /^[a-z]\w*Es$/.test(name))
    .map(([name, value]) => [`${module} ${name}`, value] as const),
);

describe('the Spanish glossary', () => {
  it('names the variant and the term to use instead', () => {
    expect(
      catalogueGlossaryViolations({ marker: (amount: string) => `${amount} pendiente` }),
    ).toEqual([
      'marker: "2 pendiente" says "pendiente"; the glossary says "en proceso" for "pending (a payment received, not yet applied)"',
    ]);
  });

  it('finds a variant in any case, across line breaks, as a whole word only', () => {
    const found = (text: string) => glossaryViolations(text).map(({ found }) => found);
    expect(found('Planes de pago atrasados')).toEqual(['Planes de pago']);
    expect(found('use otro método\nde pago')).toEqual(['método\nde pago']);
    expect(found('Servicios en plan de pagos')).toEqual([]);
    expect(found('Algo salió mal')).toEqual([]);
  });

  it('takes a variant inside a longer glossary term as that term', () => {
    expect(glossaryViolations('Plan por correo postal; recibo por correo electrónico')).toEqual([]);
    expect(glossaryViolations('Fecha de vencimiento')).toEqual([]);
    expect(glossaryViolations('Plan por correo').map(({ found }) => found)).toEqual(['por correo']);
    expect(glossaryViolations('Vencimiento').map(({ found }) => found)).toEqual(['Vencimiento']);
  });

  it('gives each English term one Spanish term, which no entry rejects', () => {
    const english = SPANISH_GLOSSARY.map((entry) => entry.english);
    expect(new Set(english).size).toBe(english.length);
    for (const entry of SPANISH_GLOSSARY) {
      expect(glossaryViolations(entry.spanish), entry.spanish).toEqual([]);
      expect(entry.rejected.length, entry.english).toBeGreaterThan(0);
    }
  });

  it('finds the Spanish twins of the shared modules', () => {
    expect(spanishTwins.length).toBeGreaterThanOrEqual(20);
  });

  it.each(spanishTwins)('%s follows it', (name, spanish) => {
    expect(catalogueGlossaryViolations(spanish, name)).toEqual([]);
  });
});
