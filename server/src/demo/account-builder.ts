import { FACILITY } from '@webpay/contracts/facilities';
import { fromCents } from '@webpay/contracts/money';
import type {
  encounters,
  guarantors,
  paymentLines,
  paymentPlans,
  payments,
  pendingPayments,
  planInstalments,
  receipts,
  sandboxConvergeTransactions,
  StatementItem,
  statements,
} from '../db/schema.ts';
import { bankAccountFingerprint } from '../lib/secrets.ts';
import { addDays, addMonths, firstOfMonth, instant } from './calendar.ts';
import type { DemoGuarantor } from './demo-guarantors.ts';
import { demoId } from './ids.ts';
import { processorSaleOf } from './processor-records.ts';

/*
 * Builds one guarantor's rows from a small ledger so that every figure agrees
 * with every other: an encounter's charges are derived from its balance, its
 * adjustments and the payments posted to it, and each statement is that
 * ledger read on the statement date.
 */

export interface DemoRows {
  guarantors: (typeof guarantors.$inferInsert)[];
  paymentPlans: (typeof paymentPlans.$inferInsert)[];
  planInstalments: (typeof planInstalments.$inferInsert)[];
  encounters: (typeof encounters.$inferInsert)[];
  payments: (typeof payments.$inferInsert)[];
  paymentLines: (typeof paymentLines.$inferInsert)[];
  receipts: (typeof receipts.$inferInsert)[];
  pendingPayments: (typeof pendingPayments.$inferInsert)[];
  statements: (typeof statements.$inferInsert)[];
  /** The built-in processor's record of each payment (processor-records.ts). */
  processorTxns: (typeof sandboxConvergeTransactions.$inferInsert)[];
}

export function emptyRows(): DemoRows {
  return {
    guarantors: [],
    paymentPlans: [],
    planInstalments: [],
    encounters: [],
    payments: [],
    paymentLines: [],
    receipts: [],
    pendingPayments: [],
    statements: [],
    processorTxns: [],
  };
}

export interface DemoContext {
  today: string;
  /** Key for bank-account fingerprints; the service must use the same one to match them. */
  fingerprintKey: string;
}

interface Posting {
  date: string;
  amountCents: number;
  kind: 'payment' | 'adjustment';
}

export interface EncounterSpec {
  facilityId: string;
  accountNumber: string;
  patientName: string;
  admitDate: string;
  balanceCents: number;
  /** What the statement line says (e.g. "Emergency department visit"). */
  description: string;
  /** Discounts and contractual adjustments, posted 30 days after admission. */
  adjustmentsCents?: number;
}

export interface EncounterRef {
  id: string;
  facilityId: string;
  accountNumber: string;
  patientName: string;
  admitDate: string;
  type: 'ENT' | 'EXAR';
}

interface LedgerEncounter extends EncounterRef {
  description: string;
  balanceCents: number;
  postings: Posting[];
}

export interface PlanSpec {
  planNumber: string;
  version: number;
  type: 'Mail-in' | 'Auto' | 'Unknown';
  status: 'Active' | 'Broken' | 'Unknown';
  nextDueDate: string;
  dueCents: number;
  overdueCents: number;
  regularPaymentCents: number;
  numberOfPayments: number;
  completedPayments: number;
  /** The last instalment when it differs from the regular payment. */
  finalInstalmentCents?: number;
  /** The plan's encounters; their balances add up to the pay-off amount. */
  encounters: EncounterSpec[];
}

export interface PlanRef {
  id: string;
  planNumber: string;
  version: number;
  firstEncounterFacilityId: string;
  /** Due date and completion date of each instalment, by instalment number. */
  instalments: {
    number: number;
    dueDate: string;
    amountCents: number;
    completedAt: string | null;
  }[];
}

export type PaymentLineSpec =
  | { kind: 'encounter'; encounter: EncounterRef; amountCents: number }
  | { kind: 'plan'; plan: PlanRef; amountCents: number };

export type PaymentMethodSpec =
  | { method: 'card'; brand: string; last4: string; expiry: string }
  | {
      method: 'eCheck';
      accountType: 'CHECKING' | 'SAVINGS';
      routingNumber: string;
      accountNumber: string;
    };

export interface PaymentSpec {
  receiptId: string;
  date: string;
  time: string;
  pay: PaymentMethodSpec;
  lines: PaymentLineSpec[];
}

