import { staffCan, type StaffRole } from '@webpay/contracts/office';
import type { Database, Transaction } from '../../db/client.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { AuditRepository } from '../audit/index.ts';
import { assistanceErrors } from './assistance-errors.ts';
import type { AssistanceNotice, AssistanceNotifier } from './assistance-notices.ts';
import { ApplicationRepository, type ApplicationRow } from './application.repository.ts';

/*
 * What every step of an application shares, the guarantor's and the
 * billing office's: the rows, the audit row each look and action leaves,
 * and the notice to the guarantor written in the step's transaction.
 */

/** A staff member acting in the console. */
export interface Reviewer {
  staffId: string;
  role: StaffRole;
  name: string;
}

export function canReview(staff: Pick<Reviewer, 'role'>): boolean {
  return staffCan(staff.role, 'review');
}

export class AssistanceSteps {
  readonly repository: ApplicationRepository;

  constructor(
    readonly db: Database,
    private readonly notifier: AssistanceNotifier,
  ) {
    this.repository = new ApplicationRepository(db);
  }

  async byReference(reference: string): Promise<ApplicationRow> {
    const row = await this.repository.byReference(reference);
    if (!row) throw assistanceErrors.applicationNotFound();
    return row;
  }

  async audit(
    context: RequestContext,
    staff: Reviewer,
    action: string,
    row: Pick<ApplicationRow, 'id' | 'guarantorId' | 'reference'> | undefined,
    details: Record<string, unknown> = {},
    tx?: Transaction,
  ): Promise<void> {
    await new AuditRepository(tx ?? this.db).record(context, {
      action,
      outcome: 'success',
      actorType: 'staff',
      actorId: staff.staffId,
      guarantorId: row?.guarantorId ?? null,
      targetType: 'assistance_application',
      targetId: row?.id ?? null,
      details: row ? { reference: row.reference, ...details } : details,
    });
  }

  /** A step the service takes on its own (a due date passed). */
  async auditSystem(
    context: RequestContext,
    action: string,
    row: Pick<ApplicationRow, 'id' | 'guarantorId' | 'reference'>,
    details: Record<string, unknown>,
    tx?: Transaction,
  ): Promise<void> {
    await new AuditRepository(tx ?? this.db).record(context, {
      action,
      outcome: 'success',
      actorType: 'system',
      guarantorId: row.guarantorId,
      targetType: 'assistance_application',
      targetId: row.id,
      details: { reference: row.reference, ...details },
    });
  }

  /** Tells the guarantor about a step, from the application as the transaction sees it. */
  async tell(tx: Transaction, applicationId: string, notice: AssistanceNotice): Promise<void> {
    const repository = this.repository.with(tx);
    const application = await repository.byId(applicationId);
    if (!application) return;
    const applicant = await repository.applicant(application.guarantorId);
    if (applicant) await this.notifier.notify(tx, { application, applicant }, notice);
  }
}
