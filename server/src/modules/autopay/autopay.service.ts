import { addDays } from '@webpay/contracts/dates';
import { changeDeadline, type AutopayTimings } from '@webpay/contracts/payment-plans';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { MailLog } from '../mail/index.ts';
import type { AutopayCharger } from './autopay-charge.ts';
import type { AutopayMailer, ChargeSubject } from './autopay-email.ts';
import type { ChargeableMethods, PlanLedger } from './autopay.parts.ts';
import { countActions, type AutopayEntry, type AutopayRunReport } from './autopay-report.ts';
import type {
  AutopayRepository,
  ChargeRow,
  InstalmentToNotice,
  NewCharge,
  StatementToNotice,
} from './autopay.repository.ts';

export interface AutopayRunOptions {
  /** List what would happen; write, send and charge nothing. */
  dryRun: boolean;
  context?: RequestContext;
}

export interface AutopayServiceOptions {
  timings: AutopayTimings;
  /** WEBPAY_TIME_ZONE: statement autopay covers statements due from the facility day it began. */
  timeZone: string;
}

const RUN_CONTEXT: RequestContext = {
  requestId: 'autopay',
  correlationId: 'autopay',
  ipAddress: '',
};

/** A charge is announced `noticeDays` ahead; a late notice moves the charge so the warning still comes first. */
export function chargeDateFor(dueDate: string, today: string, noticeDays: number): string {
  const earliest = addDays(today, noticeDays);
  return dueDate < earliest ? earliest : dueDate;
}

type Notice = { charge: NewCharge; subject: ChargeSubject; capCents?: number; dueDate: string };

/**
 * The autopay run (issue #25): plans' figures refreshed, notices sent for
 * what comes due, charges whose day has come made exactly once. Runs from
 * the AUTOPAY_SCHEDULE schedule and `webpay autopay`; any number of runs,
 * at once or again the same day, charge each instalment or statement once.
 */
export class AutopayService {
  constructor(
    private readonly repository: AutopayRepository,
    private readonly charger: AutopayCharger,
    private readonly mailer: AutopayMailer,
    private readonly methods: ChargeableMethods,
    private readonly ledger: PlanLedger,
    private readonly audit: AuditRepository,
    private readonly log: MailLog,
    private readonly options: AutopayServiceOptions,
  ) {}

  async run(
    today: string,
    { dryRun, context = RUN_CONTEXT }: AutopayRunOptions,
  ): Promise<AutopayRunReport> {
    const plansRefreshed = dryRun ? 0 : await this.ledger.refreshAll(today);
    const entries: AutopayEntry[] = [];
    for (const notice of await this.notices(today)) {
      entries.push(
        await this.guarded(notice.charge, () => this.notify(notice, today, dryRun, context)),
      );
    }
    if (!dryRun) {
      for (const charge of await this.repository.inStatus(['charging'])) {
        const entry = await this.guardedCharge(charge, () =>
          this.charger.recheck(charge, today, context),
        );
        if (entry) entries.push(entry);
      }
    }
    for (const charge of await this.repository.due(today, ['noticed'])) {
      if (dryRun) {
        entries.push(dryCharge(charge));
        continue;
      }
      const entry = await this.guardedCharge(charge, () =>
        this.charger.charge(charge, today, context),
      );
      if (entry) entries.push(entry);
    }
    const report = { today, dryRun, plansRefreshed, entries, counts: countActions(entries) };
    if (entries.length > 0) this.log.info({ today, dryRun, counts: report.counts }, 'autopay run');
    return report;
  }

  private async notices(today: string): Promise<Notice[]> {
    const { fixedNoticeDays, variableNoticeDays } = this.options.timings;
    const [instalments, statementsDue] = await Promise.all([
      this.repository.instalmentsToNotice(addDays(today, fixedNoticeDays)),
      this.repository.statementsToNotice(addDays(today, variableNoticeDays), this.options.timeZone),
    ]);
    return [
      ...instalments.flatMap((row) => instalmentNotice(row, today, fixedNoticeDays)),
      ...statementsDue.map((row) => statementNotice(row, today, variableNoticeDays)),
    ];
  }