export interface PayerSpec {
  address: string;
  city: string;
  state: string;
  zipCode: string;
}

/** SPEC §9 payment type labels. */
const PAYMENT_TYPE_LABELS = {
  encounter: 'Account Payment',
  payment_plan: 'Payment Plan',
  external: 'GL Payment',
} as const;

const CENTRAL_FACILITY = FACILITY.hospitalsAndClinics;
const ADJUSTMENT_DELAY_DAYS = 30;
const STATEMENT_DUE_DAYS = 24;

type CardSpec = Extract<PaymentMethodSpec, { method: 'card' }>;
type BankSpec = Extract<PaymentMethodSpec, { method: 'eCheck' }>;

/** What a payment's row and its receipt both tell. */
interface MadePayment {
  id: string;
  /** The guarantor's payments numbered from 001, in processor references. */
  sequence: string;
  paidAt: Date;
  amountCents: number;
  payer: {
    firstName: string;
    lastName: string;
    address: string;
    city: string;
    state: string;
    zipCode: string;
    email: string | null;
  };
  card: CardSpec | null;
  bank: BankSpec | null;
  bankLast4: string | null;
}

interface PaymentLineRow {
  id: string;
  paymentId: string;
  lineNumber: number;
  paymentType: string;
  facilityId: string;
  accountId: string;
  amountCents: number;
  encounterId: string | null;
  planId: string | null;
  description: string;
}

function paidWith(pay: PaymentMethodSpec): Pick<MadePayment, 'card' | 'bank' | 'bankLast4'> {
  const card = pay.method === 'card' ? pay : null;
  const bank = pay.method === 'eCheck' ? pay : null;
  return { card, bank, bankLast4: bank ? bank.accountNumber.slice(-4) : null };
}

export class AccountBuilder {
  readonly guarantorId: string;
  private readonly ledger: LedgerEncounter[] = [];
  private paymentCount = 0;

  constructor(
    private readonly rows: DemoRows,
    private readonly context: DemoContext,
    private readonly guarantor: DemoGuarantor,
    pinHash: string,
    private readonly payer: PayerSpec,
  ) {
    this.guarantorId = demoId(`guarantor:${guarantor.accountNumber}`);
    const pinIssuedAt = instant(firstOfMonth(context.today), '06:00');
    const since = guarantor.signedUp ? instant('2025-09-15', '17:20') : null;
    rows.guarantors.push({
      id: this.guarantorId,
      accountNumber: guarantor.accountNumber,
      mmi: guarantor.mmi,
      firstName: guarantor.firstName,
      lastName: guarantor.lastName,
      email: guarantor.email,
      emailVerifiedAt: guarantor.email ? since : null,
      birthdate: guarantor.birthdate,
      supportPhone: guarantor.supportPhone,
      roles: [...guarantor.roles],
      paperless: guarantor.paperless,
      signedUpAt: since,
      pinHash,
      pinIssuedAt,
    });
  }

  get today(): string {
    return this.context.today;
  }

  /** An encounter outside any plan: self-pay, ENT at the central facility, EXAR elsewhere. */
  encounter(spec: EncounterSpec): EncounterRef {
    return this.addEncounter(spec, null);
  }

  private addEncounter(spec: EncounterSpec, planId: string | null): EncounterRef {
    if (!Number.isSafeInteger(spec.balanceCents) || spec.balanceCents < 0) {
      throw new RangeError(`Bad balance for ${spec.facilityId}-${spec.accountNumber}`);
    }
    const type = spec.facilityId === CENTRAL_FACILITY ? 'ENT' : 'EXAR';
    const ref: LedgerEncounter = {
      id: demoId(`encounter:${spec.facilityId}-${spec.accountNumber}`),
      facilityId: spec.facilityId,
      accountNumber: spec.accountNumber,
      patientName: spec.patientName,
      admitDate: spec.admitDate,
      type,
      description: spec.description,
      balanceCents: spec.balanceCents,
      postings: [],
    };
    if (spec.adjustmentsCents) {
      // Today's balance already reflects the adjustment, so it is never
      // dated in the future.
      const usual = addDays(spec.admitDate, ADJUSTMENT_DELAY_DAYS);
      const latest = spec.admitDate > this.today ? spec.admitDate : this.today;
      ref.postings.push({
        date: usual < latest ? usual : latest,
        amountCents: spec.adjustmentsCents,
        kind: 'adjustment',
      });
    }
    this.ledger.push(ref);
    this.rows.encounters.push({
      id: ref.id,
      guarantorId: this.guarantorId,
      facilityId: spec.facilityId,
      accountNumber: spec.accountNumber,
      patientName: spec.patientName,
      status: planId ? 'payment_plan' : 'self_pay',
      admitDate: spec.admitDate,
      balanceCents: spec.balanceCents,
      type,
      planId,
    });
    return ref;
  }

