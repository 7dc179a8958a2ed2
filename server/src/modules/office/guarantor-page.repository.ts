import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { saveGuarantorEmail } from '../../db/guarantor-email.ts';
import { staffReadStatement, type StaffReadSpec, type StaffSessionRead } from '../staff/index.ts';
import { guarantors, sessions } from '../../db/schema.ts';

export type GuarantorRow = typeof guarantors.$inferSelect;

/** What the page shows of the guarantor's own row, and what its other reads start from. */
export type PageGuarantor = Pick<
  GuarantorRow,
  | 'id'
  | 'accountNumber'
  | 'firstName'
  | 'lastName'
  | 'birthdate'
  | 'email'
  | 'supportPhone'
  | 'preferredLanguage'
  | 'signedUpAt'
  | 'pinIssuedAt'
>;

type Instants<T, K extends keyof T> = Omit<T, K> & { [P in K]: string | null };

/** PageGuarantor as JSON: its instants ISO text. */
export type PageGuarantorJson = Instants<PageGuarantor, 'signedUpAt' | 'pinIssuedAt'>;

/** An e-mail sent straight to the mail server, from its audit row (mail.delivery). */
export interface DirectEmailJson {
  id: number;
  occurredAt: string;
  outcome: 'success' | 'failure';
  kind: string;
  to: string;
  subject: string;
}

export interface SessionsJson {
  active: number;
  lastSignInAt: string | null;
}

/*
 * What the console reads of a guarantor beyond what the portal's services
 * answer, each as one JSON value over the guarantor id (an SQL expression),
 * so that the page reads them all in one statement.
 */

/** The guarantor's row as the page reads it; null for an unknown id. */
export const pageGuarantorJson = (guarantorId: SQL): SQL<PageGuarantorJson | null> =>
  sql<PageGuarantorJson | null>`(
    select json_build_object(
      'id', g.id,
      'accountNumber', g.account_number,
      'firstName', g.first_name,
      'lastName', g.last_name,
      'birthdate', g.birthdate,
      'email', g.email,
      'supportPhone', g.support_phone,
      'preferredLanguage', g.preferred_language,
      'signedUpAt', g.signed_up_at,
      'pinIssuedAt', g.pin_issued_at)
    from guarantors g
    where g.id = ${guarantorId}
  )`;

export const pageGuarantorOf = (json: PageGuarantorJson): PageGuarantor => ({
  ...json,
  signedUpAt: json.signedUpAt === null ? null : new Date(json.signedUpAt),
  pinIssuedAt: json.pinIssuedAt === null ? null : new Date(json.pinIssuedAt),
});

/** The guarantor's live sessions, and when they last signed in. */
export const sessionsJson = (guarantorId: SQL): SQL<SessionsJson> =>
  sql<SessionsJson>`(
    select json_build_object(
      'active', (count(*) filter (where s.revoked_at is null and s.expires_at > now()))::int,
      'lastSignInAt', max(s.created_at))
    from sessions s
    where s.guarantor_id = ${guarantorId}
  )`;

/** The payer of the guarantor's last recorded payment: the only postal address WebPay holds. */
export const lastPayerJson = (guarantorId: SQL): SQL<Record<string, string | null> | null> =>
  sql<Record<string, string | null> | null>`(
    select p.payer from payments p
    where p.guarantor_id = ${guarantorId} and p.status = 'recorded'
    order by p.recorded_at desc
    limit 1
  )`;

/**
 * The e-mails sent to the guarantor while they waited (codes and links),
 * newest first: of the newest `limit` audit rows of `action`, those that
 * name their kind, recipient and subject.
 */
export const directEmailsJson = (
  guarantorId: SQL,
  action: string,
  limit: number,
): SQL<DirectEmailJson[]> =>
  sql<DirectEmailJson[]>`(
    select coalesce(json_agg(json_build_object(
      'id', a.id,
      'occurredAt', a.occurred_at,
      'outcome', a.outcome,
      'kind', a.details->>'kind',
      'to', a.details->>'to',
      'subject', a.details->>'subject'
    ) order by a.occurred_at desc), '[]'::json)
    from (
      select id, occurred_at, outcome, details from audit_events
      where guarantor_id = ${guarantorId} and action = ${action}::text
      order by occurred_at desc
      limit ${limit}::integer
    ) a
    where jsonb_typeof(a.details->'kind') = 'string'
      and jsonb_typeof(a.details->'to') = 'string'
      and jsonb_typeof(a.details->'subject') = 'string'
  )`;

/** Ids the mail outbox's messages about the guarantor may name, as `text[]` values. */
export const mailReferences = (guarantorId: SQL) => ({
  payments: sql`array(select p.id from payments p where p.guarantor_id = ${guarantorId})`,
  statements: sql`array(select st.id from statements st where st.guarantor_id = ${guarantorId})`,
});

export class GuarantorPageRepository {
  constructor(private readonly db: Database) {}

  async guarantor(guarantorId: string): Promise<GuarantorRow | undefined> {
    const [row] = await this.db.select().from(guarantors).where(eq(guarantors.id, guarantorId));
    return row;
  }

  /** A read made in one trip with the staff session checks (staff-session-read.ts). */
  staffRead<R>(spec: StaffReadSpec): StaffSessionRead<R> {
    return staffReadStatement(this.db, spec);
  }

  /**
   * Reads `payload` (one JSON value) and writes `audit`, an insert whose
   * values may read the answer from the common table `page` (its column
   * `payload`), in one statement: the row is committed before the answer
   * leaves.
   */
  async readAudited<T>(payload: SQL<T>, audit: SQL): Promise<T> {
    const { rows } = await this.db.execute<{ payload: T }>(
      sql`with page as (select ${payload} as payload), audit as (${audit}) select payload from page`,
    );
    const [row] = rows;
    if (!row) throw new Error('a guarantor page read no row');
    return row.payload;
  }

  /** Ends every live session of the guarantor; answers how many. */
  async revokeSessions(guarantorId: string, reason: string): Promise<number> {
    const revoked = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(
        and(
          eq(sessions.guarantorId, guarantorId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: sessions.id });
    return revoked.length;
  }

  /** Sign-up's rule: one address per guarantor (db/guarantor-email.ts). */
  setEmail(guarantorId: string, email: string): Promise<'saved' | 'unchanged' | 'in_use'> {
    return saveGuarantorEmail(this.db, guarantorId, email);
  }
}
