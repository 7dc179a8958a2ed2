import type { z } from 'zod';
import type {
  CardSetupResponse,
  PaymentMethod,
  cardSetupCompletionSchema,
  cardSetupRequestSchema,
} from '@webpay/contracts/payment-methods';
import { DEFAULT_LANGUAGE, type Language } from '@webpay/contracts/language';
import { isApiError } from '../../lib/api-error.ts';
import type { AuthSession } from '../auth/index.ts';
import {
  isApproved,
  isConvergeError,
  isVoidedOrReversal,
  newPaymentReference,
} from '../payments/index.ts';
import { last4Of, tokenMatchesTxn } from './card-checks.ts';
import { methodErrors } from './method-errors.ts';
import type {
  AcceptedConsent,
  CardSetupRow,
  NewMethod,
  PaymentMethodRow,
  PaymentMethodsRepository,
} from './payment-methods.repository.ts';
import type { MethodContext, PaymentMethodsService } from './payment-methods.service.ts';
import type { ConvergeTxn, PaymentMethodProcessor, StoredCardToken } from './processor.ts';

export type CardSetupBody = z.output<typeof cardSetupRequestSchema>;
export type CardSetupCompletionBody = z.output<typeof cardSetupCompletionSchema>;

/** A recorded card payment whose payer asked to save the card. */
export interface PaymentToSaveFrom {
  id: string;
  guarantorId: string;
  payer: Record<string, string | null>;
  saveCardConsent: string | null;
  saveCardConsentLanguage: Language | null;
}

/** Why a card was not saved: audited, never shown with the card's numbers. */
type SaveProblem =
  | 'no_token'
  | 'token_unknown'
  | 'card_mismatch'
  | 'not_verified'
  | 'processor_unavailable'
  | 'already_saved'
  | 'consent_changed'
  | 'error';

class CardNotSaved extends Error {
  constructor(readonly problem: SaveProblem) {
    super(problem);
  }
}

/** A card setup's reference, sent as the verification's invoice number. */
function newSetupId(): string {
  return `CARD-${newPaymentReference().slice('PAY-'.length)}`;
}

/**
 * Cards, kept only as the processor's tokens: added in the processor's
 * window (ccgettoken with verification) or saved from a payment. Either way
 * the token is saved only once the processor's own records show it is the
 * card that was verified or charged.
 */
export class CardMethods {
  constructor(
    private readonly methods: PaymentMethodsService,
    private readonly repository: PaymentMethodsRepository,
    private readonly processor: PaymentMethodProcessor,
  ) {}

  async startSetup(
    session: AuthSession,
    idempotencyKey: string,
    body: CardSetupBody,
    context: MethodContext,
  ): Promise<CardSetupResponse> {
    const consent = await this.methods.checkedConsent(
      session.guarantorId,
      'card',
      body.consent.text,
      context,
    );
    const { setup } = await this.repository.claimSetup({
      id: newSetupId(),
      guarantorId: session.guarantorId,
      idempotencyKey,
      holder: { ...body.payer },
      consentText: consent.text,
      consentLanguage: consent.language,
    });
    if (setup.lightboxToken) return { setupId: setup.id, token: setup.lightboxToken };
    if (setup.status !== 'open') throw methodErrors.cardNotVerified();
    let token: string;
    try {
      token = await this.processor.createTransactionToken({
        transactionType: 'ccgettoken',
        verify: true,
        addToken: true,
        invoiceNumber: setup.id,
        firstName: body.payer.firstName,
        lastName: body.payer.lastName,
        address: body.payer.address,
        city: body.payer.city,
        state: body.payer.state,
        zip: body.payer.zipCode,
        email: body.payer.email ?? undefined,
      });
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      await this.repository.setupFailed(setup.id);
      throw methodErrors.cardNotVerified();
    }
    await this.repository.setupSession(setup.id, token);
    const stored = await this.repository.findSetup(session.guarantorId, setup.id);
    return { setupId: setup.id, token: stored?.lightboxToken ?? token };
  }

  async completeSetup(
    session: AuthSession,
    setupId: string,
    body: CardSetupCompletionBody,
    context: MethodContext,
  ): Promise<PaymentMethod> {
    const setup = await this.repository.findSetup(session.guarantorId, setupId);
    if (!setup) throw methodErrors.notFound();
    const earlier = await this.savedBySetup(setup);
    if (earlier) return earlier;
    try {
      const { txn, stored } = await this.checkedSetup(setup, body);
      const saved = await this.methods.saveMethod(
        cardMethod(setup.guarantorId, setup.holder, 'setup', stored, txn),
        consentOfSetup(setup, context),
        { cardSetupId: setup.id },
        context,
      );
      if (saved) return await this.methods.viewOf(saved);
      // Saved meanwhile by a concurrent completion of this setup, or earlier on its own.
      const now = await this.repository.findSetup(session.guarantorId, setupId);
      const concurrent = now ? await this.savedBySetup(now) : undefined;
      if (concurrent) return concurrent;
      throw new CardNotSaved('already_saved');
    } catch (error) {
      if (!(error instanceof CardNotSaved)) throw error;
      await this.methods.record(
        context,
        session.guarantorId,
        'payment_method.save_failed',
        null,
        {
          via: 'setup',
          setupId,
          reason: error.problem,
        },
        { outcome: 'failure' },
      );
      if (error.problem === 'already_saved') throw methodErrors.duplicate();
      throw methodErrors.cardNotVerified();
    }
  }

