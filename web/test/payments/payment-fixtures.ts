import type { AcceptedAuthorization } from '@webpay/contracts/echeck-authorization';
import type { Receipt } from '@webpay/contracts/payments';
import type { PaymentItem } from '@webpay/contracts/payments';

/** An encounter and a plan of Maria Garcia's (DEMO_DATA §1): $325.00 in all. */
export const mariaItems: PaymentItem[] = [
  {
    type: 'encounter',
    facilityId: '107',
    accountNumber: '40010001',
    description: '107-40010001 | Maria Garcia',
    amount: 250,
  },
  {
    type: 'payment_plan',
    facilityId: '107',
    accountNumber: 'PP-7001',
    description: 'PP-7001-1 | Payment Plan',
    amount: 75,
  },
];

/** What SPEC §9 turns mariaItems into. */
export const mariaLines = [
  { paymentType: 'Account Payment', facilityId: '107', accountId: '107-40010001', amount: 250 },
  { paymentType: 'Payment Plan', facilityId: '107', accountId: '107-PP-7001', amount: 75 },
];

export const billing = {
  address: '12 Canyon Rd',
  city: 'Salt Lake City',
  state: 'UT',
  zipCode: '84101',
};

export function cardReceipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    id: 'PAY-1001',
    paymentMethod: 'card',
    receiptId: 'R-20261101-0001',
    amount: 325,
    date: '2026-11-01T12:04:05.000Z',
    status: 'approved',
    accounts: mariaLines.map((line, index) => ({
      ...(line as Receipt['accounts'][number]),
      locationId: line.facilityId,
      description: mariaItems[index]?.description,
    })),
    billingInformation: {
      firstName: 'Maria',
      lastName: 'Garcia',
      ...billing,
      email: 'maria.garcia@example.com',
    },
    card: { brand: 'VISA', last4: '9990', expiry: '1227' },
    eCheck: null,
    emailedTo: 'maria.garcia@example.com',
    ...overrides,
  };
}

/** An eCheck receipt from a savings account ending in 6789, with the authorization accepted for it. */
export function eCheckReceipt(authorization: AcceptedAuthorization | null = null): Receipt {
  return cardReceipt({
    paymentMethod: 'eCheck',
    card: null,
    eCheck: { accountType: 'SAVINGS', accountNumber: '••••6789', authorization },
  });
}

/** A lightbox approval as Converge words it (converge.md §2). */
export const approval = {
  ssl_result: '0',
  ssl_result_message: 'APPROVAL',
  ssl_txn_id: '010126AD4-A6189F20',
  ssl_approval_code: '934271',
  ssl_card_number: '41**********9990',
  ssl_card_short_description: 'VISA',
  ssl_card_type: 'CREDITCARD',
  ssl_exp_date: '1227',
  ssl_amount: '325.00',
};
