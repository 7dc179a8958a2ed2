import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { guarantors } from '../../db/schema.ts';

/** A guarantor as the statement printer names them, with the PIN they hold now. */
export interface PinHolder {
  id: string;
  accountNumber: string;
  mmi: string;
  firstName: string;
  lastName: string;
  /** The hash of the current PIN; null when they have none. */
  pinHash: string | null;
  pinIssuedAt: Date | null;
}

const holderColumns = {
  id: guarantors.id,
  accountNumber: guarantors.accountNumber,
  mmi: guarantors.mmi,
  firstName: guarantors.firstName,
  lastName: guarantors.lastName,
  pinHash: guarantors.pinHash,
  pinIssuedAt: guarantors.pinIssuedAt,
};

export class StatementPinsRepository {
  constructor(private readonly db: Database) {}

  /** The guarantors with these account numbers, by account number; unknown numbers are left out. */
  async byAccountNumbers(accountNumbers: readonly string[]): Promise<PinHolder[]> {
    if (accountNumbers.length === 0) return [];
    return this.db
      .select(holderColumns)
      .from(guarantors)
      .where(inArray(guarantors.accountNumber, [...accountNumbers]))
      .orderBy(asc(guarantors.accountNumber));
  }

  /** Every guarantor, or only those without a PIN, by account number. */
  async all(options: { withoutPinOnly: boolean }): Promise<PinHolder[]> {
    return this.db
      .select(holderColumns)
      .from(guarantors)
      .where(options.withoutPinOnly ? isNull(guarantors.pinHash) : undefined)
      .orderBy(asc(guarantors.accountNumber));
  }

  async countWithPin(): Promise<number> {
    const [row] = await this.db
      .select({ count: count() })
      .from(guarantors)
      .where(isNotNull(guarantors.pinHash));
    return row?.count ?? 0;
  }

  /**
   * Gives a guarantor a new PIN hash, provided their PIN is still the one
   * whose hash was read (salted, so a hash is never reused), and answers
   * whether it did. False: the PIN changed since, or the guarantor is gone.
   */
  async replacePin(
    holder: Pick<PinHolder, 'id' | 'pinHash'>,
    pinHash: string,
    issuedAt: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(guarantors)
      .set({ pinHash, pinIssuedAt: issuedAt, updatedAt: sql`now()` })
      .where(
        and(
          eq(guarantors.id, holder.id),
          holder.pinHash === null
            ? isNull(guarantors.pinHash)
            : eq(guarantors.pinHash, holder.pinHash),
        ),
      )
      .returning({ id: guarantors.id });
    return rows.length === 1;
  }
}
