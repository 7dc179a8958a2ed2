import { randomInt } from 'node:crypto';
import { parseConvergeAmount, writeTxn, type TxnFields } from '../payments/index.ts';
import {
  SANDBOX_ERRORS,
  newApprovalCode,
  newTxnId,
  resultFields,
  storedCredentialFields,
  xmlAnswer,
  xmlError,
} from './converge-answers.ts';
import type {
  ConvergeSandboxRepository,
  NewSandboxCardToken,
  NewSandboxTransaction,
  SandboxCardTokenRow,
} from './converge-sandbox.repository.ts';
import {
  cardTokenSchema,
  parseFields,
  storedCredentialProblem,
  tokenSaleSchema,
} from './converge-requests.ts';
import { isExpired, passesLuhn } from './instrument-rules.ts';
import { cardTokenBehaviour } from './test-instruments.ts';
import type { CheckedCard } from './lightbox-sale.ts';

/*
 * The emulator's Card Manager: cards kept as tokens by the lightbox
 * (ccgettoken, or a sale with ssl_add_token), and the XML API's calls on
 * them — ccsale on a token, ccquerytoken, ccdeletetoken.
 */

/**
 * 16 digits like Converge's tokens: the card's first digit, eleven random
 * ones, its last four. Never Luhn-valid, so it is never taken for a card
 * number. Every save makes a new token, even of a card saved before.
 */
export function newCardToken(digits: string): string {
  for (;;) {
    const middle = Array.from({ length: 11 }, () => randomInt(10)).join('');
    const token = `${digits.slice(0, 1)}${middle}${digits.slice(-4)}`;
    if (!passesLuhn(token)) return token;
  }
}

/** The stored card for a card typed into the lightbox; its later sales follow the test card's behaviour. */
export function cardTokenRecord(
  card: CheckedCard,
  customer: Record<string, string>,
  now: Date,
): NewSandboxCardToken {
  return {
    token: newCardToken(card.digits),
    cardNumberMasked: card.masked,
    cardBrand: card.brand,
    cardExpiry: card.expiryMmyy,
    firstName: customer.ssl_first_name ?? null,
    lastName: customer.ssl_last_name ?? null,
    behaviour: cardTokenBehaviour(card.digits),
    createdAt: now,
  };
}

/** What a stored card looks like in answers: masked number, brand, expiry. */
function storedCardFields(card: SandboxCardTokenRow): TxnFields {
  return {
    ssl_card_number: card.cardNumberMasked,
    ssl_card_short_description: card.cardBrand,
    ssl_card_type: 'CREDITCARD',
    ssl_exp_date: card.cardExpiry,
  };
}

/** "1239" → December 2039. */
function expiryOf(mmyy: string) {
  return { month: Number(mmyy.slice(0, 2)), year: 2000 + Number(mmyy.slice(2, 4)) };
}

/**
 * How the issuer answers a sale on a stored card: the test card's later
 * behaviour, and any card whose expiry month has passed by now is expired,
 * with the issuer codes Converge passes on (05 do not honour, 54 expired card).
 */
function tokenSaleOutcome(card: SandboxCardTokenRow, now: Date) {
  if (card.behaviour === 'decline_later') {
    return { approved: false, resultMessage: 'DECLINED', issuerResponse: '05' };
  }
  if (card.behaviour === 'expired_later' || isExpired(expiryOf(card.cardExpiry), now)) {
    return { approved: false, resultMessage: 'EXPIRED CARD', issuerResponse: '54' };
  }
  return { approved: true, resultMessage: 'APPROVAL', issuerResponse: '00' };
}

export class SandboxCardManager {
  constructor(
    private readonly repository: ConvergeSandboxRepository,
    private readonly now: () => Date,
  ) {}

