import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import type { Payer } from '@webpay/contracts/billing';
import type {
  CardStartResponse,
  Receipt,
  achPaymentRequestSchema,
  cancelPaymentRequestSchema,
  cardCompletionRequestSchema,
  cardStartRequestSchema,
} from '@webpay/contracts/payments';
import type { AcceptedAuthorization } from '@webpay/contracts/echeck-authorization';
import { DEFAULT_LANGUAGE, type Language } from '@webpay/contracts/language';
import { storedCredentialConsentText } from '@webpay/contracts/payment-methods';
import { apiErrors, fieldText, isApiError, type ApiError } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { bankAccountFingerprint, keyedFingerprint } from '../../lib/secrets.ts';
import type { AuthSession } from '../auth/index.ts';
import type { EncountersRepository } from '../encounters/index.ts';
import type { ConvergeClient } from './converge/converge.client.ts';
import {
  ConvergeTransportError,
  isConvergeError,
  type ConvergeError,
} from './converge/converge.errors.ts';
import { txnIdSchema, type ConvergeTxn } from './converge/converge.types.ts';
import {
  contradictsRequest,
  isApproved,
  isDecline,
  verifyApproval,
} from './converge/verify-approval.ts';
import { acceptedAuthorization, type AuthorizationSettings } from './echeck-authorization.ts';
import { checkPendingPayments } from './pending-check.ts';
import type { PaymentCheckpoints } from './payment-checkpoints.ts';
import type { PaymentActor, PaymentAudit } from './payment-audit.ts';
import { paymentErrors } from './payment-errors.ts';
import {
  resolvePaymentLines,
  totalCents,
  type PayableAccounts,
  type ResolvedLine,
} from './payment-lines.ts';
import { approvalAmong, payerOf, type PaymentRecorder } from './payment-recorder.ts';
import { newPaymentReference } from './payment-references.ts';
import {
  OPEN_STATUSES,
  type NewPayment,
  type PayerContext,
  type PaymentRow,
  type PaymentsRepository,
} from './payments.repository.ts';

export type CardStartBody = z.output<typeof cardStartRequestSchema>;
export type CardCompletionBody = z.output<typeof cardCompletionRequestSchema>;
export type CancelBody = z.output<typeof cancelPaymentRequestSchema>;
export type AchBody = z.output<typeof achPaymentRequestSchema>;

/** The processor calls payments make; ConvergeClient in production. */
export type PaymentProcessor = Pick<
  ConvergeClient,
  'createTransactionToken' | 'queryTransaction' | 'ecsPurchase'
>;

/**
 * Saves the card of a recorded payment whose payer ticked "Save this card
 * for future payments" (the payment methods module). It never throws: the
 * payment stands whatever becomes of the card.
 */
export interface CardSaver {
  saveFromPayment(
    payment: PaymentRow,
    txn: ConvergeTxn,
    token: string | undefined,
    context: RequestContext & { userAgent?: string | null },
  ): Promise<unknown>;
}

export interface PaymentsServiceOptions {
  /** Keys the request and bank-account fingerprints (derived from a server secret). */
  fingerprintKey: string;
  bankFingerprintKey: string;
  /** How long a repeated request waits for the first one with its key to finish. */
  inProgressWaitMs: number;
  /** What an eCheck authorization states besides the payment itself. */
  authorization: AuthorizationSettings;
}

/** How often a repeated request looks whether the first one has finished. */
const IN_PROGRESS_POLL_MS = 100;

type Outcome = 'timeout' | 'unreachable' | 'refused';

function outcomeOf(error: ConvergeError): Outcome {
  if (error.kind === 'timeout') return 'timeout';
  return error.kind === 'transport' ? 'unreachable' : 'refused';
}

const FAILURE_CODES: Record<Outcome, string> = {
  timeout: 'processor_timeout',
  unreachable: 'processor_unreachable',
  refused: 'processor_error',
};

/** The answer for a processor call that did not give one; whether money may have moved decides the words. */
function processorFailure(outcome: Outcome, moneyMayHaveMoved: boolean): ApiError {
  if (outcome === 'timeout') return paymentErrors.processorTimeout(moneyMayHaveMoved);
  return paymentErrors.processorError(outcome === 'refused' || !moneyMayHaveMoved);
}

