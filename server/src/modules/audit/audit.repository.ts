import type { SQL } from 'drizzle-orm';
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

/** Who an event is by, when a service can be called by more than one kind of actor. */
export interface AuditActor {
  actorType: AuditRow['actorType'];
  actorId: string;
}

export interface AuditRepositoryOptions {
  /** Sees each event once it is written (the metrics count sign-ins there). */
  onRecorded?: (event: AuditEvent) => void;
  /**
   * Write the events of requests that arrive together in one statement. Each
   * `record()` still resolves only once its own row is written, so no answer
   * leaves before its audit row; under load the rows share one insert and one
   * commit instead of taking a connection and a disk flush each. Only for a
   * repository over the database itself: inside a transaction a row must be
   * written by that transaction.
   */
  groupCommit?: boolean;
}

interface QueuedEvent {
  row: AuditRow;
  event: AuditEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Rows per insert at most, so that a burst makes several modest statements. */
const MAX_GROUP = 200;

function auditRow(context: RequestContext, event: AuditEvent): AuditRow {
  return {
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
  };
}

/** The audit trail (HIPAA 164.312(b)): who did what, when, under which request. */
export class AuditRepository {
  private readonly queue: QueuedEvent[] = [];
  private writing = false;
  private scheduled = false;

  constructor(
    private readonly db: Database,
    private readonly options: AuditRepositoryOptions = {},
  ) {}

  /**
   * The insert `record` makes, its details an SQL expression, for a read
   * that writes its audit row in its own statement (computed from what it
   * read): the same columns from the same event and context.
   */
  insertWith(context: RequestContext, event: Omit<AuditEvent, 'details'>, details: SQL): SQL {
    return this.db
      .insert(auditEvents)
      .values({ ...auditRow(context, event), details })
      .getSQL();
  }

  async record(context: RequestContext, event: AuditEvent): Promise<void> {
    const row = auditRow(context, event);
    if (!this.options.groupCommit) {
      await this.db.insert(auditEvents).values(row);
      this.options.onRecorded?.(event);
      return;
    }
    await new Promise<void>((resolve, reject) => {
      this.queue.push({ row, event, resolve, reject });
      this.scheduleWrite();
    });
  }

  /**
   * One insert in flight at a time: what queues while it runs goes in the
   * next, so the group grows with the load and a quiet server writes at once.
   */
  private scheduleWrite(): void {
    if (this.writing || this.scheduled) return;
    this.scheduled = true;
    // After the I/O callbacks of this turn, so that requests answered together are written together.
    setImmediate(() => {
      this.scheduled = false;
      void this.writeQueued();
    });
  }

  private async writeQueued(): Promise<void> {
    const group = this.queue.splice(0, MAX_GROUP);
    if (group.length === 0) return;
    this.writing = true;
    try {
      await this.writeGroup(group);
    } finally {
      this.writing = false;
      if (this.queue.length > 0) this.scheduleWrite();
    }
  }

  private async writeGroup(group: QueuedEvent[]): Promise<void> {
    try {
      await this.db.insert(auditEvents).values(group.map((queued) => queued.row));
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      // One row the database refuses must not fail the requests of the others.
      for (const queued of group) await this.writeGroup([queued]);
      return;
    }
    for (const queued of group) {
      this.options.onRecorded?.(queued.event);
      queued.resolve();
    }
  }
}
