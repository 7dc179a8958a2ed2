import type { BankAccountDetails } from '../../lib/payment-method-keys.ts';
import type { ConvergeTxn, EcsPurchaseRequest, TxnQuery } from '../payments/index.ts';

/*
 * What autopay needs from the other parts of recurring payments, in exactly
 * the shapes they offer: the processor's token sale, the saved methods and
 * the plans' figures. Narrow on purpose, so tests can stand in for each.
 */

/** How a token sale is flagged to the card networks. */
export type TokenSaleRecurring =
  { kind: 'instalment'; paymentNumber: number; paymentCount: number } | { kind: 'unscheduled' };

export interface TokenSaleRequest {
  token: string;
  amountCents: number;
  invoiceNumber: string;
  firstName?: string;
  lastName?: string;
  recurring: TokenSaleRecurring;
}

/** The processor calls a charge makes (the Converge client). */
export interface AutopayProcessor {
  tokenSale(request: TokenSaleRequest): Promise<ConvergeTxn>;
  ecsPurchase(request: EcsPurchaseRequest): Promise<ConvergeTxn>;
  queryTransaction(query: TxnQuery): Promise<ConvergeTxn[]>;
}

/** A saved method ready to charge; removed methods are not chargeable. */
export type ChargeableMethod =
  | {
      id: string;
      guarantorId: string;
      kind: 'card';
      token: string;
      brand: string;
      last4: string;
      expiry: string;
      holder: Record<string, string | null>;
    }
  | {
      id: string;
      guarantorId: string;
      kind: 'bank';
      bank: BankAccountDetails;
      brand: string;
      last4: string;
      holder: Record<string, string | null>;
    };

/** PaymentMethodsRepository, as far as autopay uses it. */
export interface ChargeableMethods {
  chargeable(methodId: string): Promise<ChargeableMethod | undefined>;
}

/** The plans module's figures of portal plans. */
export interface PlanLedger {
  refresh(planId: string, today: string): Promise<void>;
  refreshAll(today: string): Promise<number>;
}
