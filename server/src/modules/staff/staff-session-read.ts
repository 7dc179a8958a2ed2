import { PGlite } from '@electric-sql/pglite';
import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { rolesAllowedTo, type StaffPermission, type StaffRole } from '@webpay/contracts/office';
import type { Database } from '../../db/client.ts';
import { embeddedPrepared } from '../../db/embedded-prepared.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { StaffRow } from './staff.repository.ts';

/*
 * A staff member's read in the billing office console in one trip to the
 * database, as a guarantor's read is (auth's session-read.ts). One statement
 * of common table expressions counts the call as the session's activity
 * (only while it lives: not revoked, before its hard end, within the idle
 * timeout), reads the staff member's role from their row, writes the
 * access.denied row when the role lacks the route's permission, and
 * otherwise reads and writes the read's own audit rows. Every insert runs to
 * completion within the statement, so each row is committed before the
 * answer leaves. The session's owner comes back in any case, so that the
 * caller tells an ended session from an unknown one as the hook does.
 */

/** What a console read answers, under which permission, and how its audit rows describe it. */
export interface StaffReadSpec {
  /** The prepared statement's name; absent for a read planned afresh each time (its values inline). */
  name?: string;
  /** What the staff member's role must allow (STAFF_ROLE_PERMISSIONS). */
  permission: StaffPermission;
  /** The answer: one SQL value, never null when read. */
  payload: SQL;
  /**
   * The read's audit rows as a select over the answer (the `payload`
   * expression), its columns in this order: guarantor_id, action, outcome,
   * target_type, target_id, details (jsonb). The actor is the staff member.
   */
  audit?: (payload: SQL) => SQL;
}

/** The call a read serves: its audit context and the route a refusal names. */
export interface StaffCall {
  context: RequestContext;
  /** `GET /office/api/...`, the access.denied row's target. */
  route: string;
}

export interface StaffReadParams {
  sessionId: string;
  /** The token's subject: the session counts only for its own staff member. */
  staffId: string;
  call: StaffCall;
  /** The spec's own placeholders' values, by name. */
  values?: Record<string, unknown>;
}

/** What the statement found: enough to answer as the hooks answer. */
export interface StaffReadRow<T> {
  /** The staff member the session row belongs to, whether or not it is live. */
  sessionOwner: string;
  /** The session was live and the token's staff member's: it now counts as active. */
  live: boolean;
  /** The staff member, for a live session. */
  member?: Pick<StaffRow, 'id' | 'role' | 'name' | 'email' | 'status'>;
  /** The role allows the permission (a refusal was audited otherwise). */
  allowed: boolean;
  /** Absent unless the member is active and allowed: nothing was read or audited then. */
  payload: T | undefined;
}

interface RawRow {
  sessionOwner: string;
  touchedBy: string | null;
  memberId: string | null;
  role: StaffRole | null;
  name: string | null;
  email: string | null;
  status: StaffRow['status'] | null;
  allowed: boolean | null;
  payload: unknown;
}

/** The order of the main select's columns, as RawRow names them. */
const COLUMNS = [
  'sessionOwner',
  'touchedBy',
  'memberId',
  'role',
  'name',
  'email',
  'status',
  'allowed',
  'payload',
] as const;

const column = <T>(name: string) => sql<T>`${sql.identifier(name)}`.as(name);

/** The statement's own values by placeholder name. */
const COMMON = ['sessionId', 'staffId', 'route', 'requestId', 'correlationId', 'ipAddress'];

/** Gives each common value's SQL: a placeholder, or the value itself. */
type Param = (name: string) => SQL;

/**
 * The session counted as active while it lives (the condition of
 * StaffSessionsRepository.touch, with the database's clock), its owner
 * whether or not it lives, and its staff member when it is the token's.
 */
function sessionParts(db: Database, permission: StaffPermission, idle: number, param: Param) {
  const allowedRoles = rolesAllowedTo(permission);
  const touched = db.$with('touched', { staffId: column<string>('touched_by') }).as(
    sql`update staff_sessions set last_seen_at = now()
        where id = ${param('sessionId')}::text and revoked_at is null and expires_at > now()
          and last_seen_at > now() - (${idle}::integer * interval '1 second')
        returning staff_id as touched_by`,
  );
  const known = db
    .$with('known', { staffId: column<string>('session_owner') })
    .as(
      sql`select staff_id as session_owner from staff_sessions where id = ${param('sessionId')}::text`,
    );
  const member = db
    .$with('member', {
      id: column<string>('member_id'),
      role: column<StaffRole>('member_role'),
      name: column<string>('member_name'),
      email: column<string>('member_email'),
      status: column<StaffRow['status']>('member_status'),
      allowed: column<boolean>('allowed'),
    })
    .as(
      sql`select m.id as member_id, m.role as member_role, m.name as member_name,
            m.email as member_email, m.status as member_status,
            m.role in (${sql.join(
              allowedRoles.map((role) => sql`${role}::text`),
              sql`, `,
            )}) as allowed
          from touched t join staff_members m on m.id = t.touched_by
          where t.touched_by = ${param('staffId')}::text`,
    );
  return { touched, known, member };
}

/**
 * The statement. `param` gives each common value's SQL: a placeholder for
 * a prepared statement, the value itself for one planned afresh.
 */
