import { addDays } from '@webpay/contracts/dates';
import { PAYMENT_TYPE_LABELS } from '@webpay/contracts/payments';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import {
  approvalAmong,
  contradictsRequest,
  isApproved,
  isConvergeError,
  isDecline,
  newPaymentReference,
  type ConvergeTxn,
  type PaymentActor,
  type PaymentRecorder,
  type PaymentRow,
  type PaymentsRepository,
} from '../payments/index.ts';
import type { AutopayMailer, ChargeSubject } from './autopay-email.ts';
import type {
  AutopayProcessor,
  ChargeableMethod,
  ChargeableMethods,
  PlanLedger,
} from './autopay.parts.ts';
import type {
  AutopayRepository,
  ChargeRow,
  ChargeTarget,
  GuarantorContact,
} from './autopay.repository.ts';
import type { AutopayEntry } from './autopay-report.ts';

const SYSTEM: PaymentActor = { type: 'system' };
const CLOSED_PAYMENT = ['declined', 'cancelled', 'failed'] as const;

export interface ChargeOptions {
  retryDays: number;
  billingOfficePhone: string;
}

type Answer =
  | { kind: 'approved'; txn: ConvergeTxn }
  | { kind: 'declined'; reason: string }
  | { kind: 'unknown'; reason: string };

/** The processor's words on a charge: an approval of this payment, a stated decline, or nothing sure. */
function answerOf(payment: PaymentRow, txn: ConvergeTxn): Answer {
  const expected = { amountCents: payment.amountCents, invoiceNumber: payment.processorReference };
  if (isApproved(txn) && txn.ssl_txn_id && !contradictsRequest(txn, expected)) {
    return { kind: 'approved', txn };
  }
  if (isDecline(txn))
    return { kind: 'declined', reason: txn.ssl_result_message?.trim() || 'DECLINED' };
  return { kind: 'unknown', reason: 'the answer is neither an approval nor a decline' };
}

/**
 * One charge's life after its notice: claimed with its payment written
 * first, asked of the processor once, then recorded, declined (with a
 * retry or a final word) or left open for reconciliation. Every step is a
 * conditional update, so a second runner can only find nothing to do.
 */
export class AutopayCharger {
  constructor(
    private readonly repository: AutopayRepository,
    private readonly payments: PaymentsRepository,
    private readonly recorder: PaymentRecorder,
    private readonly processor: AutopayProcessor,
    private readonly methods: ChargeableMethods,
    private readonly ledger: PlanLedger,
    private readonly mailer: AutopayMailer,
    private readonly audit: AuditRepository,
    private readonly options: ChargeOptions,
  ) {}

  /** Charges one noticed charge whose day has come; undefined when another runner took it. */
  async charge(
    charge: ChargeRow,
    today: string,
    context: RequestContext,
  ): Promise<AutopayEntry | undefined> {
    const target = await this.repository.target(charge);
    const entry = entryFor(charge, target);
    if (target.instalmentCompleted || target.statementSettled) {
      const moved = await this.repository.move(charge.id, ['noticed'], 'cancelled', {
        failureMessage: 'paid before its date',
      });
      return moved ? { ...entry, action: 'cancelled', reason: 'paid before its date' } : undefined;
    }
    const [method, contact] = await Promise.all([
      this.methods.chargeable(charge.paymentMethodId),
      this.repository.contact(charge.guarantorId),
    ]);
    if (!contact) throw new Error(`Guarantor ${charge.guarantorId} of an autopay charge is gone`);
    if (!method) {
      const declined = await this.declined(
        charge,
        'noticed',
        'the payment method was removed',
        today,
        context,
      );
      return declined
        ? { ...entry, action: 'declined', reason: 'the payment method was removed' }
        : undefined;
    }
    const claimed = await this.repository.claim(
      charge.id,
      paymentOf(charge, method, contact),
      lineOf(charge, target, contact),
    );
    if (!claimed) return undefined;
    const answer = await this.ask(claimed.payment, method, target);
    return this.settle(claimed.charge, claimed.payment, answer, today, context);
  }