  private async savedBySetup(setup: CardSetupRow): Promise<PaymentMethod | undefined> {
    if (setup.status !== 'saved' || !setup.paymentMethodId) return undefined;
    const method = await this.repository.findById(setup.paymentMethodId);
    return method && !method.removedAt ? this.methods.viewOf(method) : undefined;
  }

  /** The verification (txnquery: CCVERIFY, approved, our invoice) and its token (same card). */
  private async checkedSetup(
    setup: CardSetupRow,
    body: CardSetupCompletionBody,
  ): Promise<{ txn: ConvergeTxn; stored: StoredCardToken }> {
    const txnId = body.convergeResponse.ssl_txn_id?.trim();
    const token = body.convergeResponse.ssl_token?.trim();
    if (!txnId || !token) throw new CardNotSaved('no_token');
    const txns = await this.ask(() => this.processor.queryTransaction({ txnId }));
    const txn = txns.find((candidate) => candidate.ssl_txn_id === txnId);
    if (
      !txn ||
      (txn.ssl_transaction_type ?? '').trim().toUpperCase() !== 'CCVERIFY' ||
      (txn.ssl_invoice_number ?? '').trim() !== setup.id ||
      !isApproved(txn) ||
      isVoidedOrReversal(txn)
    ) {
      throw new CardNotSaved('not_verified');
    }
    return { txn, stored: await this.tokenOf(token, txn) };
  }

  /** The processor's record of the token, when it is the card of `txn`. */
  private async tokenOf(token: string, txn: ConvergeTxn): Promise<StoredCardToken> {
    const stored = await this.ask(() => this.processor.queryToken(token));
    if (!stored) throw new CardNotSaved('token_unknown');
    if (stored.token !== token || !tokenMatchesTxn(stored, txn)) {
      throw new CardNotSaved('card_mismatch');
    }
    return stored;
  }

  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (isConvergeError(error)) throw new CardNotSaved('processor_unavailable');
      throw error;
    }
  }

  /**
   * Saves the card of a recorded payment (saved_from 'payment'). The payment
   * and its receipt stand whatever happens here: any problem is audited as
   * `payment_method.save_failed` and the method is simply not saved.
   */
  async saveFromPayment(
    payment: PaymentToSaveFrom,
    txn: ConvergeTxn,
    token: string | undefined,
    context: MethodContext,
  ): Promise<PaymentMethodRow | undefined> {
    if (!payment.saveCardConsent) return undefined;
    try {
      if (!token?.trim()) throw new CardNotSaved('no_token');
      const stored = await this.tokenOf(token.trim(), txn);
      const consent = await this.paymentConsent(payment, context);
      const saved = await this.methods.saveMethod(
        cardMethod(payment.guarantorId, payment.payer, 'payment', stored, txn),
        consent,
        { paymentId: payment.id },
        context,
      );
      if (!saved) throw new CardNotSaved('already_saved');
      return saved;
    } catch (error) {
      const problem = error instanceof CardNotSaved ? error.problem : 'error';
      await this.methods
        .record(
          context,
          payment.guarantorId,
          'payment_method.save_failed',
          null,
          {
            via: 'payment',
            paymentId: payment.id,
            reason: problem,
            ...(isApiError(error) ? { code: error.code } : {}),
          },
          { outcome: 'failure' },
        )
        .catch(() => undefined);
      return undefined;
    }
  }

  /** The consent kept with the payment, still the service's own words. */
  private async paymentConsent(
    payment: PaymentToSaveFrom,
    context: MethodContext,
  ): Promise<AcceptedConsent> {
    const language = payment.saveCardConsentLanguage ?? DEFAULT_LANGUAGE;
    const expected = await this.methods.consentText(payment.guarantorId, 'card', language);
    if (payment.saveCardConsent !== expected) throw new CardNotSaved('consent_changed');
    return {
      text: expected,
      language,
      acceptedAt: new Date(),
      ipAddress: context.ipAddress,
      userAgent: context.userAgent ?? null,
    };
  }
}

/** A card as saved: the token's card, resting on the first transaction `txn`. */
function cardMethod(
  guarantorId: string,
  holder: Record<string, string | null>,
  savedFrom: NewMethod['savedFrom'],
  stored: StoredCardToken,
  txn: ConvergeTxn,
): NewMethod {
  return {
    guarantorId,
    kind: 'card',
    brand: stored.cardBrand.trim().toUpperCase(),
    last4: last4Of(stored.cardNumberMasked),
    cardExpiry: stored.expiry,
    processorToken: stored.token,
    holder,
    savedFrom,
    firstTxnId: txn.ssl_txn_id ?? null,
    firstApprovalCode: txn.ssl_approval_code?.trim() || null,
  };
}

/** The consent accepted when the setup started, as it was checked then. */
function consentOfSetup(setup: CardSetupRow, context: MethodContext): AcceptedConsent {
  return {
    text: setup.consentText,
    language: setup.consentLanguage,
    acceptedAt: setup.createdAt,
    ipAddress: context.ipAddress,
    userAgent: context.userAgent ?? null,
  };
}
