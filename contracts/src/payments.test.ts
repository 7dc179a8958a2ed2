import { describe, expect, it } from 'vitest';
import { ECHECK_AUTHORIZATION_MESSAGES } from './echeck-authorization.ts';
import { payerSchema } from './billing.ts';
import {
  achPaymentRequestSchema,
  accountIdFor,
  paymentLineFor,
  receiptSchema,
  type PaymentItem,
} from './payments.ts';

const context = { centralFacilityId: '107', mmi: '5001001' };
const item = (overrides: Partial<PaymentItem>): PaymentItem => ({
  type: 'encounter',
  facilityId: '107',
  accountNumber: '40010001',
  description: '107-40010001 | Maria Garcia',
  amount: 10,
  ...overrides,
});

describe('Account id by mode (SPEC §9)', () => {
  it('encounter: facility-account', () => {
    expect(accountIdFor(item({}), context)).toBe('107-40010001');
  });
  it('payment plan: the account number with the central facility', () => {
    expect(
      accountIdFor(
        item({ type: 'payment_plan', facilityId: '153', accountNumber: 'PP-7001' }),
        context,
      ),
    ).toBe('107-PP-7001');
  });
  it('external: the account number', () => {
    expect(
      accountIdFor(item({ type: 'external', facilityId: '153', accountNumber: '80001' }), context),
    ).toBe('80001');
  });
  it("guarantor (total and custom): the user's mmi with the central facility", () => {
    expect(accountIdFor(item({ type: 'total', accountNumber: '100200300' }), context)).toBe(
      '107-5001001',
    );
    expect(accountIdFor(item({ type: 'custom', accountNumber: '100200300' }), context)).toBe(
      '107-5001001',
    );
  });
});

describe('Payment type labels by mode (SPEC §9)', () => {
  it.each([
    ['encounter', 'Account Payment'],
    ['payment_plan', 'Payment Plan'],
    ['total', 'Guarantor Payment'],
    ['custom', 'Guarantor Payment'],
    ['external', 'GL Payment'],
  ] as const)('%s is paid as %s', (type, label) => {
    expect(paymentLineFor(item({ type }), context).paymentType).toBe(label);
  });
});

describe('payment requests', () => {
  const payer = {
    firstName: 'Maria',
    lastName: 'Garcia',
    address: '12 Canyon Rd',
    city: 'Salt Lake City',
    state: 'ut',
    zipCode: '84101',
    email: null,
  };
  const eCheck = {
    routingNumber: '490000018',
    accountNumber: '123456789',
    accountType: 'CHECKING',
  };
  const accounts = [
    { paymentType: 'Account Payment', facilityId: '107', accountId: '107-40010001', amount: 10.5 },
  ];
  const authorization = { accepted: true, text: 'I authorize …' };

  it('accepts a valid eCheck payment and normalises the state', () => {
    const parsed = achPaymentRequestSchema.parse({
      accounts,
      payer,
      eCheck,
      authorization,
      saveEmailAsGuarantor: false,
    });
    expect(parsed.payer.state).toBe('UT');
  });

  it.each([
    ['no authorization', undefined, 'authorization'],
    [
      'an authorization not accepted',
      { ...authorization, accepted: false },
      'authorization.accepted',
    ],
    [
      'an accepted authorization without its text',
      { accepted: true, text: '' },
      'authorization.text',
    ],
  ])('refuses an eCheck payment with %s', (_name, given, path) => {
    const result = achPaymentRequestSchema.safeParse({
      accounts,
      payer,
      eCheck,
      authorization: given,
      saveEmailAsGuarantor: false,
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [
        path,
        path.endsWith('text')
          ? ECHECK_AUTHORIZATION_MESSAGES.textRequired
          : ECHECK_AUTHORIZATION_MESSAGES.required,
      ],
    ]);
  });

  it.each([
    ['a negative amount', { ...accounts[0], amount: -1 }],
    ['a zero amount', { ...accounts[0], amount: 0 }],
    ['three decimals', { ...accounts[0], amount: 1.005 }],
    ['an unknown payment type', { ...accounts[0], paymentType: 'Gift' }],
  ])('refuses %s', (_name, line) => {
    expect(
      achPaymentRequestSchema.safeParse({
        accounts: [line],
        payer,
        eCheck,
        authorization,
        saveEmailAsGuarantor: false,
      }).success,
    ).toBe(false);
  });

  it('refuses a routing number failing the 3-7-1 checksum', () => {
    const result = achPaymentRequestSchema.safeParse({
      accounts,
      payer,
      eCheck: { ...eCheck, routingNumber: '490000019' },
      authorization,
      saveEmailAsGuarantor: false,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Routing number is not valid');
  });
});

describe('receipts', () => {
  it('read the billing information as it was stored, even where today’s payer rules refuse it', () => {
    const storedBefore = {
      firstName: 'Maria',
      lastName: 'Garcia',
      address: '12\tCanyon Rd',
      city: 'Provo',
      state: 'UT',
      zipCode: '84601',
      email: 'Maria <maria@example.com>',
    };
    const receipt = {
      id: 'p-1',
      paymentMethod: 'card',
      receiptId: 'WP-ABCDEFGH',
      amount: 10,
      date: '2026-11-02T15:04:05.000Z',
      status: 'approved',
      accounts: [],
      billingInformation: storedBefore,
    };
    expect(payerSchema.safeParse(storedBefore).success).toBe(false);
    expect(receiptSchema.parse(receipt).billingInformation).toEqual(storedBefore);
  });
});
