import { describe, expect, it } from 'vitest';
import { pinLoginRequestSchema } from './auth.ts';
import { eCheckSchema, payerSchema } from './billing.ts';
import { cancelPaymentRequestSchema, paymentLineSchema } from './payments.ts';
import {
  PLAIN_TEXT_MESSAGES,
  hasControlCharacter,
  isPlainEmailAddress,
  plainText,
  withoutControlCharacters,
} from './plain-text.ts';
import {
  codeLoginRequestSchema,
  emailSchema,
  magicLinkLoginRequestSchema,
  signupRequestSchema,
} from './sign-in.ts';
import { translateValidationMessage } from './validation-messages.ts';

const REFUSED = PLAIN_TEXT_MESSAGES.controlCharacters;

const messagesOf = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map(({ path, message }) => `${path.join('.')}: ${message}`);

describe('the control-character rule', () => {
  it.each([
    ['CR LF', '12 Main St\r\nBcc: x'],
    ['a lone LF', '12 Main St\nApt 4'],
    ['a tab', '12\tMain St'],
    ['NUL', 'a\u0000b'],
    ['ESC', '\u001b[31m'],
    ['DEL', 'a\u007fb'],
    ['a C1 control (NEL)', 'a\u0085b'],
    ['the line separator', 'a\u2028b'],
    ['the paragraph separator', 'a\u2029b'],
  ])('finds %s', (_name, value) => {
    expect(hasControlCharacter(value)).toBe(true);
  });

  it('lets letters of any script, spaces and punctuation through', () => {
    for (const value of [
      'José Núñez',
      'Nguyễn Thị Minh',
      '陈',
      "O'Brien-Smith",
      'Apt. #4, 2nd fl',
    ]) {
      expect(hasControlCharacter(value)).toBe(false);
    }
  });

  it('refuses before any other rule, so a trailing line break is not trimmed away', () => {
    const schema = plainText({ error: 'Required' }).trim().min(1, 'Required');
    expect(schema.parse(' text ')).toBe('text');
    expect(messagesOf(schema.safeParse('text\n'))).toEqual([`: ${REFUSED}`]);
    expect(messagesOf(schema.safeParse('\r\n'))).toEqual([`: ${REFUSED}`]);
    expect(messagesOf(schema.safeParse(undefined))).toEqual([': Required']);
  });

  it('turns a processor’s line breaks into spaces for a text field', () => {
    expect(withoutControlCharacters('Declined\r\nCall issuer\t(05)')).toBe(
      'Declined Call issuer (05)',
    );
    expect(withoutControlCharacters('APPROVAL')).toBe('APPROVAL');
  });

  it('reads in Spanish with usted-neutral words', () => {
    expect(translateValidationMessage(REFUSED, 'es')).toBe(
      'No se permiten saltos de línea, tabulaciones ni otros caracteres de control',
    );
  });
});

describe('every text field a guarantor or the API types refuses control characters', () => {
  const payer = {
    firstName: 'Maria',
    lastName: 'Garcia',
    address: '12 Canyon Rd',
    city: 'Provo',
    state: 'UT',
    zipCode: '84601',
    email: 'maria.garcia@example.com',
  };

  it.each(Object.keys(payer))('payer.%s', (field) => {
    const result = payerSchema.safeParse({ ...payer, [field]: `x\r\nBcc: a@evil.example` });
    expect(messagesOf(result)).toEqual([`${field}: ${REFUSED}`]);
  });

  it.each(['routingNumber', 'accountNumber'])('eCheck.%s', (field) => {
    const eCheck = {
      routingNumber: '490000018',
      accountNumber: '123456789',
      accountType: 'SAVINGS',
    };
    const result = eCheckSchema.safeParse({ ...eCheck, [field]: '1234\n5678' });
    expect(messagesOf(result)).toEqual([`${field}: ${REFUSED}`]);
  });

  it('sign-up, sign-in and the other request fields', () => {
    const signup = {
      accountNumber: '500600700',
      firstName: 'Ana',
      lastName: 'Torres',
      birthdate: '1995-12-08',
      email: 'ana.torres@example.com',
      enrollPaperless: false,
    };
    for (const field of ['accountNumber', 'firstName', 'lastName', 'birthdate', 'email']) {
      const result = signupRequestSchema.safeParse({ ...signup, [field]: 'Ana\tB' });
      expect(messagesOf(result)).toEqual([`${field}: ${REFUSED}`]);
    }
    const checks: [{ safeParse: (value: unknown) => object }, object, string][] = [
      [pinLoginRequestSchema, { accountNumber: '100200300', pin: '4827\n1936' }, 'pin'],
      [magicLinkLoginRequestSchema, { abracadabra: 'token\r\n' }, 'abracadabra'],
      [
        codeLoginRequestSchema,
        { guarantorId: 'g\n1', verificationId: 'v1', code: '123456' },
        'guarantorId',
      ],
      [cancelPaymentRequestSchema, { message: 'Declined\r\nX-Injected: 1' }, 'message'],
      [
        paymentLineSchema,
        { paymentType: 'Account Payment', facilityId: '107', accountId: '107-1\n', amount: 5 },
        'accountId',
      ],
    ];
    for (const [schema, value, field] of checks) {
      expect(messagesOf(schema.safeParse(value))).toEqual([`${field}: ${REFUSED}`]);
    }
  });
});

describe('an e-mail address is a plain address', () => {
  it.each([
    'Attacker<attacker@evil.co>',
    'Attacker <attacker@evil.co>',
    '<attacker@evil.co>',
    '"Maria Garcia" maria@example.com',
    'maria@example.com, attacker@evil.co',
    'maria@example.com;attacker@evil.co',
    'maria garcia@example.com',
    'maria@example.com (Maria)',
  ])('refuses %j on the payer and at sign-in', (value) => {
    expect(isPlainEmailAddress(value)).toBe(false);
    expect(messagesOf(payerSchema.shape.email.safeParse(value))).toEqual([
      ': Please enter a valid email address',
    ]);
    expect(messagesOf(emailSchema.safeParse(value))).toEqual([
      ': Please enter a valid email address',
    ]);
  });

  it('takes an ordinary address, trimmed, and no address on the payer', () => {
    for (const value of ['maria.garcia@example.com', "o'brien+receipts@mail.example.org"]) {
      expect(isPlainEmailAddress(value)).toBe(true);
      expect(payerSchema.shape.email.parse(` ${value} `)).toBe(value);
      expect(emailSchema.parse(` ${value} `)).toBe(value);
    }
    expect(payerSchema.shape.email.parse(null)).toBeNull();
  });
});