/**
 * The payment endpoints: a card payment through the processor's lightbox
 * (start, complete, cancel) and an eCheck payment in one call. Each payment
 * is persisted before the processor is asked anything, every step is keyed
 * so that a repeat finds the earlier result, and an approval becomes a
 * recorded payment only through PaymentRecorder.
 */
export class PaymentsService {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly encounters: EncountersRepository,
    private readonly processor: PaymentProcessor,
    private readonly recorder: PaymentRecorder,
    private readonly audit: PaymentAudit,
    private readonly checkpoints: PaymentCheckpoints,
    private readonly options: PaymentsServiceOptions,
    private readonly cardSaver?: CardSaver,
  ) {}

  async startCard(
    session: AuthSession,
    idempotencyKey: string,
    body: CardStartBody,
    context: RequestContext,
  ): Promise<CardStartResponse> {
    const actor = guarantorActor(session);
    const fingerprint = this.requestFingerprint('card', body);
    const earlier = await this.repository.findByKey(session.guarantorId, idempotencyKey);
    if (earlier) return this.replayCardStart(earlier, fingerprint, body, actor, context);

    const { lines, accounts, saveCard } = await this.refusalsAudited(
      session,
      body,
      context,
      async () => {
        const checked = await this.checkRequest(session, body);
        return { ...checked, saveCard: this.checkedSaveCard(body, checked.payer, context) };
      },
    );
    const { payment, created } = await this.claim(
      session,
      {
        ...this.newPayment(session, idempotencyKey, 'card', fingerprint, lines, body),
        ...(saveCard
          ? { saveCardConsent: saveCard.text, saveCardConsentLanguage: saveCard.language }
          : {}),
      },
      { lines, accounts, body, context },
    );
    if (!created) return this.replayCardStart(payment, fingerprint, body, actor, context);
    await this.audit.record(context, actor, 'payment.initiated', 'success', payment, {
      method: payment.method,
      amountCents: payment.amountCents,
      lines: lines.length,
      acknowledgePending: body.acknowledgePending,
    });
    await this.checkpoints.reached('after-initiated');
    return this.issueToken(payment, fingerprint, body, actor, context);
  }

  /**
   * "Save this card": the consent the payer accepted, when it is word for
   * word the service's own (payee, the billing office's phone, the
   * request's language); other words are refused before anything is written.
   */
  private checkedSaveCard(
    body: CardStartBody,
    payer: PayerContext,
    context: RequestContext,
  ): { text: string; language: Language } | null {
    if (!body.saveCard) return null;
    const language = context.language ?? DEFAULT_LANGUAGE;
    const expected = storedCredentialConsentText(language, 'card', {
      payee: this.options.authorization.payee,
      billingOfficePhone: payer.supportPhone ?? this.options.authorization.fallbackSupportPhone,
    });
    if (body.saveCard.text !== expected) {
      throw apiErrors.validation([fieldText('body.saveCard', (m) => m.storedConsentChanged)]);
    }
    return { text: expected, language };
  }

  /** Opens the lightbox session of a written payment and stores its token, the one anybody gets. */
  private async issueToken(
    payment: PaymentRow,
    fingerprint: string,
    body: CardStartBody,
    actor: PaymentActor,
    context: RequestContext,
  ): Promise<CardStartResponse> {
    let token: string;
    try {
      token = await this.processor.createTransactionToken({
        amountCents: payment.amountCents,
        invoiceNumber: payment.processorReference,
        firstName: body.payer.firstName,
        lastName: body.payer.lastName,
        address: body.payer.address,
        city: body.payer.city,
        state: body.payer.state,
        zip: body.payer.zipCode,
        email: body.payer.email ?? undefined,
        // The same sale keeps the card as a token when the payer asked to save it.
        ...(payment.saveCardConsent ? { addToken: true } : {}),
      });
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      const outcome = outcomeOf(error);
      // No token reached anyone, so nobody can pay into this payment: it is over.
      await this.repository.markOutcome(payment.id, ['initiated'], {
        status: 'failed',
        failureCode: FAILURE_CODES[outcome],
        failureMessage: error.message,
        reconciledAt: new Date(),
      });
      await this.audit.record(context, actor, 'payment.failed', 'failure', payment, {
        step: 'token',
        reason: FAILURE_CODES[outcome],
      });
      throw processorFailure(outcome, false);
    }

    const issued = await this.repository.markTokenIssued(payment.id, token, new Date());
    if (!issued) {
      // Moved on while the token was being issued (reconciled, or another
      // request stored its token): its state answers.
      const current = await this.repository.findById(payment.id);
      if (!current) throw paymentErrors.paymentNotFound();
      return this.replayCardStart(current, fingerprint, body, actor, context);
    }
    await this.audit.record(context, actor, 'payment.token_issued', 'success', payment);
    await this.checkpoints.reached('after-token-issued');
    return { refNum: payment.processorReference, token };
  }

  async completeCard(
    session: AuthSession,
    reference: string,
    body: CardCompletionBody,
    context: RequestContext & { userAgent?: string | null },
  ): Promise<Receipt> {
    const actor = guarantorActor(session);
    const payment = await this.ownPayment(session, reference);
    if (payment.method !== 'card') throw paymentErrors.paymentNotFound();
    if (payment.status === 'recorded') return this.recorder.storedReceipt(payment);
    if (body.saveEmailAsGuarantor) {
      checkSaveEmail(session, payerOf(payment));
      if (!payment.saveEmailAsGuarantor) {
        await this.repository.requestEmailSave(payment.id);
        payment.saveEmailAsGuarantor = true;
      }
    }

    const reported = txnIdSchema.safeParse(body.convergeResponse.ssl_txn_id);
    if (!reported.success) {
      throw apiErrors.validation([
        fieldText('body.convergeResponse.ssl_txn_id', (m) => m.processorTxnIdRequired),
      ]);
    }
    const txnId = reported.data;
    await this.checkpoints.reached('before-verify');
    let txns: ConvergeTxn[];
    try {
      txns = await this.processor.queryTransaction({ txnId });
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      // The approval may be real: the payment stays open for a retry or reconciliation.
      await this.audit.record(context, actor, 'payment.approval_check_failed', 'failure', payment, {
        txnId,
        reason: FAILURE_CODES[outcomeOf(error)],
      });
      throw processorFailure(outcomeOf(error), true);
    }

    const txn = txns.find((candidate) => candidate.ssl_txn_id === txnId);
    const check = verifyApproval(txn, {
      amountCents: payment.amountCents,
      invoiceNumber: payment.processorReference,
      txnId,
    });
    if (!check.ok || !txn) {
      await this.audit.record(context, actor, 'payment.approval_refused', 'failure', payment, {
        txnId,
        reason: check.ok ? 'not_found' : check.reason,
      });
      throw paymentErrors.paymentNotVerified();
    }
    await this.audit.record(context, actor, 'payment.approval_verified', 'success', payment, {
      txnId,
      via: 'card_completion',
    });
    await this.checkpoints.reached('after-approval');
    const result = await this.recorder.record(payment, txn, actor, context);
    if (result.recorded && payment.saveCardConsent && this.cardSaver) {
      // Only the call that recorded the payment saves its card, so a repeat never saves twice.
      const token = body.convergeResponse.ssl_token ?? txn.ssl_token;
      await this.cardSaver.saveFromPayment(payment, txn, token, context);
    }
    return result.receipt;
  }

  /**
   * The lightbox ended without a charge (cancelled, declined, failed). A
   * cancel can race an approval, so the processor is asked first; an
   * approval it holds is recorded instead of cancelled.
   */
  async cancel(
    session: AuthSession,
    reference: string,
    body: CancelBody,
    context: RequestContext,
  ): Promise<void> {
    const actor = guarantorActor(session);
    const payment = await this.ownPayment(session, reference);
    if (payment.status === 'recorded') throw paymentErrors.paymentAlreadyRecorded();
    if (payment.method !== 'card') throw paymentErrors.paymentNotCancellable();
    if (!isOpen(payment)) return;

    let txns: ConvergeTxn[];
    try {
      txns = await this.processor.queryTransaction({ invoiceNumber: payment.processorReference });
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      // Without the processor's word the payment is left open; reconciliation settles it.
      await this.audit.record(context, actor, 'payment.cancel_deferred', 'failure', payment, {
        reason: FAILURE_CODES[outcomeOf(error)],
      });
      return;
    }
    const approval = approvalAmong(txns, payment);
    if (approval) {
      await this.audit.record(context, actor, 'payment.approval_verified', 'success', payment, {
        txnId: approval.ssl_txn_id,
        via: 'cancel',
      });
      await this.recorder.record(payment, approval, actor, context);
      return;
    }

    const declined = /declin/i.test(body.message);
    const status = declined ? 'declined' : 'cancelled';
    const changed = await this.repository.markOutcome(payment.id, OPEN_STATUSES, {
      status,
      failureCode: status,
      failureMessage: body.message,
    });
    if (!changed) {
      const current = await this.repository.findById(payment.id);
      if (current?.status === 'recorded') throw paymentErrors.paymentAlreadyRecorded();
      return;
    }
    await this.audit.record(context, actor, `payment.${status}`, 'success', payment, {
      message: body.message,
    });
  }

  async payAch(
    session: AuthSession,
    idempotencyKey: string,
    body: AchBody,
    context: RequestContext,
  ): Promise<Receipt> {
    const actor = guarantorActor(session);
    const fingerprint = this.requestFingerprint('eCheck', body);
    const earlier = await this.repository.findByKey(session.guarantorId, idempotencyKey);
    if (earlier) return this.replayAch(earlier, fingerprint, actor, context);

    const { eCheck } = body;
    const { lines, accounts, authorization } = await this.refusalsAudited(
      session,
      body,
      context,
      () => this.checkAch(session, body, context),
    );
    const { payment, created } = await this.claim(
      session,
      {
        ...this.newPayment(session, idempotencyKey, 'eCheck', fingerprint, lines, body),
        bankAccountType: eCheck.accountType,
        bankLast4: eCheck.accountNumber.slice(-4),
        bankAccountFingerprint: bankAccountFingerprint(
          this.options.bankFingerprintKey,
          eCheck.routingNumber,
          eCheck.accountNumber,
        ),
        eCheckAuthorization: authorization.text,
        eCheckAuthorizationLanguage: authorization.language,
      },
      { lines, accounts, body, context },
    );
    if (!created) return this.replayAch(payment, fingerprint, actor, context);
    await this.audit.record(context, actor, 'payment.initiated', 'success', payment, {
      method: payment.method,
      amountCents: payment.amountCents,
      lines: lines.length,
      acknowledgePending: body.acknowledgePending,
    });
    await this.checkpoints.reached('after-initiated');
    return this.debit(payment, body, actor, context);
  }

  /** An eCheck's lines, and the authorization its payer accepted, worded again and compared. */
  private async checkAch(
    session: AuthSession,
    body: AchBody,
    context: RequestContext,
  ): Promise<{
    lines: ResolvedLine[];
    accounts: PayableAccounts;
    authorization: AcceptedAuthorization;
  }> {
    const { lines, accounts, payer } = await this.checkRequest(session, body);
    const guarantor = {
      supportPhone: payer.supportPhone,
      language: context.language ?? DEFAULT_LANGUAGE,
    };
    const debit = { ...body.eCheck, amountCents: totalCents(lines) };
    return {
      lines,
      accounts,
      authorization: acceptedAuthorization(
        this.options.authorization,
        guarantor,
        debit,
        body.authorization,
      ),
    };
  }

  /** Asks the processor to debit the bank account of a written eCheck payment, and records the answer. */
  private async debit(
    payment: PaymentRow,
    body: AchBody,
    actor: PaymentActor,
    context: RequestContext,
  ): Promise<Receipt> {
    let answer: ConvergeTxn;
    try {
      answer = await this.processor.ecsPurchase({
        amountCents: payment.amountCents,
        invoiceNumber: payment.processorReference,
        routingNumber: body.eCheck.routingNumber,
        accountNumber: body.eCheck.accountNumber,
        accountType: body.eCheck.accountType,
        firstName: body.payer.firstName,
        lastName: body.payer.lastName,
        // ssl_agree tells the processor what the stored authorization says.
        authorized: payment.eCheckAuthorization !== null,
      });
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      throw await this.achFailed(payment, outcomeOf(error), error, actor, context);
    }

    const matching =
      isApproved(answer) &&
      Boolean(answer.ssl_txn_id) &&
      !contradictsRequest(answer, {
        amountCents: payment.amountCents,
        invoiceNumber: payment.processorReference,
      });
    if (!matching && !isDecline(answer)) {
      // Neither an approval of this debit nor a stated decline: the money may
      // have moved, so the payment stays open for reconciliation to verify.
      const unclear = new ConvergeTransportError(
        'ecspurchase',
        'the answer is neither an approval of this debit nor a decline',
      );
      throw await this.achFailed(payment, 'unreachable', unclear, actor, context);
    }
    if (!matching) {
      const message = answer.ssl_result_message?.trim() || 'DECLINED';
      await this.repository.markOutcome(payment.id, ['initiated'], {
        status: 'declined',
        failureCode: 'declined',
        failureMessage: message,
        reconciledAt: new Date(),
      });
      await this.audit.record(context, actor, 'payment.declined', 'failure', payment, {
        txnId: answer.ssl_txn_id ?? null,
        message,
      });
      throw paymentErrors.paymentDeclined();
    }
    await this.audit.record(context, actor, 'payment.approval_verified', 'success', payment, {
      txnId: answer.ssl_txn_id,
      via: 'ecspurchase',
    });
    await this.checkpoints.reached('after-approval');
    return (await this.recorder.record(payment, answer, actor, context)).receipt;
  }

  /**
   * A processor call of an eCheck payment gave no answer. A refusal is
   * final; after a timeout or a lost connection the debit may have gone
   * through, so the payment stays open for reconciliation.
   */
  private async achFailed(
    payment: PaymentRow,
    outcome: Outcome,
    error: ConvergeError,
    actor: PaymentActor,
    context: RequestContext,
  ): Promise<ApiError> {
    if (outcome === 'refused') {
      await this.repository.markOutcome(payment.id, ['initiated'], {
        status: 'failed',
        failureCode: FAILURE_CODES[outcome],
        failureMessage: error.message,
        reconciledAt: new Date(),
      });
      await this.audit.record(context, actor, 'payment.failed', 'failure', payment, {
        step: 'ecspurchase',
        reason: FAILURE_CODES[outcome],
      });
    } else {
      await this.repository.markProblem(payment.id, FAILURE_CODES[outcome], error.message);
      await this.audit.record(context, actor, 'payment.outcome_unknown', 'failure', payment, {
        step: 'ecspurchase',
        reason: FAILURE_CODES[outcome],
      });
    }
    return processorFailure(outcome, true);
  }

  /** The same key again: the first request's answer, whatever has happened since. */
  private async replayCardStart(
    payment: PaymentRow,
    fingerprint: string,
    body: CardStartBody,
    actor: PaymentActor,
    context: RequestContext,
  ): Promise<CardStartResponse> {
    if (payment.requestFingerprint !== fingerprint || payment.method !== 'card') {
      throw paymentErrors.idempotencyKeyReused();
    }
    const settled = await this.waitWhile(
      payment,
      (row) => row.lightboxToken === null && row.status === 'initiated',
    );
    if (settled.lightboxToken !== null) {
      return { refNum: settled.processorReference, token: settled.lightboxToken };
    }
    if (settled.status === 'initiated') {
      // Still no token after as long as the first request could take: it
      // stopped between writing the payment and storing its token (a crash,
      // a lost database connection). A token charges nothing and only one is
      // ever stored, so the retry takes the step over instead of answering
      // "in progress" until the lightbox window has passed.
      return this.issueToken(settled, fingerprint, body, actor, context);
    }
    throw processorFailure(storedOutcome(settled), false);
  }

  private async replayAch(
    payment: PaymentRow,
    fingerprint: string,
    actor: PaymentActor,
    context: RequestContext,
  ): Promise<Receipt> {
    if (payment.requestFingerprint !== fingerprint || payment.method !== 'eCheck') {
      throw paymentErrors.idempotencyKeyReused();
    }
    let settled = await this.waitWhile(payment, (row) => isOpen(row) && row.failureCode === null);
    if (isOpen(settled)) {
      // The first attempt never heard back: ask the processor what became of it.
      settled = await this.checkWithProcessor(settled, actor, context);
    }
    switch (settled.status) {
      case 'recorded':
        return this.recorder.storedReceipt(settled);
      case 'declined':
        throw paymentErrors.paymentDeclined();
      default:
        if (isOpen(settled) && settled.failureCode === null) {
          throw paymentErrors.idempotencyRequestInProgress();
        }
        throw processorFailure(storedOutcome(settled), isOpen(settled));
    }
  }

  /** Records the payment if the processor holds an approval for it; otherwise leaves it as it is. */
  private async checkWithProcessor(
    payment: PaymentRow,
    actor: PaymentActor,
    context: RequestContext,
  ): Promise<PaymentRow> {
    let txns: ConvergeTxn[];
    try {
      txns = await this.processor.queryTransaction({ invoiceNumber: payment.processorReference });
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      return payment;
    }
    const approval = approvalAmong(txns, payment);
    if (!approval) return payment;
    await this.audit.record(context, actor, 'payment.approval_verified', 'success', payment, {
      txnId: approval.ssl_txn_id,
      via: 'repeat',
    });
    await this.recorder.record(payment, approval, actor, context);
    return (await this.repository.findById(payment.id)) ?? payment;
  }

  /** Waits a while for a concurrent first request with the same key to move the payment on. */
  private async waitWhile(
    payment: PaymentRow,
    busy: (row: PaymentRow) => boolean,
  ): Promise<PaymentRow> {
    let current = payment;
    const deadline = Date.now() + this.options.inProgressWaitMs;
    while (busy(current) && Date.now() < deadline) {
      await sleep(IN_PROGRESS_POLL_MS);
      current = (await this.repository.findById(payment.id)) ?? current;
    }
    return current;
  }

  private async ownPayment(session: AuthSession, reference: string): Promise<PaymentRow> {
    const payment = await this.repository.findByReference(session.guarantorId, reference);
    if (!payment) throw paymentErrors.paymentNotFound();
    return payment;
  }

  /** Runs a new payment's checks; a refusal is audited before it is answered. */
  private async refusalsAudited<T>(
    session: AuthSession,
    body: CardStartBody | AchBody,
    context: RequestContext,
    check: () => Promise<T>,
  ): Promise<T> {
    try {
      return await check();
    } catch (error) {
      await this.auditRefusal(session, body, context, error);
      throw error;
    }
  }

  /**
   * Writes the payment under its key. Unless the guarantor acknowledged what
   * is already pending, a line paying beyond it is refused first, in the
   * same transaction, so two payments started at once cannot both pass.
   */
  private async claim(
    session: AuthSession,
    payment: NewPayment,
    request: {
      lines: ResolvedLine[];
      accounts: PayableAccounts;
      body: CardStartBody | AchBody;
      context: RequestContext;
    },
  ): Promise<{ payment: PaymentRow; created: boolean }> {
    const { lines, accounts, body, context } = request;
    return this.refusalsAudited(session, body, context, () =>
      this.repository.claim(payment, lines.map(lineRow), (pending) => {
        if (!body.acknowledgePending) checkPendingPayments(lines, accounts, pending);
      }),
    );
  }

  private async auditRefusal(
    session: AuthSession,
    body: CardStartBody | AchBody,
    context: RequestContext,
    error: unknown,
  ): Promise<void> {
    if (!isApiError(error)) return;
    await this.audit.refusal(context, session.guarantorId, {
      code: error.code,
      lines: body.accounts.length,
    });
  }

  /** Everything a new payment's lines must pass before anything is written or charged. */
  private async checkRequest(
    session: AuthSession,
    body: CardStartBody | AchBody,
  ): Promise<{ lines: ResolvedLine[]; accounts: PayableAccounts; payer: PayerContext }> {
    if (body.saveEmailAsGuarantor) checkSaveEmail(session, body.payer);
    const [payer, { encounters: encounterRows, plans: planRows }] = await Promise.all([
      this.repository.payerContext(session.guarantorId),
      this.encounters.openBills(session.guarantorId),
    ]);
    if (!payer) throw apiErrors.unauthorized();
    const accounts = payableAccounts(payer, encounterRows, planRows);
    return { lines: resolvePaymentLines(body.accounts, accounts), accounts, payer };
  }

  private newPayment(
    session: AuthSession,
    idempotencyKey: string,
    method: 'card' | 'eCheck',
    fingerprint: string,
    lines: readonly ResolvedLine[],
    body: CardStartBody | AchBody,
  ): NewPayment {
    return {
      guarantorId: session.guarantorId,
      sessionId: session.sessionId,
      idempotencyKey,
      method,
      amountCents: totalCents(lines),
      processorReference: newPaymentReference(),
      payer: { ...body.payer },
      receiptEmail: body.payer.email,
      saveEmailAsGuarantor: body.saveEmailAsGuarantor,
      requestFingerprint: fingerprint,
    };
  }

  /**
   * Identifies a request's content for Idempotency-Key checks. Keyed, because
   * an eCheck request holds a bank account number and the hash is stored.
   * acknowledgePending is left out: it changes whether a payment may start,
   * not what it charges.
   */
  private requestFingerprint(method: 'card' | 'eCheck', body: CardStartBody | AchBody): string {
    const canonical = {
      method,
      accounts: body.accounts.map((line) => [
        line.paymentType,
        line.facilityId,
        line.accountId,
        Math.round(line.amount * 100),
      ]),
      payer: [
        body.payer.firstName,
        body.payer.lastName,
        body.payer.address,
        body.payer.city,
        body.payer.state,
        body.payer.zipCode,
        body.payer.email,
      ],
      saveEmailAsGuarantor: body.saveEmailAsGuarantor,
      // Only when asked, so the fingerprints of payments that save nothing stay as they were.
      ...('saveCard' in body && body.saveCard ? { saveCard: body.saveCard.text } : {}),
      eCheck:
        'eCheck' in body
          ? [
              body.eCheck.routingNumber,
              body.eCheck.accountNumber,
              body.eCheck.accountType,
              body.authorization.text,
            ]
          : null,
    };
    return keyedFingerprint(this.options.fingerprintKey, JSON.stringify(canonical));
  }
}

