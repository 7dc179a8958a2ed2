import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '@webpay/contracts/dates';
import type { AuditEntry, AuditPage, AuditQuery } from '@webpay/contracts/office';
import { csvText } from '../../lib/csv.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { StaffReader } from '../staff/index.ts';
import {
  auditRowOf,
  type AuditFilter,
  type AuditRow,
  type OfficeAuditRepository,
} from './office-audit.repository.ts';
import type { StaffActor } from './staff-actor.ts';

/** Rows an export holds at most: a year of a busy office's views fits. */
export const MAX_EXPORT_ROWS = 100_000;
const EXPORT_PAGE = 1000;

export const AUDIT_CSV_COLUMNS = [
  'id',
  'occurred_at',
  'actor_type',
  'actor_id',
  'actor_name',
  'guarantor_id',
  'action',
  'outcome',
  'target_type',
  'target_id',
  'reason',
  'ip_address',
  'request_id',
] as const;

/** The reason a staff member gave for an action (support actions keep it in details). */
function reasonOf(row: AuditRow): string | null {
  const reason = row.details?.reason;
  return row.actorType === 'staff' && typeof reason === 'string' ? reason : null;
}

export class OfficeAuditService {
  constructor(
    private readonly repository: OfficeAuditRepository,
    private readonly audit: AuditRepository,
    private readonly calendar: FacilityCalendar,
  ) {}

  /** `from` and `to` are whole facility days, both included. */
  private filterOf(query: AuditQuery, limit: number): AuditFilter {
    return {
      ...(query.guarantorId ? { guarantorId: query.guarantorId } : {}),
      ...(query.staffId ? { staffId: query.staffId } : {}),
      ...(query.action ? { action: query.action } : {}),
      ...(query.from ? { since: this.calendar.startOf(query.from) } : {}),
      ...(query.to ? { until: this.calendar.startOf(addDays(query.to, 1)) } : {}),
      ...(query.before !== undefined ? { before: query.before } : {}),
      limit,
    };
  }

  private entriesOf(rows: AuditRow[]): AuditEntry[] {
    return rows.map((row) => ({
      id: row.id,
      occurredAt: row.occurredAt.toISOString(),
      actorType: row.actorType,
      actorId: row.actorId,
      actorName: row.staffName,
      guarantorId: row.guarantorId,
      action: row.action,
      outcome: row.outcome,
      targetType: row.targetType,
      targetId: row.targetId,
      reason: reasonOf(row),
      ipAddress: row.ipAddress,
      requestId: row.requestId,
    }));
  }

  /** One page, newest first; reading the trail is itself recorded in it. */
  async page(query: AuditQuery, actor: StaffActor, context: RequestContext): Promise<AuditPage> {
    const rows = await this.repository.entries(this.filterOf(query, query.limit + 1));
    const page = this.pageOf(rows, query.limit);
    await this.record('office.audit.viewed', query, page.entries.length, actor, context);
    return page;
  }

  /** The first `limit` of the rows read (one more than a page, to tell whether more follow). */
  private pageOf(rows: AuditRow[], limit: number): AuditPage {
    const page = rows.slice(0, limit);
    return {
      entries: this.entriesOf(page),
      nextBefore: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  }

  /**
   * The same page and audit row as `page`, read in one trip with the staff
   * session and role checks (staff-session-read.ts); planned with its
   * values each time, since which filters apply follows the query.
   */
  async pageAsStaff(query: AuditQuery, read: StaffReader): Promise<AuditPage> {
    const { limit: _limit, ...filters } = query;
    const viewed = (entries: SQL) => sql`select null::text as guarantor_id,
        'office.audit.viewed'::text as action, 'success'::text as outcome,
        null::text as target_type, null::text as target_id,
        jsonb_build_object('filters', ${JSON.stringify(filters)}::jsonb,
          'entries', least(json_array_length(${entries}), ${query.limit}::integer)) as details`;
    const rows = await read(
      this.repository.staffRead({
        permission: 'read',
        payload: this.repository.entriesJson(this.filterOf(query, query.limit + 1)),
        audit: viewed,
      }),
    );
    return this.pageOf(rows.map(auditRowOf), query.limit);
  }

  /** Every entry the filters keep, as CSV, up to MAX_EXPORT_ROWS. */
  async csv(query: AuditQuery, actor: StaffActor, context: RequestContext): Promise<string> {
    const entries: AuditEntry[] = [];
    let before = query.before;
    while (entries.length < MAX_EXPORT_ROWS) {
      const limit = Math.min(EXPORT_PAGE, MAX_EXPORT_ROWS - entries.length);
      const rows = await this.repository.entries(
        this.filterOf({ ...query, ...(before !== undefined ? { before } : {}) }, limit),
      );
      entries.push(...this.entriesOf(rows));
      if (rows.length < limit) break;
      before = rows[rows.length - 1]?.id;
    }
    await this.record('office.audit.exported', query, entries.length, actor, context);
    return csvText(
      AUDIT_CSV_COLUMNS,
      entries.map((entry) => [
        String(entry.id),
        entry.occurredAt,
        entry.actorType,
        entry.actorId ?? '',
        entry.actorName ?? '',
        entry.guarantorId ?? '',
        entry.action,
        entry.outcome,
        entry.targetType ?? '',
        entry.targetId ?? '',
        entry.reason ?? '',
        entry.ipAddress ?? '',
        entry.requestId ?? '',
      ]),
    );
  }

  private record(
    action: string,
    query: AuditQuery,
    entries: number,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<void> {
    const { limit: _limit, ...filters } = query;
    return this.audit.record(context, {
      action,
      outcome: 'success',
      actorType: 'staff',
      actorId: actor.staffId,
      details: { filters, entries },
    });
  }
}