export function staffReadQuery(db: Database, spec: StaffReadSpec, idle: number, param: Param) {
  const { touched, known, member } = sessionParts(db, spec.permission, idle, param);
  const staffValues = sql`${param('requestId')}::text, ${param('correlationId')}::text,
    nullif(${param('ipAddress')}::text, '')`;
  // requireStaffPermission's row, word for word.
  const allowedRoles = rolesAllowedTo(spec.permission).map((role) => sql`${role}::text`);
  const denied = db.$with('denied', { written: column<number>('written') }).as(
    sql`insert into audit_events (actor_type, actor_id, action, outcome, target_type, target_id,
          request_id, correlation_id, ip_address, details)
        select 'staff', member.member_id, 'access.denied', 'failure', 'route', ${param('route')}::text,
          ${staffValues},
          jsonb_build_object('permission', ${spec.permission}::text,
            'allowedRoles', jsonb_build_array(${sql.join(allowedRoles, sql`, `)}),
            'role', member.member_role)
        from member where member.member_status = 'active' and not member.allowed
        returning 1 as written`,
  );
  const read = db
    .$with('read', { payload: column<unknown>('payload') })
    .as(
      sql`select ${spec.payload} as payload from member where member.member_status = 'active' and member.allowed`,
    );
  const readAudit = db.$with('read_audit', { written: column<number>('written') }).as(
    spec.audit
      ? sql`insert into audit_events (actor_type, actor_id, guarantor_id, action, outcome,
            target_type, target_id, request_id, correlation_id, ip_address, details)
          select 'staff', member.member_id, a.guarantor_id, a.action, a.outcome, a.target_type,
            a.target_id, ${staffValues}, a.details
          from member cross join read cross join lateral (${spec.audit(sql`read.payload`)}) a
          returning 1 as written`
      : sql`select 1 as written where false`,
  );
  return db
    .with(touched, known, member, denied, read, readAudit)
    .select({
      sessionOwner: known.staffId,
      touchedBy: touched.staffId,
      memberId: member.id,
      role: member.role,
      name: member.name,
      email: member.email,
      status: member.status,
      allowed: member.allowed,
      payload: read.payload,
    })
    .from(known)
    .leftJoin(touched, sql`true`)
    .leftJoin(member, sql`true`)
    .leftJoin(read, sql`true`);
}

/**
 * Runs one console read's statement for a request's staff token (the
 * authenticate-staff plugin's `staffReader`); answers what it read.
 */
export type StaffReader = <R>(
  statement: StaffSessionRead<R>,
  values?: Record<string, unknown>,
) => Promise<R>;

type Execute = (values: Record<string, unknown>) => Promise<RawRow[]>;

/** Each prepared statement on the embedded database gets a name of its own. */
let embeddedStatements = 0;

/** Prepared once on PGlite (db/embedded-prepared.ts); its rows come as arrays, named by COLUMNS. */
function preparedOnEmbedded(client: PGlite, query: { sql: string; params: unknown[] }): Execute {
  const execute = embeddedPrepared(client, `staff_read_${(embeddedStatements += 1)}`, query.sql);
  return async (values) => {
    const bound = query.params.map((param) =>
      param instanceof Placeholder ? values[param.name as string] : param,
    );
    const rows = await execute<unknown[]>(bound, { rowMode: 'array' });
    return rows.map(
      (cells) =>
        Object.fromEntries(COLUMNS.map((name, index) => [name, cells[index]])) as unknown as RawRow,
    );
  };
}

function preparedExecutor(db: Database, spec: StaffReadSpec & { name: string }, idle: number) {
  const query = staffReadQuery(db, spec, idle, (name) => sql.placeholder(name) as unknown as SQL);
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) return preparedOnEmbedded(client, query.toSQL());
  const statement = query.prepare(spec.name);
  return async (values: Record<string, unknown>) =>
    (await statement.execute(values)) as unknown as RawRow[];
}

function rowOf<T>(row: RawRow, staffId: string): StaffReadRow<T> {
  const live = row.touchedBy !== null && row.touchedBy === staffId;
  const member =
    row.memberId === null
      ? undefined
      : {
          id: row.memberId,
          role: row.role as StaffRole,
          name: row.name as string,
          email: row.email as string,
          status: row.status as StaffRow['status'],
        };
  return {
    sessionOwner: row.sessionOwner,
    live,
    ...(member ? { member } : {}),
    allowed: row.allowed === true,
    payload: row.payload === null ? undefined : (row.payload as T),
  };
}

/**
 * A console read's statement. Named specs are prepared once per connection;
 * the others (searches whose shape follows what was typed) are planned
 * with their values each time, as their lookups were before.
 */
export class StaffSessionRead<T> {
  private readonly execute: Execute;

  constructor(
    private readonly db: Database,
    private readonly spec: StaffReadSpec,
    private readonly idleSeconds: number,
  ) {
    const { name } = spec;
    this.execute =
      name === undefined
        ? (values) => this.once(values)
        : preparedExecutor(db, { ...spec, name }, idleSeconds);
  }

  private async once(values: Record<string, unknown>): Promise<RawRow[]> {
    const query = staffReadQuery(this.db, this.spec, this.idleSeconds, (name) => {
      if (!COMMON.includes(name)) throw new Error(`no value for ${name}`);
      return sql`${values[name]}`;
    });
    return (await query) as unknown as RawRow[];
  }

  /** Undefined for an unknown session: nothing was touched, read or audited. */
  async run(params: StaffReadParams): Promise<StaffReadRow<T> | undefined> {
    const { context, route } = params.call;
    const [row] = await this.execute({
      ...params.values,
      sessionId: params.sessionId,
      staffId: params.staffId,
      route,
      requestId: context.requestId,
      correlationId: context.correlationId,
      ipAddress: context.ipAddress,
    });
    return row ? rowOf<T>(row, params.staffId) : undefined;
  }
}
