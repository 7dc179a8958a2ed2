import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { guarantors, statements } from '../../db/schema.ts';

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

const summaryColumns = {
  id: statements.id,
  statementDate: statements.statementDate,
  accountNumber: statements.accountNumber,
  amountDueCents: statements.amountDueCents,
  dueDate: statements.dueDate,
  status: statements.status,
};

/**
 * Statements are only ever read by their guarantor: every query is bounded
 * by the guarantor id, so another guarantor's statement is simply not there.
 */
export class StatementsRepository {
  constructor(private readonly db: Database) {}

  /** Newest first, without the lines (a long account has dozens of large statements). */
  listForGuarantor(guarantorId: string): Promise<StatementSummaryRow[]> {
    return this.db
      .select(summaryColumns)
      .from(statements)
      .where(eq(statements.guarantorId, guarantorId))
      .orderBy(desc(statements.statementDate));
  }

  async findForGuarantor(guarantorId: string, id: string): Promise<StatementRow | undefined> {
    const [row] = await this.db
      .select({
        ...summaryColumns,
        items: statements.items,
        firstName: guarantors.firstName,
        lastName: guarantors.lastName,
        supportPhone: guarantors.supportPhone,
      })
      .from(statements)
      .innerJoin(guarantors, eq(guarantors.id, statements.guarantorId))
      .where(and(eq(statements.id, id), eq(statements.guarantorId, guarantorId)))
      .limit(1);
    return row;
  }
}
