import type { ReactNode } from 'react';
import type { Language } from '@webpay/contracts/language';
import { formatUsd } from '@webpay/contracts/money';
import type { Receipt } from '@webpay/contracts/payments';
import { useAppConfig } from '@/config/get-app-config.ts';
import { useLanguage } from '@/lib/language.ts';
import { messagesIn, useMessages } from '@/lib/messages.ts';
import { receiptMessages } from '../payments.messages.ts';
import { itemDescriptionMessages } from '@/lib/payments/payment-words.messages.ts';
import { describedIn } from '@/lib/payments/payment-items.ts';
import {
  formatExpiry,
  formatReceiptDate,
  maskedBankAccount,
  maskedCard,
} from '@/lib/payments/receipt-format.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-2 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium break-words sm:text-right">{children}</dd>
    </div>
  );
}

function methodText(receipt: Receipt, language: Language): string {
  const t = messagesIn(receiptMessages, language);
  if (receipt.card) {
    const expiry = formatExpiry(receipt.card.expiry);
    // A card the processor did not name (a receipt built in the portal) is just a card.
    const card = maskedCard({ ...receipt.card, brand: receipt.card.brand || t.card });
    return expiry ? `${card}, ${t.expires(expiry)}` : card;
  }
  if (receipt.eCheck) return maskedBankAccount(receipt.eCheck, language);
  return receipt.paymentMethod === 'card' ? t.card : t.eCheck;
}

/** SPEC §3 Receipt: what was paid, when, how and for whom. Card and bank numbers masked. */
export function ReceiptDetails({ receipt }: { receipt: Receipt }) {
  const language = useLanguage();
  const timeZone = useAppConfig().data?.timeZone;
  const t = useMessages(receiptMessages);
  const descriptions = useMessages(itemDescriptionMessages);
  const billing = receipt.billingInformation;
  const authorization = receipt.eCheck?.authorization;
  return (
    <div className="flex flex-col gap-4">
      <dl className="divide-y divide-border">
        <Row label={t.receiptNumber}>{receipt.receiptId}</Row>
        <Row label={t.date}>{formatReceiptDate(receipt.date, language, timeZone)}</Row>
        <Row label={t.amount}>
          <span className="text-lg tabular-nums">{formatUsd(receipt.amount)}</span>
        </Row>
        <Row label={t.method}>{methodText(receipt, language)}</Row>
      </dl>

      <section className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">{t.accountsPaid}</h3>
        <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
          {receipt.accounts.map((account) => (
            <li
              key={`${account.paymentType}:${account.accountId}`}
              className="flex items-baseline justify-between gap-3 px-3 py-2 text-sm"
            >
              <span className="min-w-0 break-words">
                {account.description
                  ? describedIn(account.description, descriptions)
                  : account.accountId}
              </span>
              <span className="shrink-0 tabular-nums">{formatUsd(account.amount)}</span>
            </li>
          ))}
        </ul>
      </section>

      {authorization && (
        <section className="flex flex-col gap-1 text-sm">
          <h3 className="font-semibold">{t.authorization}</h3>
          {/* Quoted as accepted, which may be in the other language than the page's. */}
          <blockquote lang={authorization.language} className="border-l-2 border-border pl-3">
            {authorization.text}
          </blockquote>
        </section>
      )}

      <section className="flex flex-col gap-1 text-sm">
        <h3 className="font-semibold">{t.billingInformation}</h3>
        <address className="not-italic">
          {billing.firstName} {billing.lastName}
          <br />
          {billing.address}
          <br />
          {billing.city}, {billing.state} {billing.zipCode}
        </address>
      </section>

      <p className="text-sm">{receipt.emailedTo ? t.emailedTo(receipt.emailedTo) : t.notEmailed}</p>
    </div>
  );
}