  /** Inserts the charge and queues its e-mail together; nothing when another run inserted it first. */
  private async notify(
    notice: Notice,
    today: string,
    dryRun: boolean,
    context: RequestContext,
  ): Promise<AutopayEntry> {
    const { charge } = notice;
    const action = charge.status === 'over_cap' ? 'over_cap' : 'noticed';
    const entry: AutopayEntry = {
      action,
      chargeId: null,
      kind: charge.kind,
      guarantorId: charge.guarantorId,
      about: aboutOf(notice.subject),
      attempt: 1,
      chargeDate: charge.chargeDate,
      amountCents: charge.amountCents ?? null,
    };
    if (dryRun) return entry;
    const [method, contact] = await Promise.all([
      this.methods.chargeable(charge.paymentMethodId),
      this.repository.contact(charge.guarantorId),
    ]);
    if (!method || !contact)
      return { ...entry, action: 'error', reason: 'the payment method is not chargeable' };
    const row = await this.repository.insertCharge(
      { ...charge, noticeSentAt: new Date() },
      async (tx, inserted) => {
        if (!contact.email) return;
        const base = {
          to: contact.email,
          firstName: contact.firstName,
          language: contact.language,
          subject: notice.subject,
          amountCents: inserted.amountCents ?? 0,
          method: { kind: method.kind, brand: method.brand, last4: method.last4 },
        };
        const about = { guarantorId: inserted.guarantorId, chargeId: inserted.id };
        await this.mailer.queue(
          tx,
          action === 'over_cap'
            ? { ...base, type: 'over_cap', capCents: notice.capCents ?? 0, dueDate: notice.dueDate }
            : {
                ...base,
                type: 'notice',
                chargeDate: inserted.chargeDate,
                changeableUntil: changeDeadline(
                  inserted.chargeDate,
                  this.options.timings.changeBusinessDays,
                ),
              },
          about,
        );
      },
    );
    if (!row) return { ...entry, action: 'cancelled', reason: 'noticed by another run' };
    await this.audit.record(context, {
      action: 'autopay.noticed',
      outcome: 'success',
      actorType: 'system',
      guarantorId: row.guarantorId,
      targetType: 'autopay_charge',
      targetId: row.id,
      details: {
        kind: row.kind,
        chargeDate: row.chargeDate,
        amountCents: row.amountCents,
        status: row.status,
        today,
      },
    });
    return { ...entry, chargeId: row.id };
  }

  /** One charge's failure is reported and logged; the run goes on with the others. */
  private async guarded(
    charge: NewCharge,
    work: () => Promise<AutopayEntry>,
  ): Promise<AutopayEntry> {
    try {
      return await work();
    } catch (error) {
      this.log.warn({ err: error, guarantorId: charge.guarantorId }, 'autopay notice failed');
      return {
        action: 'error',
        chargeId: null,
        kind: charge.kind,
        guarantorId: charge.guarantorId,
        about: charge.planId ?? charge.statementId ?? '',
        attempt: charge.attempt,
        chargeDate: charge.chargeDate,
        amountCents: charge.amountCents ?? null,
        reason: error instanceof Error ? error.message : 'unknown error',
      };
    }
  }

  private async guardedCharge(
    charge: ChargeRow,
    work: () => Promise<AutopayEntry | undefined>,
  ): Promise<AutopayEntry | undefined> {
    try {
      return await work();
    } catch (error) {
      this.log.warn({ err: error, chargeId: charge.id }, 'autopay charge failed');
      return {
        ...dryCharge(charge),
        action: 'error',
        reason: error instanceof Error ? error.message : 'unknown error',
      };
    }
  }
}

function aboutOf(subject: ChargeSubject): string {
  return subject.kind === 'instalment'
    ? `${subject.planNumber} #${subject.instalmentNumber}`
    : `statement ${subject.statementDate}`;
}

function dryCharge(charge: ChargeRow): AutopayEntry {
  return {
    action: 'charged',
    chargeId: charge.id,
    kind: charge.kind,
    guarantorId: charge.guarantorId,
    about:
      charge.kind === 'instalment'
        ? `instalment ${charge.instalmentId ?? ''}`
        : `statement ${charge.statementId ?? ''}`,
    attempt: charge.attempt,
    chargeDate: charge.chargeDate,
    amountCents: charge.amountCents,
  };
}

function instalmentNotice(row: InstalmentToNotice, today: string, noticeDays: number): Notice[] {
  // The plan's balance bounds the last charge, should the guarantor have paid ahead by hand.
  const amountCents =
    row.balanceCents > 0 ? Math.min(row.amountCents, row.balanceCents) : row.amountCents;
  if (amountCents <= 0) return [];
  return [
    {
      charge: {
        guarantorId: row.guarantorId,
        kind: 'instalment',
        planId: row.planId,
        instalmentId: row.instalmentId,
        attempt: 1,
        chargeDate: chargeDateFor(row.dueDate, today, noticeDays),
        amountCents,
        paymentMethodId: row.methodId,
        status: 'noticed',
      },
      subject: {
        kind: 'instalment',
        planNumber: row.planNumber,
        instalmentNumber: row.number,
        instalmentCount: row.count,
      },
      dueDate: row.dueDate,
    },
  ];
}

function statementNotice(row: StatementToNotice, today: string, noticeDays: number): Notice {
  return {
    charge: {
      guarantorId: row.guarantorId,
      kind: 'statement',
      statementId: row.statementId,
      attempt: 1,
      chargeDate: chargeDateFor(row.dueDate, today, noticeDays),
      amountCents: row.amountCents,
      paymentMethodId: row.methodId,
      status: row.amountCents > row.capCents ? 'over_cap' : 'noticed',
    },
    subject: { kind: 'statement', statementDate: row.statementDate },
    capCents: row.capCents,
    dueDate: row.dueDate,
  };
}
