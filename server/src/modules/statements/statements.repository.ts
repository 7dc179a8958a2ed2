import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { statements } from '../../db/schema.ts';

export type StatementSummaryRow = Pick<
  typeof statements.$inferSelect,
  'id' | 'statementDate' | 'accountNumber' | 'amountDueCents' | 'dueDate' | 'status'
>;

export type StatementRow = StatementSummaryRow &
  Pick<typeof statements.$inferSelect, 'items'> & {
    firstName: string;
    lastName: string;
    supportPhone: string | null;
  };

/** A statement's summary columns as JSON pairs, over the statement `st`. */
const SUMMARY_PAIRS = sql`'id', st.id,
  'statementDate', st.statement_date,
  'accountNumber', st.account_number,
  'amountDueCents', st.amount_due_cents,
  'dueDate', st.due_date,
  'status', st.status`;

/*
 * Statements are only ever read by their guarantor: every read is bounded
 * by the guarantor id, so another guarantor's statement is simply not
 * there. Each read is one JSON value over SQL expressions, so that the
 * signed-in read (auth's session-read.ts) can put it in the statement that
 * checks the session, and the billing office's reads run the same SQL.
 */

/** The guarantor's statements, newest first, without their lines (a long account has dozens of large ones). */
export const statementSummariesJson = (guarantorId: SQL): SQL<StatementSummaryRow[]> =>
  sql<StatementSummaryRow[]>`(
    select coalesce(json_agg(json_build_object(${SUMMARY_PAIRS})
      order by st.statement_date desc), '[]'::json)
    from statements st
    where st.guarantor_id = ${guarantorId}
  )`;

/** One of the guarantor's statements with its lines and the guarantor's name; null when not theirs. */
export const statementJson = (guarantorId: SQL, statementId: SQL): SQL<StatementRow | null> =>
  sql<StatementRow | null>`(
    select json_build_object(${SUMMARY_PAIRS},
      'items', st.items,
      'firstName', g.first_name,
      'lastName', g.last_name,
      'supportPhone', g.support_phone)
    from statements st
    join guarantors g on g.id = st.guarantor_id
    where st.id = ${statementId} and st.guarantor_id = ${guarantorId}
  )`;

export class StatementsRepository {
  constructor(private readonly db: Database) {}

  async listForGuarantor(guarantorId: string): Promise<StatementSummaryRow[]> {
    const { rows } = await this.db.execute<{ summaries: StatementSummaryRow[] }>(
      sql`select ${statementSummariesJson(sql`${guarantorId}`)} as summaries`,
    );
    return rows[0]?.summaries ?? [];
  }

  async findForGuarantor(guarantorId: string, id: string): Promise<StatementRow | undefined> {
    const { rows } = await this.db.execute<{ statement: StatementRow | null }>(
      sql`select ${statementJson(sql`${guarantorId}`, sql`${id}`)} as statement`,
    );
    return rows[0]?.statement ?? undefined;
  }
}