  plan(spec: PlanSpec): PlanRef {
    const { numberOfPayments: total, completedPayments: completed } = spec;
    if (completed < 0 || completed >= total) {
      throw new RangeError(`${spec.planNumber}: completed payments must be below the total`);
    }
    if (spec.encounters.length === 0) throw new RangeError(`${spec.planNumber} has no encounters`);
    const id = demoId(`plan:${spec.planNumber}`);
    const currentBalanceCents = spec.encounters.reduce((sum, e) => sum + e.balanceCents, 0);
    this.rows.paymentPlans.push({
      id,
      guarantorId: this.guarantorId,
      planNumber: spec.planNumber,
      version: spec.version,
      type: spec.type,
      status: spec.status,
      nextDueDate: spec.nextDueDate,
      dueCents: spec.dueCents,
      overdueCents: spec.overdueCents,
      regularPaymentCents: spec.regularPaymentCents,
      currentBalanceCents,
      numberOfPayments: total,
    });

    // The instalment due on nextDueDate is the first open one, unless money is
    // overdue: then the one before it was missed and is still open.
    const firstOpen = completed + 1;
    const atNextDue = spec.overdueCents > 0 && firstOpen < total ? firstOpen + 1 : firstOpen;
    // Automatic debits land on the due date; mailed cheques a few days early.
    const lagDays = spec.type === 'Auto' ? 0 : spec.type === 'Mail-in' ? 4 : 2;
    const instalments: PlanRef['instalments'] = [];
    for (let number = 1; number <= total; number += 1) {
      const dueDate = addMonths(spec.nextDueDate, number - atNextDue);
      const amountCents =
        number === total
          ? (spec.finalInstalmentCents ?? spec.regularPaymentCents)
          : spec.regularPaymentCents;
      const completedAt = number <= completed ? addDays(dueDate, -lagDays) : null;
      instalments.push({ number, dueDate, amountCents, completedAt });
      this.rows.planInstalments.push({
        id: demoId(`instalment:${spec.planNumber}:${number}`),
        planId: id,
        number,
        dueDate,
        amountCents,
        completedAt,
      });
    }

    const planEncounters = spec.encounters.map((encounter) => this.addEncounter(encounter, id));
    // Each completed instalment paid down one of the plan's encounters.
    instalments.forEach((instalment, index) => {
      if (!instalment.completedAt) return;
      const target = this.ledgerEntry(
        planEncounters[index % planEncounters.length] as EncounterRef,
      );
      target.postings.push({
        date: instalment.completedAt,
        amountCents: instalment.amountCents,
        kind: 'payment',
      });
    });

    return {
      id,
      planNumber: spec.planNumber,
      version: spec.version,
      firstEncounterFacilityId: spec.encounters[0]?.facilityId ?? CENTRAL_FACILITY,
      instalments,
    };
  }

  private ledgerEntry(ref: EncounterRef): LedgerEncounter {
    const entry = this.ledger.find((candidate) => candidate.id === ref.id);
    if (!entry) throw new Error(`Encounter ${ref.facilityId}-${ref.accountNumber} is not ours`);
    return entry;
  }

