import type { PaymentHistoryItem } from '@webpay/contracts/payment-history';

export function historyItem(overrides: Partial<PaymentHistoryItem> = {}): PaymentHistoryItem {
  return {
    receiptId: 'R-20260612-0002',
    date: '2026-06-12T16:30:00.000Z',
    amount: 325,
    method: 'card',
    card: { brand: 'VISA', last4: '9990' },
    eCheck: null,
    items: [
      {
        facilityId: '107',
        accountId: '107-40010001',
        description: '107-40010001 | Maria Garcia',
        amount: 250,
      },
      {
        facilityId: '107',
        accountId: '107-PP-7001',
        description: 'PP-7001-1 | Payment Plan',
        amount: 75,
      },
    ],
    status: 'pending',
    ...overrides,
  };
}

/** Newest first: a pending card payment and an applied eCheck payment. */
export const mariaHistory: PaymentHistoryItem[] = [
  historyItem(),
  historyItem({
    receiptId: 'R-20260305-0001',
    date: '2026-03-05T18:00:00.000Z',
    amount: 1234.56,
    method: 'eCheck',
    card: null,
    eCheck: { accountType: 'CHECKING', last4: '6789' },
    items: [
      {
        facilityId: '153',
        accountId: '80001',
        description: '153-80001 | Maria Garcia',
        amount: 1234.56,
      },
    ],
    status: 'applied',
  }),
];