function guarantorActor(session: AuthSession): PaymentActor {
  return { type: 'guarantor', guarantorId: session.guarantorId };
}

function isOpen(payment: Pick<PaymentRow, 'status'>): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(payment.status);
}

function storedOutcome(payment: Pick<PaymentRow, 'failureCode'>): Outcome {
  switch (payment.failureCode) {
    case FAILURE_CODES.timeout:
      return 'timeout';
    case FAILURE_CODES.unreachable:
      return 'unreachable';
    default:
      return 'refused';
  }
}

/** SPEC §6: only a 'totp' session may save a new e-mail as the guarantor's, and only one it typed. */
function checkSaveEmail(session: AuthSession, payer: Pick<Payer, 'email'>): void {
  if (session.loginType !== 'totp') throw paymentErrors.saveEmailNotAllowed('login_type');
  if (!payer.email) throw paymentErrors.saveEmailNotAllowed('no_email');
}

function lineRow(line: ResolvedLine) {
  return {
    lineNumber: line.lineNumber,
    paymentType: line.paymentType,
    facilityId: line.facilityId,
    accountId: line.accountId,
    amountCents: line.amountCents,
    encounterId: line.encounterId,
    planId: line.planId,
    description: line.description,
  };
}

type OpenBills = Awaited<ReturnType<EncountersRepository['openBills']>>;

/** What a guarantor may pay: their open encounters and plans, as the line checks read them. */
function payableAccounts(
  payer: PayerContext,
  encounterRows: OpenBills['encounters'],
  planRows: OpenBills['plans'],
): PayableAccounts {
  const openPlans = new Set(planRows.map((plan) => plan.id));
  const encounters = encounterRows.map((row) => ({
    id: row.id,
    facilityId: row.facilityId,
    accountNumber: row.accountNumber,
    patientName: row.patientName,
    balanceCents: row.balanceCents,
    type: row.type,
    planId: row.planId !== null && openPlans.has(row.planId) ? row.planId : null,
  }));
  return {
    centralFacilityId: payer.centralFacilityId,
    mmi: payer.mmi,
    encounters,
    plans: planRows.map((plan) => ({
      id: plan.id,
      planNumber: plan.planNumber,
      version: plan.version,
      currentBalanceCents: plan.currentBalanceCents,
      facilityIds: encounters
        .filter((encounter) => encounter.planId === plan.id)
        .map((encounter) => encounter.facilityId),
    })),
  };
}
