import type { TxnFields } from '../payments/index.ts';
import { cardTokenRecord } from './card-manager.ts';
import { newApprovalCode, newTxnId, resultFields } from './converge-answers.ts';
import type {
  NewSandboxCardToken,
  NewSandboxTransaction,
  SandboxTokenRow,
  SessionRecords,
} from './converge-sandbox.repository.ts';
import type { CheckedCard } from './lightbox-sale.ts';
import { cardOutcome } from './test-instruments.ts';

/*
 * What the lightbox does with a checked card, by the kind of session: a sale
 * (ccsale, perhaps keeping the card as a token) or saving the card
 * (ccgettoken, perhaps verifying it first); and how it answers the browser.
 */

/** Card Manager's answer when a sale asks to keep a card without the names it files it under. */
const NAMES_REQUIRED = 'FAILURE - First Name and Last Name are required.';

/** A sale or a verification of the card, as recorded. */
function cardTransaction(
  session: SandboxTokenRow,
  card: CheckedCard,
  approved: boolean,
  now: Date,
): NewSandboxTransaction {
  const sale = session.transactionType === 'ccsale';
  return {
    txnId: newTxnId(now),
    method: 'card',
    transactionType: sale ? 'SALE' : 'CCVERIFY',
    approved,
    resultMessage: approved ? 'APPROVAL' : 'DECLINED',
    approvalCode: approved ? newApprovalCode() : '',
    // A verification asks the issuer about the card for no money.
    amountCents: sale ? session.amountCents : 0,
    invoiceNumber: session.invoiceNumber,
    cardNumberMasked: card.masked,
    cardBrand: card.brand,
    cardExpiry: card.expiryMmyy,
    firstName: session.customer.ssl_first_name ?? null,
    lastName: session.customer.ssl_last_name ?? null,
    createdAt: now,
  };
}

/** Card Manager files a card under the cardholder's names; a sale without them keeps no card. */
function hasNames(session: SandboxTokenRow): boolean {
  return Boolean(session.customer.ssl_first_name && session.customer.ssl_last_name);
}

/**
 * What a session records for this card: nothing when the processor fails
 * (the processor-error card); a sale, or a verification, by the card's
 * outcome; and the stored card when the session keeps one and the card was
 * not declined (a token without verification is kept whatever the card).
 */
export function sessionRecords(
  session: SandboxTokenRow,
  card: CheckedCard,
  now: Date,
): SessionRecords {
  const outcome = cardOutcome(card.digits);
  if (outcome === 'error') return {};
  const approved = outcome === 'approval';
  const charged = session.transactionType === 'ccsale' || session.verify;
  const transaction = charged ? cardTransaction(session, card, approved, now) : undefined;
  const keeps =
    session.addToken &&
    (!charged || approved) &&
    (session.transactionType === 'ccgettoken' || hasNames(session));
  if (!keeps) return { transaction };
  const cardToken = cardTokenRecord(card, session.customer, now);
  return { transaction: transaction && { ...transaction, cardToken: cardToken.token }, cardToken };
}

/** Converge's AVS codes: Y address and ZIP, Z ZIP only, A address only, U nothing to check. */
function avsResponse(customer: Record<string, string>): string {
  const address = customer.ssl_avs_address !== undefined;
  const zip = customer.ssl_avs_zip !== undefined;
  if (address && zip) return 'Y';
  if (zip) return 'Z';
  if (address) return 'A';
  return 'U';
}

/** The token fields of an answer: the kept card's token, or why none was kept. */
function tokenFields(
  session: SandboxTokenRow,
  cardToken: NewSandboxCardToken | undefined,
): TxnFields {
  if (cardToken) {
    return {
      ssl_token: cardToken.token,
      ssl_token_response: 'SUCCESS',
      ssl_add_token_response: 'Card Added',
    };
  }
  if (session.addToken && session.transactionType === 'ccsale' && !hasNames(session)) {
    return { ssl_token_response: 'FAILURE', ssl_add_token_response: NAMES_REQUIRED };
  }
  return {};
}

/**
 * The response the lightbox hands to onApproval / onDeclined, Converge's
 * fields as strings: the sale's or verification's outcome, the masked card,
 * and the token when the card was kept. Saving a card without verification
 * has no transaction: it answers approval with the token alone.
 */
export function sessionResponse(
  session: SandboxTokenRow,
  card: CheckedCard,
  records: SessionRecords,
  now: Date,
): { type: 'approval' | 'declined'; response: TxnFields } {
  const { transaction, cardToken } = records;
  const approved = transaction ? transaction.approved : true;
  const customer = session.customer;
  const outcome: TxnFields = transaction
    ? {
        ...resultFields({ ...transaction, createdAt: now }),
        ssl_avs_response: avsResponse(customer),
        ssl_cvv2_response: 'M',
        ssl_issuer_response: approved ? '00' : '05',
        ssl_transaction_type: transaction.transactionType,
      }
    : {
        ssl_result: '0',
        ssl_result_message: 'APPROVAL',
        ssl_invoice_number: session.invoiceNumber ?? '',
        ssl_transaction_type: 'GETTOKEN',
      };
  return {
    type: approved ? 'approval' : 'declined',
    response: {
      ...outcome,
      ssl_card_number: card.masked,
      ssl_card_short_description: card.brand,
      ssl_card_type: 'CREDITCARD',
      ssl_exp_date: card.expiryMmyy,
      ...tokenFields(session, cardToken),
      ssl_first_name: customer.ssl_first_name ?? '',
      ssl_last_name: customer.ssl_last_name ?? '',
    },
  };
}
