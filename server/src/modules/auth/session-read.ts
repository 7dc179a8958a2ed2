import { PGlite } from '@electric-sql/pglite';
import { Placeholder, sql, type SQL } from 'drizzle-orm';
import type { LoginType } from '@webpay/contracts/auth';
import type { Database } from '../../db/client.ts';
import { embeddedPrepared } from '../../db/embedded-prepared.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { SessionRow } from './auth.repository.ts';
import { HISTORICAL_DATA_REFUSAL } from './historical-data.ts';

/*
 * A guarantor's read of their own data in one trip to the database. The
 * session check, the role check, the read and its audit row are one
 * statement with data-modifying common table expressions, so a signed-out
 * session stops at once on every instance and each read of patient data is
 * durably audited before the answer leaves (README, Performance), at the
 * cost of a single round trip instead of three or four. The read and its
 * audit row happen only for a live session of the token's guarantor that
 * holds the read's role; a live session without it leaves the refusal's
 * audit row instead. The session row comes back in any case, so that the
 * caller tells an ended session from an unknown one as the authenticate
 * hook does.
 */

/** What a read answers and how its audit row describes it. */
export interface SessionReadSpec {
  /** The prepared statement's name: one per read, planned once per connection. */
  name: string;
  /**
   * The answer, one SQL value over the session's guarantor (the
   * `guarantorId` expression). It may use placeholders of its own, given at
   * each run (SessionReadParams.values); SQL null is an answer too, e.g. for
   * an id that names nothing.
   */
  payload: (guarantorId: SQL) => SQL;
  /**
   * The answer comes back as its JSON text, not parsed by the driver: for a
   * read whose route sends the database's text as it is (GET /encounters).
   */
  asText?: boolean;
  /**
   * The audit row's action, e.g. `encounters.read`. Without one the
   * statement writes no audit row, for a read that has none behind the
   * `authenticate` hook either; the fields below then go unused.
   */
  action?: string;
  /** The audit row's outcome, from the answer (the `payload` expression); success when unset. */
  outcome?: (payload: SQL) => SQL;
  /** The audit row's target; the session's guarantor when unset. */
  target?: { type: string; id: (payload: SQL) => SQL };
  /** The audit row's details as jsonb, from the answer; none when unset. */
  details?: (payload: SQL) => SQL;
  /**
   * SPEC §6: only a guarantor with the historical-data role may make the
   * read. Without it nothing is read and the refusal is audited as the
   * requireHistoricalData hook audits it, against the run's `route`.
   */
  historicalData?: boolean;
}

/** A read's own values by placeholder name; null is SQL's null. */
export type ReadValues = Readonly<Record<string, string | null>>;

export interface SessionReadRow<T> {
  session: SessionRow;
  /** False when the session lacks the read's role: nothing was read, the refusal was audited. */
  permitted: boolean;
  /** True when the read and its audit row happened: only for a live, permitted session. */
  read: boolean;
  /** The answer when read (possibly null, as the spec's payload says); null otherwise. */
  payload: T | null;
}

export interface SessionReadParams {
  sessionId: string;
  /** The token's subject: the read happens only for the session's own guarantor. */
  guarantorId: string;
  now: Date;
  context: RequestContext;
  /**
   * The route asked, as Fastify names it (`GET <base path>/statements/:id`):
   * a refusal's audit target, so required by a read that needs a role.
   */
  route?: string;
  /** The values of the spec's own placeholders. */
  values: ReadValues;
}

interface RawRow {
  id: string;
  guarantorId: string;
  loginType: LoginType;
  roles: string[];
  expiresAt: string | Date;
  revokedAt: string | Date | null;
  permitted: boolean;
  read: boolean | null;
  payload: unknown;
}

/** Columns of a raw common table expression, each named as the main select refers to it. */
const column = <T>(name: string) => sql<T>`${sql.identifier(name)}`.as(name);

