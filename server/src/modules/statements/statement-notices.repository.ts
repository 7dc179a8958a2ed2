import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Language } from '@webpay/contracts/language';
import type { Database, Transaction } from '../../db/client.ts';
import { guarantors, statements } from '../../db/schema.ts';
import { onAssistanceHold } from '../financial-assistance/index.ts';

export interface StatementNoticeRow {
  guarantorId: string;
  accountNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The language of the guarantor's last visit: the notice is written in it. */
  preferredLanguage: Language;
  statementId: string;
  statementDate: string;
  amountDueCents: number;
  dueDate: string;
  notifiedAt: Date | null;
}

export interface NoticeEligibility {
  found: boolean;
  paperless: boolean;
  verifiedEmail: boolean;
  hasStatement: boolean;
  /** An open financial assistance application holds the account: no notices (501(r)). */
  onHold: boolean;
}

export class StatementNoticesRepository {
  constructor(private readonly db: Database) {}

  /**
   * The latest statement of each paperless guarantor with a verified e-mail
   * (of one account when `accountNumber` is given), by account number.
   */
  async latestForPaperless(accountNumber?: string): Promise<StatementNoticeRow[]> {
    const rows = await this.db
      .selectDistinctOn([guarantors.accountNumber], {
        guarantorId: guarantors.id,
        accountNumber: guarantors.accountNumber,
        firstName: guarantors.firstName,
        lastName: guarantors.lastName,
        email: guarantors.email,
        preferredLanguage: guarantors.preferredLanguage,
        statementId: statements.id,
        statementDate: statements.statementDate,
        amountDueCents: statements.amountDueCents,
        dueDate: statements.dueDate,
        notifiedAt: statements.notifiedAt,
      })
      .from(guarantors)
      .innerJoin(statements, eq(statements.guarantorId, guarantors.id))
      .where(
        and(
          eq(guarantors.paperless, true),
          isNotNull(guarantors.email),
          isNotNull(guarantors.emailVerifiedAt),
          sql`not ${onAssistanceHold(sql`${guarantors.id}`)}`,
          accountNumber === undefined ? undefined : eq(guarantors.accountNumber, accountNumber),
        ),
      )
      .orderBy(asc(guarantors.accountNumber), desc(statements.statementDate));
    return rows.flatMap((row) => (row.email ? [{ ...row, email: row.email }] : []));
  }

  /** Why an account gets no notice, for the operator who asked about it. */
  async eligibility(accountNumber: string): Promise<NoticeEligibility> {
    const [row] = await this.db
      .select({
        paperless: guarantors.paperless,
        verifiedEmail: sql<boolean>`(${guarantors.email} is not null and ${guarantors.emailVerifiedAt} is not null)`,
        hasStatement: sql<boolean>`exists (select 1 from ${statements} where ${statements.guarantorId} = ${guarantors.id})`,
        onHold: sql<boolean>`${onAssistanceHold(sql`${guarantors.id}`)}`,
      })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, accountNumber));
    return row
      ? { found: true, ...row }
      : {
          found: false,
          paperless: false,
          verifiedEmail: false,
          hasStatement: false,
          onHold: false,
        };
  }

  /** Marks the statement notified and queues its notice, together or not at all. */
  async markNotified(statementId: string, andQueue: (tx: Transaction) => Promise<void>) {
    await this.db.transaction(async (tx) => {
      await tx
        .update(statements)
        .set({ notifiedAt: sql`now()` })
        .where(eq(statements.id, statementId));
      await andQueue(tx);
    });
  }
}
