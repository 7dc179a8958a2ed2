import { describe, expect, it } from 'vitest';
import { PAYMENT_TYPE_LABELS, type PaymentLine } from '@webpay/contracts/payments';
import { isApiError } from '../../lib/api-error.ts';
import {
  guarantorBalanceCents,
  resolvePaymentLines,
  type PayableAccounts,
} from './payment-lines.ts';

const accounts: PayableAccounts = {
  centralFacilityId: '107',
  mmi: '5001001',
  encounters: [
    {
      id: 'e-main',
      facilityId: '107',
      accountNumber: '40010001',
      patientName: 'Maria Garcia',
      balanceCents: 125_000,
      type: 'ENT',
      planId: null,
    },
    {
      id: 'e-planned',
      facilityId: '107',
      accountNumber: '40009001',
      patientName: 'Maria Garcia',
      balanceCents: 98_000,
      type: 'ENT',
      planId: 'p-1',
    },
    {
      id: 'e-lab',
      facilityId: '153',
      accountNumber: '80001',
      patientName: 'Maria Garcia',
      balanceCents: 4_520,
      type: 'EXAR',
      planId: null,
    },
  ],
  plans: [
    {
      id: 'p-1',
      planNumber: 'PP-7001',
      version: 1,
      currentBalanceCents: 148_000,
      facilityIds: ['107'],
    },
  ],
};

const line = (
  paymentType: PaymentLine['paymentType'],
  facilityId: string,
  accountId: string,
  amount: number,
): PaymentLine => ({ paymentType, facilityId, accountId, amount });

function refusal(lines: PaymentLine[]) {
  try {
    resolvePaymentLines(lines, accounts);
  } catch (error) {
    if (isApiError(error))
      return { status: error.statusCode, code: error.code, details: error.details };
    throw error;
  }
  throw new Error('expected the lines to be refused');
}

describe('resolvePaymentLines', () => {
  it('ties each kind of line to what it pays, in cents, with the portal’s description', () => {
    const resolved = resolvePaymentLines(
      [
        line(PAYMENT_TYPE_LABELS.encounter, '107', '107-40010001', 1250),
        line(PAYMENT_TYPE_LABELS.payment_plan, '107', '107-PP-7001', 0.1),
        line(PAYMENT_TYPE_LABELS.external, '153', '80001', 45.2),
      ],
      accounts,
    );
    expect(resolved).toEqual([
      {
        lineNumber: 1,
        paymentType: 'Account Payment',
        facilityId: '107',
        accountId: '107-40010001',
        amountCents: 125_000,
        encounterId: 'e-main',
        planId: null,
        description: '107-40010001 | Maria Garcia',
      },
      expect.objectContaining({
        lineNumber: 2,
        amountCents: 10,
        planId: 'p-1',
        encounterId: null,
        description: 'PP-7001-1 | Payment Plan',
      }),
      expect.objectContaining({
        lineNumber: 3,
        amountCents: 4_520,
        encounterId: 'e-lab',
        description: '153-80001 | Maria Garcia',
      }),
    ]);
  });

  it('lets a guarantor payment cover the main encounters and the plans’ pay-off amounts', () => {
    expect(guarantorBalanceCents(accounts)).toBe(125_000 + 148_000);
    const [resolved] = resolvePaymentLines(
      [line(PAYMENT_TYPE_LABELS.total, '107', '107-5001001', 2730)],
      accounts,
    );
    expect(resolved).toMatchObject({ amountCents: 273_000, encounterId: null, planId: null });
    expect(refusal([line(PAYMENT_TYPE_LABELS.total, '107', '107-5001001', 2730.01)]).code).toBe(
      'AMOUNT_EXCEEDS_BALANCE',
    );
  });

  it('reports the most telling problem, naming every line that has it', () => {
    const result = refusal([
      line(PAYMENT_TYPE_LABELS.encounter, '107', '107-40010001', 1250.01),
      line(PAYMENT_TYPE_LABELS.encounter, '107', '107-11111111', 1),
      line(PAYMENT_TYPE_LABELS.encounter, '107', '107-22222222', 1),
    ]);
    expect(result).toEqual({
      status: 404,
      code: 'ACCOUNT_NOT_FOUND',
      details: [
        'body.accounts.1: account 107-11111111 is not one of your open accounts.',
        'body.accounts.2: account 107-22222222 is not one of your open accounts.',
      ],
    });
  });

  it.each([
    [
      'a plan’s encounter as an account payment',
      [line('Account Payment', '107', '107-40009001', 1)],
      'PAYMENT_TYPE_MISMATCH',
    ],
    [
      'an account id of another facility',
      [line('Account Payment', '153', '107-40010001', 1)],
      'PAYMENT_TYPE_MISMATCH',
    ],
    [
      'a plan billed by a facility it has nothing at',
      [line('Payment Plan', '990', '107-PP-7001', 1)],
      'PAYMENT_TYPE_MISMATCH',
    ],
    [
      'a guarantor payment to another facility',
      [line('Guarantor Payment', '153', '107-5001001', 1)],
      'PAYMENT_TYPE_MISMATCH',
    ],
    [
      'a GL payment at the wrong facility',
      [line('GL Payment', '221', '80001', 1)],
      'ACCOUNT_NOT_FOUND',
    ],
    [
      'a plan without the central facility prefix',
      [line('Payment Plan', '107', 'PP-7001', 1)],
      'ACCOUNT_NOT_FOUND',
    ],
    [
      'one plan twice',
      [
        line('Payment Plan', '107', '107-PP-7001', 1),
        line('Payment Plan', '107', '107-PP-7001', 2),
      ],
      'DUPLICATE_ACCOUNT',
    ],
  ])('refuses %s', (_name, lines, code) => {
    expect(refusal(lines).code).toBe(code);
  });

  it('refuses a total above what one payment can carry', () => {
    const rich: PayableAccounts = {
      ...accounts,
      encounters: Array.from({ length: 3 }, (_, index) => ({
        id: `e-${index}`,
        facilityId: '107',
        accountNumber: `5000000${index}`,
        patientName: 'Maria Garcia',
        balanceCents: 2_000_000_000,
        type: 'ENT' as const,
        planId: null,
      })),
    };
    expect(() =>
      resolvePaymentLines(
        [0, 1, 2].map((index) => line('Account Payment', '107', `107-5000000${index}`, 20_000_000)),
        rich,
      ),
    ).toThrow(/one payment can be/);
  });
});
