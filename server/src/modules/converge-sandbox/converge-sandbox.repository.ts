import { and, asc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sandboxConvergeTokens, sandboxConvergeTransactions } from '../../db/schema.ts';

export type SandboxTokenRow = typeof sandboxConvergeTokens.$inferSelect;
export type NewSandboxToken = typeof sandboxConvergeTokens.$inferInsert;
export type SandboxTransactionRow = typeof sandboxConvergeTransactions.$inferSelect;
export type NewSandboxTransaction = typeof sandboxConvergeTransactions.$inferInsert;

/** Why a token could not be used. */
export type TokenRefusal = 'unknown' | 'used' | 'expired';

export class ConvergeSandboxRepository {
  constructor(private readonly db: Database) {}

  async insertToken(token: NewSandboxToken): Promise<void> {
    await this.db.insert(sandboxConvergeTokens).values(token);
  }

  async findToken(tokenHash: string): Promise<SandboxTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxConvergeTokens)
      .where(eq(sandboxConvergeTokens.tokenHash, tokenHash));
    return row;
  }

  /** Tokens that expired before `cutoff` are of no use to anyone; the table stays small. */
  async deleteTokensExpiredBefore(cutoff: Date): Promise<void> {
    await this.db.delete(sandboxConvergeTokens).where(lt(sandboxConvergeTokens.expiresAt, cutoff));
  }

  /**
   * Marks the token used and records what it paid for, in one transaction:
   * of two concurrent attempts exactly one claims the token (the conditional
   * update), and a claimed token always has its outcome recorded.
   * `record` returns the transaction to store, or undefined when the attempt
   * left none (a processor failure).
   */
  async consumeToken<T extends NewSandboxTransaction | undefined>(
    tokenHash: string,
    now: Date,
    record: (token: SandboxTokenRow) => T,
  ): Promise<{ token: SandboxTokenRow; transaction: T } | { refused: TokenRefusal }> {
    return this.db.transaction(async (tx) => {
      const [token] = await tx
        .update(sandboxConvergeTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(sandboxConvergeTokens.tokenHash, tokenHash),
            isNull(sandboxConvergeTokens.usedAt),
            gt(sandboxConvergeTokens.expiresAt, now),
          ),
        )
        .returning();
      if (!token) {
        const [existing] = await tx
          .select()
          .from(sandboxConvergeTokens)
          .where(eq(sandboxConvergeTokens.tokenHash, tokenHash));
        return { refused: tokenRefusal(existing, now) };
      }
      const transaction = record(token);
      if (transaction) await tx.insert(sandboxConvergeTransactions).values(transaction);
      return { token, transaction };
    });
  }

  async insertTransaction(transaction: NewSandboxTransaction): Promise<void> {
    await this.db.insert(sandboxConvergeTransactions).values(transaction);
  }

  async findTransaction(txnId: string): Promise<SandboxTransactionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxConvergeTransactions)
      .where(eq(sandboxConvergeTransactions.txnId, txnId));
    return row;
  }

  async findTransactionsByInvoice(invoiceNumber: string): Promise<SandboxTransactionRow[]> {
    return this.db
      .select()
      .from(sandboxConvergeTransactions)
      .where(eq(sandboxConvergeTransactions.invoiceNumber, invoiceNumber))
      .orderBy(asc(sandboxConvergeTransactions.createdAt), asc(sandboxConvergeTransactions.txnId));
  }

  /**
   * Voids an approved, not yet voided sale of the given type and records the
   * void, atomically: a sale is voided at most once however many requests race.
   */
  async voidSale(
    txnId: string,
    saleType: 'SALE' | 'ECSPURCHASE',
    now: Date,
    buildVoid: (sale: SandboxTransactionRow) => NewSandboxTransaction,
  ): Promise<NewSandboxTransaction | undefined> {
    return this.db.transaction(async (tx) => {
      const [sale] = await tx
        .update(sandboxConvergeTransactions)
        .set({ voidedAt: now })
        .where(
          and(
            eq(sandboxConvergeTransactions.txnId, txnId),
            eq(sandboxConvergeTransactions.transactionType, saleType),
            eq(sandboxConvergeTransactions.approved, true),
            isNull(sandboxConvergeTransactions.voidedAt),
          ),
        )
        .returning();
      if (!sale) return undefined;
      const voidRecord = buildVoid(sale);
      await tx.insert(sandboxConvergeTransactions).values(voidRecord);
      return voidRecord;
    });
  }
}

function tokenRefusal(token: SandboxTokenRow | undefined, now: Date): TokenRefusal {
  if (!token) return 'unknown';
  if (token.usedAt) return 'used';
  return token.expiresAt <= now ? 'expired' : 'used';
}
