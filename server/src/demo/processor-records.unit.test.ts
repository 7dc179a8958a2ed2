import { describe, expect, it } from 'vitest';
import { processorSaleOf } from './processor-records.ts';

const payment = {
  id: 'p-1',
  guarantorId: 'g-1',
  status: 'recorded' as const,
  method: 'card' as const,
  amountCents: 12_345,
  processorReference: 'DEMO-1001-001',
  processorTxnId: '261123D001-ABCDEF12',
  approvalCode: '123456',
  cardBrand: 'VISA',
  cardLast4: '1111',
  cardExpiry: '09/29',
  bankLast4: null,
  payer: { firstName: 'Maria', lastName: 'Garcia' },
  createdAt: new Date('2026-11-23T20:02:00Z'),
};

describe('processorSaleOf', () => {
  it('records a past card payment as a sale settled in that night’s batch', () => {
    expect(processorSaleOf(payment, '2026-11-29')).toMatchObject({
      txnId: '261123D001-ABCDEF12',
      method: 'card',
      transactionType: 'SALE',
      approved: true,
      amountCents: 12_345,
      invoiceNumber: 'DEMO-1001-001',
      cardNumberMasked: '41**********1111',
      cardExpiry: '0929',
      firstName: 'Maria',
      settlementBatchId: expect.stringMatching(/^241126-[0-9A-F]{6}$/),
      settledAt: new Date('2026-11-24T05:00:00Z'),
      createdAt: payment.createdAt,
    });
  });

  it('leaves a payment of today in the open batch, and one batch serves a day', () => {
    expect(processorSaleOf(payment, '2026-11-23')).toMatchObject({
      settlementBatchId: null,
      settledAt: null,
    });
    const later = { ...payment, id: 'p-2', createdAt: new Date('2026-11-23T22:00:00Z') };
    expect(processorSaleOf(later, '2026-11-29').settlementBatchId).toBe(
      processorSaleOf(payment, '2026-11-29').settlementBatchId,
    );
  });

  it('records an eCheck as a purchase with the last four of the account', () => {
    const eCheck = {
      ...payment,
      method: 'eCheck' as const,
      cardBrand: null,
      cardLast4: null,
      cardExpiry: null,
      approvalCode: null,
      bankLast4: '6789',
    };
    expect(processorSaleOf(eCheck, '2026-11-29')).toMatchObject({
      method: 'echeck',
      transactionType: 'ECSPURCHASE',
      cardNumberMasked: null,
      bankAccountLast4: '6789',
      approvalCode: '',
    });
  });
});
