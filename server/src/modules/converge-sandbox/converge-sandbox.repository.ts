import { and, asc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  sandboxConvergeBatches,
  sandboxConvergeCardTokens,
  sandboxConvergeTokens,
  sandboxConvergeTransactions,
} from '../../db/schema.ts';

export type SandboxTokenRow = typeof sandboxConvergeTokens.$inferSelect;
export type NewSandboxToken = typeof sandboxConvergeTokens.$inferInsert;
export type SandboxTransactionRow = typeof sandboxConvergeTransactions.$inferSelect;
export type NewSandboxTransaction = typeof sandboxConvergeTransactions.$inferInsert;
export type SandboxCardTokenRow = typeof sandboxConvergeCardTokens.$inferSelect;
export type NewSandboxCardToken = typeof sandboxConvergeCardTokens.$inferInsert;

/** What a lightbox session left: a transaction (none after a processor failure), a stored card. */
export interface SessionRecords {
  transaction?: NewSandboxTransaction;
  cardToken?: NewSandboxCardToken;
}

/** Why a token could not be used. */
export type TokenRefusal = 'unknown' | 'used' | 'expired';

/** Why a sale could not be voided: no approved, unvoided sale of that type, or it has settled. */
export type VoidRefusal = 'unknown' | 'settled';

/** Why a sale could not be returned, with what remains when the amount was too much. */
export type ReturnRefusal =
  { reason: 'unknown' | 'echeck' | 'unsettled' } | { reason: 'exceeds'; remainingCents: number };

/** One settlement: which batch, when, why, and what it closed. */
export interface SettlementRequest {
  batchId: string;
  settledAt: Date;
  trigger: 'request' | 'schedule';
  /** Only transactions made before this instant (a scheduled cutoff); every open one without it. */
  createdBefore?: Date;
}

export interface SettledBatch {
  batchId: string;
  settledAt: Date;
  transactionCount: number;
  netCents: number;
}

const t = sandboxConvergeTransactions;

