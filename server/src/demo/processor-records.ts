import type { payments, sandboxConvergeTransactions } from '../db/schema.ts';
import { addDays, instant } from './calendar.ts';
import { demoId } from './ids.ts';

type DemoPayment = typeof payments.$inferInsert;
export type DemoProcessorTxn = typeof sandboxConvergeTransactions.$inferInsert;

/** The first digits a card of each brand starts with, as the emulator masks a number. */
const BRAND_PREFIX: Readonly<Record<string, string>> = {
  VISA: '41',
  MC: '54',
  DISC: '60',
  AMEX: '37',
};

const ddmmyy = (isoDate: string) =>
  `${isoDate.slice(8, 10)}${isoDate.slice(5, 7)}${isoDate.slice(2, 4)}`;

/** One batch a day, named as the emulator names one: the day it settled and six characters. */
function batchOf(settledOn: string): string {
  return `${ddmmyy(settledOn)}-${demoId(`batch:${settledOn}`).replaceAll('-', '').slice(0, 6).toUpperCase()}`;
}

/**
 * The sale the built-in processor holds for a demo payment, so the console's
 * settlement view and payment page find at the processor what WebPay
 * recorded. A payment made before today settled in that night's batch
 * (22:00 Mountain time, 05:00 UTC); today's waits in the open batch.
 */
export function processorSaleOf(payment: DemoPayment, today: string): DemoProcessorTxn {
  const paidAt = payment.createdAt ?? new Date(0);
  const paidOn = paidAt.toISOString().slice(0, 10);
  const settledOn = addDays(paidOn, 1);
  const settled = paidOn < today;
  const card = payment.method === 'card';
  const payer = payment.payer;
  return {
    txnId: payment.processorTxnId ?? demoId(`txn:${payment.id}`),
    method: card ? 'card' : 'echeck',
    transactionType: card ? 'SALE' : 'ECSPURCHASE',
    approved: true,
    resultMessage: 'APPROVAL',
    approvalCode: payment.approvalCode ?? '',
    amountCents: payment.amountCents,
    invoiceNumber: payment.processorReference,
    cardNumberMasked: card
      ? `${BRAND_PREFIX[payment.cardBrand ?? ''] ?? '40'}${'*'.repeat(10)}${payment.cardLast4 ?? ''}`
      : null,
    cardBrand: payment.cardBrand ?? null,
    cardExpiry: payment.cardExpiry?.replace(/\D/g, '') ?? null,
    bankAccountLast4: payment.bankLast4 ?? null,
    firstName: payer.firstName ?? null,
    lastName: payer.lastName ?? null,
    settlementBatchId: settled ? batchOf(settledOn) : null,
    settledAt: settled ? instant(settledOn, '05:00') : null,
    createdAt: paidAt,
  };
}
