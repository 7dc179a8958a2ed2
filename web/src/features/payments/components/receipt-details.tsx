import type { ReactNode } from 'react';
import { formatUsd } from '@webpay/contracts/money';
import type { Receipt } from '@webpay/contracts/payments';
import {
  formatExpiry,
  formatReceiptDate,
  maskedBankAccount,
  maskedCard,
} from '../utils/receipt-format.ts';
import { RECEIPT_WORDS } from '../utils/payment-words.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-words sm:text-right">{children}</dd>
    </div>
  );
}

function methodText(receipt: Receipt): string {
  if (receipt.card) {
    const expiry = formatExpiry(receipt.card.expiry);
    const card = maskedCard(receipt.card);
    return expiry ? `${card}, ${RECEIPT_WORDS.expires(expiry)}` : card;
  }
  if (receipt.eCheck) return maskedBankAccount(receipt.eCheck);
  return receipt.paymentMethod === 'card' ? 'Card' : 'eCheck';
}

/** SPEC §3 Receipt: what was paid, when, how and for whom. Card and bank numbers masked. */
export function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  const billing = receipt.billingInformation;
  return (
    <div className="flex flex-col gap-4">
      <dl className="divide-y divide-border">
        <Row label={RECEIPT_WORDS.receiptNumber}>{receipt.receiptId}</Row>
        <Row label={RECEIPT_WORDS.date}>{formatReceiptDate(receipt.date)}</Row>
        <Row label={RECEIPT_WORDS.amount}>
          <span className="text-lg tabular-nums">{formatUsd(receipt.amount)}</span>
        </Row>
        <Row label={RECEIPT_WORDS.method}>{methodText(receipt)}</Row>
      </dl>

      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{RECEIPT_WORDS.accountsPaid}</h3>
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {receipt.accounts.map((account) => (
            <li
              key={`${account.paymentType}:${account.accountId}`}
              className="flex items-baseline justify-between gap-3 px-3 py-2 text-sm"
            >
              <span className="min-w-0 break-words">
                {account.description || account.accountId}
              </span>
              <span className="shrink-0 tabular-nums">{formatUsd(account.amount)}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="flex flex-col gap-1 text-sm">
        <h3 className="font-semibold">{RECEIPT_WORDS.billingInformation}</h3>
        <address className="not-italic">
          {billing.firstName} {billing.lastName}
          <br />
          {billing.address}
          <br />
          {billing.city}, {billing.state} {billing.zipCode}
        </address>
      </section>

      <p className="text-sm">
        {receipt.emailedTo ? RECEIPT_WORDS.emailedTo(receipt.emailedTo) : RECEIPT_WORDS.notEmailed}
      </p>
    </div>
  );
}
