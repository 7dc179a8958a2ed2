import { and, desc, eq, getTableColumns, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents, guarantors, staffMembers } from '../../db/schema.ts';
import { staffReadStatement, type StaffReadSpec, type StaffSessionRead } from '../staff/index.ts';

export interface AuditFilter {
  guarantorId?: string;
  staffId?: string;
  action?: string;
  /** Inclusive. */
  since?: Date;
  /** Exclusive. */
  until?: Date;
  /** Rows with a smaller id only: the next page. */
  before?: number;
  limit: number;
}

export type AuditRow = typeof auditEvents.$inferSelect & {
  /** The staff member's name when the actor is staff (and still on file). */
  staffName: string | null;
};

/** An AuditRow as JSON carries it: the time as text. */
export type AuditRowJson = Omit<AuditRow, 'occurredAt'> & { occurredAt: string };

/** An AuditRow from its JSON. */
export const auditRowOf = (row: AuditRowJson): AuditRow => ({
  ...row,
  occurredAt: new Date(row.occurredAt),
});

/*
 * People on the phone give an account number and staff know each other by
 * e-mail address; ids are what the trail keeps. A filter takes either.
 */
const guarantorNamed = (value: string) =>
  sql`coalesce((select ${guarantors.id} from ${guarantors} where ${guarantors.accountNumber} = ${value} limit 1), ${value})`;
const staffMemberNamed = (value: string) =>
  sql`coalesce((select ${staffMembers.id} from ${staffMembers} where ${staffMembers.email} = ${value.trim().toLowerCase()}), ${value})`;

/** Reads the audit trail; nothing in the console writes to it but the audit of its own calls. */
export class OfficeAuditRepository {
  constructor(private readonly db: Database) {}

  /** Newest first, by id, which only grows: a page never repeats or skips a row. */
  entries(filter: AuditFilter): Promise<AuditRow[]> {
    return this.entriesQuery(filter);
  }

  /** The same rows as one JSON value (AuditRowJson[]), for a read made in one statement. */
  entriesJson(filter: AuditFilter): SQL<AuditRowJson[]> {
    return sql<AuditRowJson[]>`(select coalesce(json_agg(json_build_object(
        'id', e.id, 'occurredAt', e.occurred_at, 'actorType', e.actor_type,
        'actorId', e.actor_id, 'guarantorId', e.guarantor_id, 'action', e.action,
        'outcome', e.outcome, 'targetType', e.target_type, 'targetId', e.target_id,
        'requestId', e.request_id, 'correlationId', e.correlation_id,
        'ipAddress', e.ip_address, 'details', e.details, 'staffName', e.staff_name
      ) order by e.id desc), '[]'::json)
      from (${this.entriesQuery(filter)}) e)`;
  }

  /** A console read of the trail in one trip with the staff session check. */
  staffRead(spec: StaffReadSpec): StaffSessionRead<AuditRowJson[]> {
    return staffReadStatement(this.db, spec);
  }

  private entriesQuery(filter: AuditFilter) {
    const conditions: SQL[] = [];
    if (filter.guarantorId) {
      conditions.push(eq(auditEvents.guarantorId, guarantorNamed(filter.guarantorId)));
    }
    if (filter.staffId) {
      conditions.push(
        eq(auditEvents.actorType, 'staff'),
        eq(auditEvents.actorId, staffMemberNamed(filter.staffId)),
      );
    }
    if (filter.action) conditions.push(eq(auditEvents.action, filter.action));
    if (filter.since) conditions.push(gte(auditEvents.occurredAt, filter.since));
    if (filter.until) conditions.push(lt(auditEvents.occurredAt, filter.until));
    if (filter.before !== undefined) conditions.push(lt(auditEvents.id, filter.before));
    return this.db
      .select({
        ...getTableColumns(auditEvents),
        staffName: sql<string | null>`${staffMembers.name}`.as('staff_name'),
      })
      .from(auditEvents)
      .leftJoin(
        staffMembers,
        and(eq(auditEvents.actorType, 'staff'), eq(staffMembers.id, auditEvents.actorId)),
      )
      .where(and(...conditions))
      .orderBy(desc(auditEvents.id))
      .limit(filter.limit);
  }
}