  /** A charge left `charging` by an earlier run: what its payment became, or what the processor holds. */
  async recheck(
    charge: ChargeRow,
    today: string,
    context: RequestContext,
  ): Promise<AutopayEntry | undefined> {
    const payment = charge.paymentId ? await this.repository.payment(charge.paymentId) : undefined;
    if (!payment) return undefined;
    const entry = entryFor(charge, await this.repository.target(charge));
    if (payment.status === 'recorded') {
      const paid = await this.paid(charge, payment, today);
      return paid
        ? { ...entry, action: 'charged', reference: payment.processorReference }
        : undefined;
    }
    if ((CLOSED_PAYMENT as readonly string[]).includes(payment.status)) {
      const reason = payment.failureMessage ?? payment.status;
      const declined = await this.declined(charge, 'charging', reason, today, context);
      return declined ? { ...entry, action: 'declined', reason } : undefined;
    }
    let txns: ConvergeTxn[];
    try {
      txns = await this.processor.queryTransaction({ invoiceNumber: payment.processorReference });
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      return { ...entry, action: 'unknown', reason: 'the processor could not be asked' };
    }
    const approval = approvalAmong(txns, payment);
    if (!approval) {
      return {
        ...entry,
        action: 'unknown',
        reason: 'left to reconciliation',
        reference: payment.processorReference,
      };
    }
    return this.settle(charge, payment, { kind: 'approved', txn: approval }, today, context);
  }

  private async ask(
    payment: PaymentRow,
    method: ChargeableMethod,
    target: ChargeTarget,
  ): Promise<Answer> {
    const names = {
      firstName: method.holder.firstName ?? undefined,
      lastName: method.holder.lastName ?? undefined,
    };
    try {
      const txn =
        method.kind === 'card'
          ? await this.processor.tokenSale({
              token: method.token,
              amountCents: payment.amountCents,
              invoiceNumber: payment.processorReference,
              ...names,
              recurring:
                target.instalmentNumber !== null && target.instalmentCount !== null
                  ? {
                      kind: 'instalment',
                      paymentNumber: target.instalmentNumber,
                      paymentCount: target.instalmentCount,
                    }
                  : { kind: 'unscheduled' },
            })
          : await this.processor.ecsPurchase({
              amountCents: payment.amountCents,
              invoiceNumber: payment.processorReference,
              routingNumber: method.bank.routingNumber,
              accountNumber: method.bank.accountNumber,
              accountType: method.bank.accountType,
              firstName: names.firstName ?? '',
              lastName: names.lastName ?? '',
              // The stored autopay authorization is what ssl_agree states.
              authorized: true,
            });
      return answerOf(payment, txn);
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      // Refused outright, nothing moved; a timeout or a lost line may have charged.
      return error.kind === 'processor'
        ? { kind: 'declined', reason: error.message }
        : { kind: 'unknown', reason: error.message };
    }
  }

  private async settle(
    charge: ChargeRow,
    payment: PaymentRow,
    answer: Answer,
    today: string,
    context: RequestContext,
  ): Promise<AutopayEntry | undefined> {
    const entry = {
      ...entryFor(charge, await this.repository.target(charge)),
      reference: payment.processorReference,
    };
    if (answer.kind === 'unknown') {
      await this.payments.markProblem(payment.id, 'processor_unclear', answer.reason);
      return { ...entry, action: 'unknown', reason: 'left to reconciliation' };
    }
    if (answer.kind === 'declined') {
      await this.payments.markOutcome(payment.id, ['initiated'], {
        status: 'declined',
        failureCode: 'declined',
        failureMessage: answer.reason,
        reconciledAt: new Date(),
      });
      const declined = await this.declined(charge, 'charging', answer.reason, today, context);
      return declined ? { ...entry, action: 'declined', reason: answer.reason } : undefined;
    }
    const contact = await this.repository.contact(charge.guarantorId);
    await this.recorder.record(payment, answer.txn, SYSTEM, {
      ...context,
      ...(contact ? { language: contact.language } : {}),
    });
    const recorded = await this.payments.findById(payment.id);
    const paid = await this.paid(charge, recorded ?? payment, today);
    return paid ? { ...entry, action: 'charged' } : undefined;
  }

  private async paid(charge: ChargeRow, payment: PaymentRow, today: string): Promise<boolean> {
    const moved = await this.repository.move(charge.id, ['charging'], 'paid');
    if (!moved) return false;
    if (charge.planId) await this.ledger.refresh(charge.planId, today);
    await this.auditCharge(charge, 'autopay.charged', 'success', {
      paymentId: payment.id,
      refNum: payment.processorReference,
    });
    return true;
  }

