import { and, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { guarantors } from '../../db/schema.ts';

export interface MagicLinkRecipient {
  id: string;
  firstName: string;
  email: string;
}

export class MagicLinkRepository {
  constructor(private readonly db: Database) {}

  /** The signed-up guarantor whose e-mail on file is this address (case-insensitive). */
  async findSignedUpByEmail(email: string): Promise<MagicLinkRecipient | undefined> {
    const [row] = await this.db
      .select({ id: guarantors.id, firstName: guarantors.firstName, email: guarantors.email })
      .from(guarantors)
      .where(
        and(
          sql`lower(${guarantors.email}) = lower(${email.trim()})`,
          isNotNull(guarantors.signedUpAt),
        ),
      );
    return row?.email ? { id: row.id, firstName: row.firstName, email: row.email } : undefined;
  }
}
