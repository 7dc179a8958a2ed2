import type { Database } from '../../db/client.ts';
import { auditEvents } from '../../db/schema.ts';
import type { RequestContext } from '../../lib/request-context.ts';

type AuditRow = typeof auditEvents.$inferInsert;

export interface AuditEvent {
  /** Dotted verb, e.g. `auth.login`, `encounters.read`. */
  action: string;
  outcome: AuditRow['outcome'];
  actorType: AuditRow['actorType'];
  actorId?: string | null;
  /** The guarantor whose data or account the event concerns. */
  guarantorId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  /** Facts that explain the event; never PINs, tokens, codes, card or bank numbers. */
  details?: Record<string, unknown>;
}

/** The audit trail (HIPAA 164.312(b)): who did what, when, under which request. */
export class AuditRepository {
  /** `onRecorded` sees each event once it is written (the metrics count sign-ins there). */
  constructor(
    private readonly db: Database,
    private readonly onRecorded?: (event: AuditEvent) => void,
  ) {}

  async record(context: RequestContext, event: AuditEvent): Promise<void> {
    await this.db.insert(auditEvents).values({
      action: event.action,
      outcome: event.outcome,
      actorType: event.actorType,
      actorId: event.actorId ?? null,
      guarantorId: event.guarantorId ?? null,
      targetType: event.targetType ?? null,
      targetId: event.targetId ?? null,
      details: event.details ?? null,
      requestId: context.requestId,
      correlationId: context.correlationId,
      ipAddress: context.ipAddress || null,
    });
    this.onRecorded?.(event);
  }
}