  /**
   * A decline: the charge is declined and, on a first attempt, tried again
   * `retryDays` later; after the second, the plan needs the billing office's
   * attention. The e-mail goes with the change, in the same transaction.
   */
  private async declined(
    charge: ChargeRow,
    from: 'noticed' | 'charging',
    reason: string,
    today: string,
    context: RequestContext,
  ): Promise<boolean> {
    const target = await this.repository.target(charge);
    const contact = await this.repository.contact(charge.guarantorId);
    const method = await this.methods.chargeable(charge.paymentMethodId);
    const won = await this.repository.db.transaction(async (tx) => {
      if (
        !(await this.repository.move(charge.id, [from], 'declined', { failureMessage: reason }, tx))
      )
        return false;
      const retryDate = addDays(
        charge.chargeDate > today ? charge.chargeDate : today,
        this.options.retryDays,
      );
      const final = charge.attempt >= 2;
      if (!final) await this.repository.insertRetry(tx, charge, retryDate);
      else if (charge.planId) await this.repository.markNeedsAttention(charge.planId, today, tx);
      if (contact?.email) {
        const base = {
          to: contact.email,
          firstName: contact.firstName,
          language: contact.language,
          subject: subjectOf(target),
          amountCents: charge.amountCents ?? 0,
          method: {
            kind: method?.kind ?? 'card',
            brand: method?.brand ?? '',
            last4: method?.last4 ?? '',
          },
        };
        await this.mailer.queue(
          tx,
          final
            ? {
                ...base,
                type: 'final_decline',
                reason,
                billingOfficePhone: contact.supportPhone ?? this.options.billingOfficePhone,
              }
            : { ...base, type: 'declined', reason, retryDate },
          { guarantorId: charge.guarantorId, chargeId: charge.id },
        );
      }
      return true;
    });
    if (won)
      await this.auditCharge(
        charge,
        'autopay.declined',
        'failure',
        { reason, attempt: charge.attempt },
        context,
      );
    return won;
  }

  private async auditCharge(
    charge: ChargeRow,
    action: string,
    outcome: 'success' | 'failure',
    details: Record<string, unknown>,
    context?: RequestContext,
  ): Promise<void> {
    await this.audit.record(
      context ?? { requestId: 'autopay', correlationId: 'autopay', ipAddress: '' },
      {
        action,
        outcome,
        actorType: 'system',
        guarantorId: charge.guarantorId,
        targetType: 'autopay_charge',
        targetId: charge.id,
        details: {
          kind: charge.kind,
          attempt: charge.attempt,
          amountCents: charge.amountCents,
          ...details,
        },
      },
    );
  }
}

export function subjectOf(target: ChargeTarget): ChargeSubject {
  return target.planNumber !== null
    ? {
        kind: 'instalment',
        planNumber: target.planNumber,
        instalmentNumber: target.instalmentNumber ?? 0,
        instalmentCount: target.instalmentCount ?? 0,
      }
    : { kind: 'statement', statementDate: target.statementDate ?? '' };
}

function entryFor(charge: ChargeRow, target: ChargeTarget): Omit<AutopayEntry, 'action'> {
  return {
    chargeId: charge.id,
    kind: charge.kind,
    guarantorId: charge.guarantorId,
    about:
      target.planNumber !== null
        ? `${target.planNumber} #${target.instalmentNumber ?? '?'}`
        : `statement ${target.statementDate ?? ''}`,
    attempt: charge.attempt,
    chargeDate: charge.chargeDate,
    amountCents: charge.amountCents,
  };
}

function paymentOf(charge: ChargeRow, method: ChargeableMethod, contact: GuarantorContact) {
  return {
    guarantorId: charge.guarantorId,
    idempotencyKey: `autopay-${charge.id}`,
    method: method.kind === 'card' ? ('card' as const) : ('eCheck' as const),
    amountCents: charge.amountCents ?? 0,
    processorReference: newPaymentReference(),
    payer: method.holder,
    receiptEmail: contact.email ?? method.holder.email ?? null,
    origin: 'autopay' as const,
    paymentMethodId: method.id,
    ...(method.kind === 'bank'
      ? { bankAccountType: method.bank.accountType, bankLast4: method.last4 }
      : {}),
  };
}

function lineOf(charge: ChargeRow, target: ChargeTarget, contact: GuarantorContact) {
  const central = contact.centralFacilityId;
  return target.planNumber !== null
    ? {
        paymentType: PAYMENT_TYPE_LABELS.payment_plan,
        facilityId: central,
        accountId: `${central}-${target.planNumber}`,
        amountCents: charge.amountCents ?? 0,
        planId: charge.planId,
        description: `${target.planNumber}-${target.planVersion ?? 1} | ${PAYMENT_TYPE_LABELS.payment_plan}`,
      }
    : {
        paymentType: PAYMENT_TYPE_LABELS.total,
        facilityId: central,
        accountId: `${central}-${contact.mmi}`,
        amountCents: charge.amountCents ?? 0,
        description: PAYMENT_TYPE_LABELS.total,
      };
}