/** What a batch settles: approved sales, eCheck debits and returns, never a voided sale or a void. */
const settleable = and(
  isNull(t.settledAt),
  eq(t.approved, true),
  isNull(t.voidedAt),
  inArray(t.transactionType, ['SALE', 'ECSPURCHASE', 'RETURN']),
);

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
   * Marks the token used and records what it paid for (and the card it
   * stored), in one transaction: of two concurrent attempts exactly one
   * claims the token (the conditional update), and a claimed token always has
   * its outcome recorded. `record` returns what to store; nothing after a
   * processor failure.
   */
  async consumeToken<T extends SessionRecords>(
    tokenHash: string,
    now: Date,
    record: (token: SandboxTokenRow) => T,
  ): Promise<{ token: SandboxTokenRow; records: T } | { refused: TokenRefusal }> {
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
      const records = record(token);
      if (records.cardToken) await tx.insert(sandboxConvergeCardTokens).values(records.cardToken);
      if (records.transaction) {
        await tx.insert(sandboxConvergeTransactions).values(records.transaction);
      }
      return { token, records };
    });
  }

  /** A card token Card Manager still holds: undefined when unknown or deleted. */
  async findCardToken(token: string): Promise<SandboxCardTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxConvergeCardTokens)
      .where(
        and(
          eq(sandboxConvergeCardTokens.token, token),
          isNull(sandboxConvergeCardTokens.deletedAt),
        ),
      );
    return row;
  }

  /** Deletes a held card token; false when it was unknown or already deleted. */
  async deleteCardToken(token: string, now: Date): Promise<boolean> {
    const deleted = await this.db
      .update(sandboxConvergeCardTokens)
      .set({ deletedAt: now })
      .where(
        and(
          eq(sandboxConvergeCardTokens.token, token),
          isNull(sandboxConvergeCardTokens.deletedAt),
        ),
      )
      .returning({ token: sandboxConvergeCardTokens.token });
    return deleted.length > 0;
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

  /** Every transaction made from `from` to before `until`, oldest first. */
  async findTransactionsBetween(from: Date, until: Date): Promise<SandboxTransactionRow[]> {
    return this.db
      .select()
      .from(t)
      .where(and(gte(t.createdAt, from), lt(t.createdAt, until)))
      .orderBy(asc(t.createdAt), asc(t.txnId));
  }

  /**
   * Voids an approved, not yet voided, unsettled sale of the given type and
   * records the void, atomically: a sale is voided at most once however many
   * requests race, and never once a settlement has taken it.
   */
  async voidSale(
    txnId: string,
    saleType: 'SALE' | 'ECSPURCHASE',
    now: Date,
    buildVoid: (sale: SandboxTransactionRow) => NewSandboxTransaction,
  ): Promise<{ voidRecord: NewSandboxTransaction } | { refused: VoidRefusal }> {
    return this.db.transaction(async (tx) => {
      const sale = and(
        eq(t.txnId, txnId),
        eq(t.transactionType, saleType),
        eq(t.approved, true),
        isNull(t.voidedAt),
      );
      const [voided] = await tx
        .update(t)
        .set({ voidedAt: now })
        .where(and(sale, isNull(t.settledAt)))
        .returning();
      if (!voided) {
        const [settled] = await tx
          .select({ txnId: t.txnId })
          .from(t)
          .where(and(sale, isNotNull(t.settledAt)));
        return { refused: settled ? 'settled' : 'unknown' };
      }
      const voidRecord = buildVoid(voided);
      await tx.insert(t).values(voidRecord);
      return { voidRecord };
    });
  }

  /**
   * Records a return of part or all of a settled card sale. The sale's row
   * is locked while what remains is summed, so concurrent returns never add
   * up to more than the sale.
   */
  async returnSale(
    txnId: string,
    amountCents: number,
    buildReturn: (sale: SandboxTransactionRow) => NewSandboxTransaction,
  ): Promise<{ returnRecord: NewSandboxTransaction } | { refused: ReturnRefusal }> {
    return this.db.transaction(async (tx) => {
      const [sale] = await tx.select().from(t).where(eq(t.txnId, txnId)).for('update');
      if (!sale || !sale.approved || sale.voidedAt) return { refused: { reason: 'unknown' } };
      if (sale.transactionType === 'ECSPURCHASE') return { refused: { reason: 'echeck' } };
      if (sale.transactionType !== 'SALE') return { refused: { reason: 'unknown' } };
      if (!sale.settledAt) return { refused: { reason: 'unsettled' } };
      const [returned] = await tx
        .select({ cents: sql<number>`coalesce(sum(${t.amountCents}), 0)::int` })
        .from(t)
        .where(and(eq(t.returnsTxnId, txnId), eq(t.approved, true)));
      const remainingCents = sale.amountCents - (returned?.cents ?? 0);
      if (amountCents > remainingCents) {
        return { refused: { reason: 'exceeds', remainingCents } };
      }
      const returnRecord = buildReturn(sale);
      await tx.insert(t).values(returnRecord);
      return { returnRecord };
    });
  }

  /** When the oldest transaction still waiting for settlement was made, if before `before`. */
  async oldestOpenBefore(before: Date): Promise<Date | undefined> {
    const [row] = await this.db
      .select({ createdAt: t.createdAt })
      .from(t)
      .where(and(settleable, lt(t.createdAt, before)))
      .orderBy(asc(t.createdAt))
      .limit(1);
    return row?.createdAt;
  }

  /**
   * Closes a batch in one transaction: the conditional update takes each open
   * transaction exactly once, so of two servers settling at the same moment
   * one closes the batch and the other finds it empty. An empty batch leaves
   * no row.
   */
  async settle(request: SettlementRequest): Promise<SettledBatch> {
    return this.db.transaction(async (tx) => {
      const before = request.createdBefore;
      const settled = await tx
        .update(t)
        .set({ settledAt: request.settledAt, settlementBatchId: request.batchId })
        .where(before ? and(settleable, lt(t.createdAt, before)) : settleable)
        .returning({ transactionType: t.transactionType, amountCents: t.amountCents });
      const netCents = settled.reduce(
        (sum, txn) => sum + (txn.transactionType === 'RETURN' ? -txn.amountCents : txn.amountCents),
        0,
      );
      const batch = {
        batchId: request.batchId,
        settledAt: request.settledAt,
        transactionCount: settled.length,
        netCents,
      };
      if (settled.length > 0) {
        await tx.insert(sandboxConvergeBatches).values({ ...batch, trigger: request.trigger });
      }
      return batch;
    });
  }
}

function tokenRefusal(token: SandboxTokenRow | undefined, now: Date): TokenRefusal {
  if (!token) return 'unknown';
  if (token.usedAt) return 'used';
  return token.expiresAt <= now ? 'expired' : 'used';
}