  /**
   * ccsale on a stored card's token. The sandbox takes card numbers only in
   * the lightbox, so a sale with one is refused. The sale is recorded with
   * the token and its stored-credential flags; an unknown or deleted token
   * records nothing.
   */
  async tokenSale(fields: TxnFields): Promise<string> {
    if (fields.ssl_card_number !== undefined) {
      return xmlError(SANDBOX_ERRORS.notPermitted('ccsale with a card number'));
    }
    const parsed = parseFields(tokenSaleSchema, fields);
    if (!parsed.ok) return xmlError(parsed.error);
    const sale = parsed.data;
    const problem = storedCredentialProblem(sale);
    if (problem) return xmlError(problem);
    const card = await this.repository.findCardToken(sale.ssl_token);
    if (!card) return xmlError(SANDBOX_ERRORS.unknownCardToken);

    const now = this.now();
    const { issuerResponse, ...outcome } = tokenSaleOutcome(card, now);
    const transaction = {
      txnId: newTxnId(now),
      method: 'card',
      transactionType: 'SALE',
      ...outcome,
      approvalCode: outcome.approved ? newApprovalCode() : '',
      amountCents: parseConvergeAmount(sale.ssl_amount) ?? 0,
      invoiceNumber: sale.ssl_invoice_number ?? null,
      cardNumberMasked: card.cardNumberMasked,
      cardBrand: card.cardBrand,
      cardExpiry: card.cardExpiry,
      firstName: sale.ssl_first_name ?? card.firstName,
      lastName: sale.ssl_last_name ?? card.lastName,
      cardToken: card.token,
      recurringFlag: sale.ssl_recurring_flag ?? null,
      paymentNumber: sale.ssl_payment_number ? Number(sale.ssl_payment_number) : null,
      paymentCount: sale.ssl_payment_count ? Number(sale.ssl_payment_count) : null,
      merchantInitiatedUnscheduled: sale.ssl_merchant_initiated_unscheduled === 'Y',
      createdAt: now,
    } satisfies NewSandboxTransaction;
    await this.repository.insertTransaction(transaction);
    return xmlAnswer(
      writeTxn({
        ...resultFields(transaction),
        ...storedCardFields(card),
        ...storedCredentialFields(transaction),
        ssl_token_response: 'SUCCESS',
        ssl_merchant_initiated_unscheduled: transaction.merchantInitiatedUnscheduled ? 'Y' : 'N',
        ssl_issuer_response: issuerResponse,
        ssl_transaction_type: 'SALE',
      }),
    );
  }

  /** ccquerytoken: the stored card, as Card Manager shows it (the masked number as ssl_account_number). */
  async queryToken(fields: TxnFields): Promise<string> {
    const parsed = parseFields(cardTokenSchema, fields);
    if (!parsed.ok) return xmlError(parsed.error);
    const card = await this.repository.findCardToken(parsed.data.ssl_token);
    if (!card) return xmlError(SANDBOX_ERRORS.unknownCardToken);
    return xmlAnswer(
      writeTxn({
        ssl_result: '0',
        ssl_token: card.token,
        ssl_token_response: 'SUCCESS',
        ssl_account_number: card.cardNumberMasked,
        ...storedCardFields(card),
        ssl_first_name: card.firstName ?? '',
        ssl_last_name: card.lastName ?? '',
      }),
    );
  }

  /** ccdeletetoken: afterwards the token can be neither charged nor queried. */
  async deleteToken(fields: TxnFields): Promise<string> {
    const parsed = parseFields(cardTokenSchema, fields);
    if (!parsed.ok) return xmlError(parsed.error);
    const deleted = await this.repository.deleteCardToken(parsed.data.ssl_token, this.now());
    if (!deleted) return xmlError(SANDBOX_ERRORS.unknownCardToken);
    return xmlAnswer(
      writeTxn({
        ssl_result: '0',
        ssl_result_message: 'SUCCESS',
        ssl_token: parsed.data.ssl_token,
        ssl_token_response: 'SUCCESS',
      }),
    );
  }
}