/** The columns of an audit row that differ between the read's and the refusal's. */
interface AuditColumns {
  action: SQL | string;
  outcome: SQL | string;
  targetType: SQL | string;
  targetId: SQL;
  details: SQL;
}

/** An audit row by the session's guarantor for each row of `from`, under the request's ids. */
function insertAuditRow(guarantorId: SQL, row: AuditColumns, from: SQL): SQL {
  return sql`insert into audit_events (actor_type, actor_id, guarantor_id, action, outcome,
      target_type, target_id, request_id, correlation_id, ip_address, details)
    select 'guarantor', ${guarantorId}, ${guarantorId}, ${row.action}, ${row.outcome},
      ${row.targetType}, ${row.targetId}, ${sql.placeholder('requestId')},
      ${sql.placeholder('correlationId')}, nullif(${sql.placeholder('ipAddress')}, ''),
      ${row.details}
    from ${from}
    returning 1 as written`;
}

/** Whether the session's guarantor may make the read: SQL over the `g` guarantor row (roles are a JSON array). */
const permission = (spec: SessionReadSpec): SQL =>
  spec.historicalData
    ? sql`coalesce(g.roles @> jsonb_build_array(${HISTORICAL_DATA_REFUSAL.details.requiredRole}::text), false)`
    : sql`true`;

function sessionRowOf(db: Database, spec: SessionReadSpec) {
  return db
    .$with('session_row', {
      id: column<string>('id'),
      guarantorId: column<string>('guarantor_id'),
      loginType: column<LoginType>('login_type'),
      roles: column<string[]>('roles'),
      expiresAt: column<string>('expires_at'),
      revokedAt: column<string | null>('revoked_at'),
      live: column<boolean>('live'),
      permitted: column<boolean>('permitted'),
    })
    .as(
      sql`select s.id, s.guarantor_id, s.login_type, g.roles, s.expires_at, s.revoked_at,
            s.revoked_at is null
              and s.expires_at > ${sql.placeholder('now')}::timestamptz
              and s.guarantor_id = ${sql.placeholder('guarantorId')} as live,
            ${permission(spec)} as permitted
          from sessions s join guarantors g on g.id = s.guarantor_id
          where s.id = ${sql.placeholder('sessionId')}`,
    );
}

/** The refusal of a live session without the read's role, audited as requireHistoricalData does. */
function refusalOf(db: Database, guarantorId: SQL) {
  const refusal = HISTORICAL_DATA_REFUSAL;
  return db.$with('refusal', { written: column<number>('written') }).as(
    insertAuditRow(
      guarantorId,
      {
        action: refusal.action,
        outcome: refusal.outcome,
        targetType: refusal.targetType,
        targetId: sql`${sql.placeholder('route')}::text`,
        details: sql`${JSON.stringify(refusal.details)}::jsonb`,
      },
      sql`session_row where live and not permitted`,
    ),
  );
}

/** The read's audit row, written for each row the read made. */
function auditRowOf(db: Database, spec: SessionReadSpec, action: string, guarantorId: SQL) {
  const payload = sql`read.payload`;
  return db.$with('audit_row', { written: column<number>('written') }).as(
    insertAuditRow(
      guarantorId,
      {
        action,
        outcome: spec.outcome ? spec.outcome(payload) : 'success',
        targetType: spec.target?.type ?? 'guarantor',
        targetId: spec.target ? spec.target.id(payload) : guarantorId,
        details: spec.details ? spec.details(payload) : sql`null`,
      },
      sql`session_row cross join read`,
    ),
  );
}

/**
 * The statement, unprepared. Its placeholders: sessionId, guarantorId, now
 * (ISO text), requestId, correlationId and ipAddress; route for a read
 * that needs the historical-data role; and the spec's own.
 */
