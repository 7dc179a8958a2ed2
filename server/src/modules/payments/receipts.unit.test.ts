import { describe, expect, it } from 'vitest';
import {
  newPaymentReference,
  newReceiptId,
  PAYMENT_REFERENCE_PATTERN,
  RECEIPT_ID_PATTERN,
} from './payment-references.ts';
import { paidWith, receiptLineLabel, receiptMailContent } from './receipt-email.ts';
import { buildReceipt, cardFromTxn, expiryFromConverge, receiptFromSnapshot } from './receipts.ts';

const payer = {
  firstName: 'Maria',
  lastName: 'Garcia',
  address: '1234 South Temple',
  city: 'Salt Lake City',
  state: 'UT',
  zipCode: '84101',
  email: 'maria@example.com',
};

describe('receipts', () => {
  it('shows a card as the processor reports it: brand, last four, MM/YY', () => {
    expect(
      cardFromTxn({
        ssl_card_number: '41**********9990',
        ssl_card_short_description: 'VISA',
        ssl_exp_date: '1239',
      }),
    ).toEqual({ brand: 'VISA', last4: '9990', expiry: '12/39' });
    expect(expiryFromConverge('12/39')).toBe('12/39');
    expect(expiryFromConverge(undefined)).toBe('');
  });

  it('builds the SPEC receipt with the bank account masked, and reads it back', () => {
    const receipt = buildReceipt({
      paymentId: 'p-1',
      receiptId: 'WP-ABCDEFGH',
      method: 'eCheck',
      amountCents: 12_345,
      recordedAt: new Date('2026-11-02T15:04:05.000Z'),
      lines: [
        {
          paymentType: 'Payment Plan',
          facilityId: '107',
          accountId: '107-PP-7001',
          amountCents: 12_345,
          description: 'PP-7001-1 | Payment Plan',
        },
      ],
      payer,
      card: null,
      bank: {
        accountType: 'SAVINGS',
        last4: '6789',
        authorization: { text: 'I authorize Wasatch Valley Health…', language: 'en' },
      },
      emailedTo: null,
    });
    expect(receipt).toMatchObject({
      amount: 123.45,
      date: '2026-11-02T15:04:05.000Z',
      status: 'approved',
      eCheck: {
        accountType: 'SAVINGS',
        accountNumber: '••••6789',
        authorization: { text: 'I authorize Wasatch Valley Health…', language: 'en' },
      },
      accounts: [{ locationId: '107', amount: 123.45 }],
    });
    expect(receiptFromSnapshot(JSON.parse(JSON.stringify(receipt)))).toEqual(receipt);

    const mail = receiptMailContent(receipt);
    expect(mail).toMatchObject({
      amountCents: 12_345,
      paidWith: 'Savings account ending in 6789',
      lines: [{ label: 'Payment plan PP-7001-1', amountCents: 12_345 }],
      authorization: { text: 'I authorize Wasatch Valley Health…', language: 'en' },
    });
  });

  it('dates the receipt e-mail on the facility’s day, not the sending machine’s', () => {
    const receipt = buildReceipt({
      paymentId: 'p-2',
      receiptId: 'WP-LATEEVEN',
      method: 'card',
      amountCents: 5_000,
      // 22:30 in Denver on the 24th; already the 25th in UTC and in Auckland.
      recordedAt: new Date('2026-11-25T05:30:00.000Z'),
      lines: [
        {
          paymentType: 'Account Payment',
          facilityId: '107',
          accountId: '40010001',
          description: '',
          amountCents: 5_000,
        },
      ],
      payer,
      card: { brand: 'VISA', last4: '9990', expiry: '12/39' },
      bank: null,
      emailedTo: 'maria@example.com',
    });
    expect(receiptMailContent(receipt, 'en', 'America/Denver').paidAt).toBe('2026-11-24');
    expect(receiptMailContent(receipt, 'en', 'Pacific/Auckland').paidAt).toBe('2026-11-25');
  });

  it('names accounts, not patients, in the e-mail', () => {
    const base = { facilityId: '153', amount: 1, locationId: '153' };
    expect(
      receiptLineLabel({
        ...base,
        paymentType: 'GL Payment',
        accountId: '80001',
        description: '153-80001 | Maria Garcia',
      }),
    ).toBe('Account 153-80001');
    expect(
      receiptLineLabel({
        ...base,
        paymentType: 'Account Payment',
        accountId: '107-1',
        description: '107-1 | Daniel Garcia',
      }),
    ).toBe('Account 107-1');
    expect(
      receiptLineLabel({ ...base, paymentType: 'Guarantor Payment', accountId: '107-5001001' }),
    ).toBe('Payment on your account');
    expect(paidWith({ card: { brand: 'MC', last4: '3330', expiry: '12/39' }, eCheck: null })).toBe(
      'Mastercard ending in 3330',
    );
  });

  it('makes references without easily confused characters', () => {
    for (let index = 0; index < 200; index += 1) {
      expect(newReceiptId()).toMatch(RECEIPT_ID_PATTERN);
      expect(newPaymentReference()).toMatch(PAYMENT_REFERENCE_PATTERN);
    }
    expect(newPaymentReference().length).toBeLessThanOrEqual(25);
  });
});
