import type { ConvergeTxn, TxnQuery } from '../payments/index.ts';

export type { ConvergeTxn } from '../payments/index.ts';

/** A card in the processor's Card Manager, as ccquerytoken describes it. */
export interface StoredCardToken {
  token: string;
  /** e.g. 41**********9990 */
  cardNumberMasked: string;
  /** VISA, MC, DISC, AMEX */
  cardBrand: string;
  /** MMYY */
  expiry: string;
  firstName?: string;
  lastName?: string;
}

/** A lightbox session that keeps a card as a token, with nothing charged. */
export interface CardTokenSession {
  transactionType: 'ccgettoken';
  addToken: boolean;
  verify: boolean;
  invoiceNumber: string;
  firstName?: string;
  lastName?: string;
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
  email?: string;
}

/** The processor calls saved payment methods make; ConvergeClient in production. */
export interface PaymentMethodProcessor {
  createTransactionToken(request: CardTokenSession): Promise<string>;
  queryTransaction(query: TxnQuery): Promise<ConvergeTxn[]>;
  queryToken(token: string): Promise<StoredCardToken | null>;
  deleteToken(token: string): Promise<void>;
}