export function sessionReadQuery(db: Database, spec: SessionReadSpec) {
  const guarantorId = sql`session_row.guarantor_id`;
  const sessionRow = sessionRowOf(db, spec);
  const read = db
    .$with('read', { read: column<boolean>('read'), payload: column<unknown>('payload') })
    .as(
      sql`select true as read, ${spec.payload(guarantorId)} as payload
          from session_row where live and permitted`,
    );
  const ctes = [
    sessionRow,
    read,
    ...(spec.action === undefined ? [] : [auditRowOf(db, spec, spec.action, guarantorId)]),
    ...(spec.historicalData ? [refusalOf(db, guarantorId)] : []),
  ];
  return db
    .with(...ctes)
    .select({
      id: sessionRow.id,
      guarantorId: sessionRow.guarantorId,
      loginType: sessionRow.loginType,
      roles: sessionRow.roles,
      expiresAt: sessionRow.expiresAt,
      revokedAt: sessionRow.revokedAt,
      permitted: sessionRow.permitted,
      read: read.read,
      payload: spec.asText ? sql<string | null>`read.payload::text` : read.payload,
    })
    .from(sessionRow)
    .leftJoin(read, sql`true`);
}

/** The statement's values by placeholder name. */
type StatementValues = ReadValues;

type Execute = (values: StatementValues) => Promise<RawRow[]>;

/** The order of the main select's columns, as RawRow names them. */
const COLUMNS = [
  'id',
  'guarantorId',
  'loginType',
  'roles',
  'expiresAt',
  'revokedAt',
  'permitted',
  'read',
  'payload',
] as const;

/** Each prepared statement on the embedded database gets a name of its own. */
let embeddedStatements = 0;

/** A placeholder's value; a missing one is a mistake in the caller, not an SQL null. */
function valueOf(values: StatementValues, name: string): string | null {
  const value = values[name];
  if (value === undefined) throw new Error(`no value for the placeholder ${name}`);
  return value;
}

/** Prepared once on PGlite (db/embedded-prepared.ts); its rows come as arrays, named by COLUMNS. */
function preparedOnEmbedded(client: PGlite, query: { sql: string; params: unknown[] }): Execute {
  const execute = embeddedPrepared(client, `session_read_${(embeddedStatements += 1)}`, query.sql);
  return async (values) => {
    const bound = query.params.map((param) =>
      param instanceof Placeholder ? valueOf(values, param.name as string) : param,
    );
    const rows = await execute<unknown[]>(bound, { rowMode: 'array' });
    return rows.map(
      (cells) =>
        Object.fromEntries(
          COLUMNS.map((column, index) => [column, cells[index]]),
        ) as unknown as RawRow,
    );
  };
}

function executor(db: Database, spec: SessionReadSpec): Execute {
  const query = sessionReadQuery(db, spec);
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof PGlite) return preparedOnEmbedded(client, query.toSQL());
  const statement = query.prepare(spec.name);
  return async (values) => (await statement.execute(values)) as RawRow[];
}

export class SessionRead<T> {
  private readonly execute: Execute;

  constructor(db: Database, spec: SessionReadSpec) {
    this.execute = executor(db, spec);
  }

  /** The session row, with the answer when it was read; undefined for an unknown session. */
  async run(params: SessionReadParams): Promise<SessionReadRow<T> | undefined> {
    const [row] = await this.execute({
      ...params.values,
      sessionId: params.sessionId,
      guarantorId: params.guarantorId,
      now: params.now.toISOString(),
      requestId: params.context.requestId,
      correlationId: params.context.correlationId,
      ipAddress: params.context.ipAddress,
      ...(params.route === undefined ? {} : { route: params.route }),
    });
    if (!row) return undefined;
    return {
      session: {
        id: row.id,
        guarantorId: row.guarantorId,
        loginType: row.loginType,
        roles: row.roles,
        expiresAt: new Date(row.expiresAt),
        revokedAt: row.revokedAt === null ? null : new Date(row.revokedAt),
      },
      permitted: row.permitted,
      read: row.read === true,
      payload: row.read ? (row.payload as T) : null,
    };
  }
}