  /**
   * A payment made through the portal in the past: recorded, exported and
   * applied by the billing office, with its receipt. Plan lines are the
   * instalments already counted by {@link plan}; encounter lines are posted
   * to the encounter here.
   */
  payment(spec: PaymentSpec): void {
    if (spec.lines.length === 0) throw new RangeError(`${spec.receiptId} has no lines`);
    this.paymentCount += 1;
    const made: MadePayment = {
      id: demoId(`payment:${spec.receiptId}`),
      sequence: String(this.paymentCount).padStart(3, '0'),
      paidAt: instant(spec.date, spec.time),
      amountCents: spec.lines.reduce((sum, line) => sum + line.amountCents, 0),
      payer: {
        firstName: this.guarantor.firstName,
        lastName: this.guarantor.lastName,
        address: this.payer.address,
        city: this.payer.city,
        state: this.payer.state,
        zipCode: this.payer.zipCode,
        email: this.guarantor.email,
      },
      ...paidWith(spec.pay),
    };
    const lines = spec.lines.map((line, index) => this.paymentLine(spec, made.id, line, index));
    const payment = this.paymentRow(spec, made);
    this.rows.payments.push(payment);
    this.rows.processorTxns.push(processorSaleOf(payment, this.today));
    for (const line of lines) this.rows.paymentLines.push(line);
    this.rows.receipts.push(this.receiptRow(spec, made, lines));
  }

  private paymentLine(
    spec: PaymentSpec,
    paymentId: string,
    line: PaymentLineSpec,
    index: number,
  ): PaymentLineRow {
    if (!Number.isSafeInteger(line.amountCents) || line.amountCents <= 0) {
      throw new RangeError(`${spec.receiptId}: line amounts must be positive cents`);
    }
    if (line.kind === 'plan') {
      return {
        id: demoId(`payment-line:${spec.receiptId}:${index + 1}`),
        paymentId,
        lineNumber: index + 1,
        paymentType: PAYMENT_TYPE_LABELS.payment_plan,
        facilityId: CENTRAL_FACILITY,
        // SPEC §9: a plan's account number with the central facility.
        accountId: `${CENTRAL_FACILITY}-${line.plan.planNumber}`,
        amountCents: line.amountCents,
        encounterId: null,
        planId: line.plan.id,
        description: `${line.plan.planNumber}-${line.plan.version} | Payment Plan`,
      };
    }
    const encounter = this.ledgerEntry(line.encounter);
    encounter.postings.push({ date: spec.date, amountCents: line.amountCents, kind: 'payment' });
    const external = encounter.type === 'EXAR';
    return {
      id: demoId(`payment-line:${spec.receiptId}:${index + 1}`),
      paymentId,
      lineNumber: index + 1,
      paymentType: external ? PAYMENT_TYPE_LABELS.external : PAYMENT_TYPE_LABELS.encounter,
      facilityId: encounter.facilityId,
      // SPEC §9: facility-account for encounters, the bare account number for external AR.
      accountId: external
        ? encounter.accountNumber
        : `${encounter.facilityId}-${encounter.accountNumber}`,
      amountCents: line.amountCents,
      encounterId: encounter.id,
      planId: null,
      description: `${encounter.facilityId}-${encounter.accountNumber} | ${encounter.patientName}`,
    };
  }

  private paymentRow(spec: PaymentSpec, made: MadePayment): DemoRows['payments'][number] {
    const { id, sequence, card, bank } = made;
    return {
      id,
      guarantorId: this.guarantorId,
      status: 'recorded',
      method: spec.pay.method,
      amountCents: made.amountCents,
      processorReference: `DEMO-${this.guarantor.mmi}-${sequence}`,
      processorTxnId: `${spec.date.slice(2).replaceAll('-', '')}D${sequence}-${id.slice(0, 8).toUpperCase()}`,
      approvalCode: card ? id.replace(/\D/g, '').padEnd(6, '0').slice(0, 6) : null,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      cardExpiry: card?.expiry ?? null,
      bankAccountType: bank?.accountType ?? null,
      bankLast4: made.bankLast4,
      bankAccountFingerprint: bank
        ? bankAccountFingerprint(
            this.context.fingerprintKey,
            bank.routingNumber,
            bank.accountNumber,
          )
        : null,
      payer: made.payer,
      receiptEmail: this.guarantor.email,
      // Recorded the moment it was paid, as the payment pipeline records one:
      // the money report and the settlement view count it by this instant.
      recordedAt: made.paidAt,
      exportedAt: instant(addDays(spec.date, 1), '07:00'),
      exportBatch: `history-${spec.date}`,
      appliedAt: instant(addDays(spec.date, 2), '15:00'),
      createdAt: made.paidAt,
      updatedAt: instant(addDays(spec.date, 2), '15:00'),
    };
  }

