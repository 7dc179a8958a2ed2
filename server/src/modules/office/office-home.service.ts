import { addDays } from '@webpay/contracts/dates';
import type { Language } from '@webpay/contracts/language';
import { formatCents } from '@webpay/contracts/money';
import type { OfficeHome } from '@webpay/contracts/office';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { JobEngine } from '../jobs/index.ts';
import { MAIL_QUEUE } from '../mail/index.ts';
import type { AuditRow, OfficeHomeRepository } from './office-home.repository.ts';
import { OFFICE_MESSAGES } from './office-messages.ts';
import type { StaffActor } from './staff-actor.ts';

type JobRun = OfficeHome['lastRuns']['import'];

const detail = (row: AuditRow, key: string) => row.details?.[key];

function importRun(row: AuditRow | undefined, language: Language): JobRun {
  if (!row) return null;
  const words = OFFICE_MESSAGES[language];
  const file = String(detail(row, 'fileName') ?? '');
  const summary =
    row.outcome === 'success'
      ? words.imported(file, Number(detail(row, 'records') ?? 0))
      : words.importRefused(file, Number(detail(row, 'problems') ?? 0));
  return { at: row.occurredAt.toISOString(), outcome: row.outcome, summary };
}

function exportRun(row: AuditRow | undefined, language: Language): JobRun {
  if (!row) return null;
  const words = OFFICE_MESSAGES[language];
  const batch = detail(row, 'batchId');
  const total = formatCents(Number(detail(row, 'totalCents') ?? 0));
  return {
    at: row.occurredAt.toISOString(),
    outcome: row.outcome,
    summary: batch
      ? words.exported(String(batch), Number(detail(row, 'count') ?? 0), total)
      : words.nothingToExport,
  };
}

type ReconcileJob = Awaited<ReturnType<JobEngine['lastFinished']>>;

function reconcileRun(job: ReconcileJob, language: Language): JobRun {
  if (!job) return null;
  const words = OFFICE_MESSAGES[language];
  const completed = job.state === 'completed';
  return {
    at: (job.completedOn ?? job.createdOn).toISOString(),
    outcome: completed ? 'success' : 'failure',
    summary: completed ? words.runCompleted : (job.error ?? words.runFailed),
  };
}

export interface OfficeHomeOptions {
  calendar: FacilityCalendar;
  /** The scheduled reconciliation's queue (plugins/schedules.ts). */
  reconcileQueue: string;
  now?: () => Date;
}

/** What the billing office sees first: today's money and what needs someone. */
export class OfficeHomeService {
  private readonly now: () => Date;

  constructor(
    private readonly repository: OfficeHomeRepository,
    private readonly jobs: Pick<JobEngine, 'overview' | 'lastFinished'>,
    private readonly audit: AuditRepository,
    private readonly options: OfficeHomeOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async home(actor: StaffActor, context: RequestContext): Promise<OfficeHome> {
    const { calendar } = this.options;
    const language = context.language ?? 'en';
    const today = calendar.dayOf(this.now());
    const [paymentsToday, awaiting, approvals, plans, queues, imported, exported, reconciled] =
      await Promise.all([
        this.repository.recordedBetween(
          calendar.startOf(today),
          calendar.startOf(addDays(today, 1)),
        ),
        this.repository.awaitingReconciliation(),
        this.repository.awaitingApproval(),
        this.repository.plansNeedingAttention(),
        this.jobs.overview(),
        this.repository.lastEvent('billing_feed.imported'),
        this.repository.lastEvent('payments.exported'),
        this.jobs.lastFinished(this.options.reconcileQueue),
      ]);
    await this.audit.record(context, {
      action: 'office.home.viewed',
      outcome: 'success',
      actorType: 'staff',
      actorId: actor.staffId,
    });
    return {
      today,
      paymentsToday,
      attention: {
        awaitingReconciliation: awaiting,
        awaitingApproval: approvals,
        plansNeedingAttention: plans,
        failedEmails: queues.find((queue) => queue.name === MAIL_QUEUE.name)?.failed ?? 0,
      },
      lastRuns: {
        import: importRun(imported, language),
        export: exportRun(exported, language),
        reconcile: reconcileRun(reconciled, language),
      },
    };
  }
}
