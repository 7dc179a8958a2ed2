import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, payerSchema } from './billing.ts';
import { PLAIN_TEXT_MESSAGES } from './plain-text.ts';
import { SIGN_IN_FIELD_MESSAGES, signupRequestSchema } from './sign-in.ts';
import { translateValidationMessage } from './validation-messages.ts';
import { personNameSchema } from './person-name.ts';

const messages = { required: 'required', tooLong: 'too long', characters: 'characters' };
const name = personNameSchema(20, messages);

const problemOf = (value: unknown) => {
  const result = name.safeParse(value);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('a person’s name (decision 0017)', () => {
  it.each([
    'José Núñez',
    'Zoë',
    'Nguyễn Thị Minh',
    "O'Brien-Smith",
    'O’Brien',
    '陈',
    'Zoë 中文',
    'Mary J. St. John',
    'Łucja Kőrösi',
    'Þórunn Æsa',
    'Δήμητρα',
    'Ольга',
    'Kiʻilani',
  ])('accepts %j as typed', (typed) => {
    expect(name.parse(typed)).toBe(typed);
  });

  it('stores the name trimmed and in NFC, and counts a composed letter once', () => {
    const decomposed = 'Nguye\u0302\u0303n Thi\u0323 Minh';
    expect(decomposed).toHaveLength(18);
    expect(name.parse(`  ${decomposed} `)).toBe('Nguyễn Thị Minh');
    // 20 letters typed decomposed are 40 code units, but 20 characters once composed.
    expect(problemOf('e\u0301'.repeat(20))).toBeNull();
    expect(problemOf('é'.repeat(21))).toEqual(['too long']);
  });

  it.each([
    ['a digit', 'M4ria'],
    ['a symbol', 'Ana & Luis'],
    ['a sign', 'Ana+1'],
    ['an at sign', 'ana@example'],
    ['an emoji', 'Ana 🙂'],
    ['a right-to-left override', 'Ana\u202Esorrot'],
    ['a zero-width space', 'Ana\u200BTorres'],
    ['a formula sign', '=HYPERLINK("x")'],
  ])('refuses %s', (_what, typed) => {
    expect(problemOf(typed)).toEqual(['characters']);
  });

  it.each([
    ['a newline', 'Ana\nTorres'],
    ['a tab', 'Ana\tTorres'],
    ['a NUL', 'Ana\u0000'],
  ])('refuses %s as a control character, before any other rule', (_what, typed) => {
    expect(problemOf(typed)).toEqual([PLAIN_TEXT_MESSAGES.controlCharacters]);
  });

  it('needs a name, and one no longer than the limit', () => {
    // The forms show an issue's first message.
    expect(problemOf('   ')?.[0]).toBe('required');
    expect(problemOf(undefined)).toEqual(['required']);
    expect(problemOf('陈'.repeat(21))).toEqual(['too long']);
  });
});

describe('names on the billing form and at sign-up', () => {
  const payer = {
    firstName: 'Nguyễn Thị',
    lastName: '陈',
    address: '12 Canyon Rd',
    city: 'Provo',
    state: 'UT',
    zipCode: '84601',
    email: null,
  };

  it('takes names in every script on both forms', () => {
    expect(payerSchema.parse(payer)).toMatchObject({ firstName: 'Nguyễn Thị', lastName: '陈' });
    const signup = signupRequestSchema.parse({
      accountNumber: '500600700',
      firstName: 'José',
      lastName: "Núñez O'Brien-Smith",
      birthdate: '1995-12-08',
      email: 'jose@example.com',
      enrollPaperless: false,
    });
    expect(signup).toMatchObject({ firstName: 'José', lastName: "Núñez O'Brien-Smith" });
  });

  it('names the field that is wrong, in English and in Spanish', () => {
    const result = payerSchema.safeParse({ ...payer, firstName: 'Zoë 2', lastName: 'Chen$' });
    const issues = result.error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(issues).toEqual([
      ['firstName', BILLING_MESSAGES.firstNameCharacters],
      ['lastName', BILLING_MESSAGES.lastNameCharacters],
    ]);
    expect(translateValidationMessage(BILLING_MESSAGES.firstNameCharacters, 'es')).toBe(
      'El nombre solo puede contener letras, espacios, guiones, apóstrofos y puntos',
    );
    expect(translateValidationMessage(SIGN_IN_FIELD_MESSAGES.lastNameCharacters, 'es')).toBe(
      'El apellido solo puede contener letras, espacios, guiones, apóstrofos y puntos',
    );
  });
});