  private receiptRow(
    spec: PaymentSpec,
    made: MadePayment,
    lines: readonly PaymentLineRow[],
  ): DemoRows['receipts'][number] {
    const { id, paidAt, card, bank } = made;
    return {
      id: demoId(`receipt:${spec.receiptId}`),
      paymentId: id,
      receiptId: spec.receiptId,
      issuedAt: paidAt,
      snapshot: {
        id,
        receiptId: spec.receiptId,
        paymentMethod: spec.pay.method,
        status: 'approved',
        amount: fromCents(made.amountCents),
        date: paidAt.toISOString(),
        accounts: lines.map((line) => ({
          facilityId: line.facilityId,
          locationId: line.facilityId,
          accountId: line.accountId,
          paymentType: line.paymentType,
          description: line.description,
          amount: fromCents(line.amountCents),
        })),
        billingInformation: made.payer,
        card: card ? { brand: card.brand, last4: card.last4, expiry: card.expiry } : null,
        eCheck: bank
          ? { accountType: bank.accountType, accountNumber: `••••${made.bankLast4}` }
          : null,
        emailedTo: this.guarantor.email,
      },
      emailedTo: this.guarantor.email,
      emailedAt: this.guarantor.email ? paidAt : null,
    };
  }

  /** A payment the billing feed reports as received but not yet applied (SPEC §3). */
  pendingPayment(
    target: { encounter: EncounterRef } | { plan: PlanRef },
    receiptId: string,
    paidOn: string,
    amountCents: number,
  ): void {
    this.rows.pendingPayments.push({
      id: demoId(`pending:${receiptId}`),
      guarantorId: this.guarantorId,
      encounterId: 'encounter' in target ? target.encounter.id : null,
      planId: 'plan' in target ? target.plan.id : null,
      receiptId,
      paidOn,
      amountCents,
    });
  }

  /**
   * Monthly statements of the central facility's encounters, the latest
   * dated the 1st of the current month.
   */
  statements(count: number): void {
    const latest = firstOfMonth(this.today);
    const central = this.ledger.filter((entry) => entry.type === 'ENT');
    for (let age = count - 1; age >= 0; age -= 1) {
      const statementDate = addMonths(latest, -age);
      const previous = addMonths(statementDate, -1);
      const items: StatementItem[] = [];
      for (const entry of central) {
        if (entry.admitDate > statementDate) continue;
        const posted = entry.postings.filter((posting) => posting.date <= statementDate);
        const paymentsCents = sum(posted.filter((p) => p.kind === 'payment'));
        const adjustmentsCents = sum(posted.filter((p) => p.kind === 'adjustment'));
        const chargesCents = this.chargesOf(entry);
        const balanceCents = chargesCents - paymentsCents - adjustmentsCents;
        const active =
          entry.admitDate > previous || posted.some((posting) => posting.date > previous);
        if (balanceCents === 0 && !active) continue;
        items.push({
          facilityId: entry.facilityId,
          accountNumber: entry.accountNumber,
          patientName: entry.patientName,
          description: entry.description,
          serviceDate: entry.admitDate,
          chargesCents,
          paymentsCents,
          adjustmentsCents,
          balanceCents,
        });
      }
      items.sort(
        (a, b) =>
          a.serviceDate.localeCompare(b.serviceDate) ||
          a.accountNumber.localeCompare(b.accountNumber),
      );
      const amountDueCents = items.reduce((total, item) => total + item.balanceCents, 0);
      const isLatest = age === 0;
      this.rows.statements.push({
        id: demoId(`statement:${this.guarantor.accountNumber}:${statementDate}`),
        guarantorId: this.guarantorId,
        statementDate,
        accountNumber: this.guarantor.accountNumber,
        amountDueCents,
        dueDate: addDays(statementDate, STATEMENT_DUE_DAYS),
        status: amountDueCents === 0 ? 'paid' : isLatest ? 'open' : 'closed',
        items,
        createdAt: instant(statementDate, '06:00'),
      });
    }
  }

  /** Charges = today's balance plus everything ever paid or adjusted on it. */
  private chargesOf(entry: LedgerEncounter): number {
    return entry.balanceCents + sum(entry.postings);
  }
}

function sum(postings: readonly Posting[]): number {
  return postings.reduce((total, posting) => total + posting.amountCents, 0);
}
