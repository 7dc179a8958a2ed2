import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { guarantors } from '../../db/schema.ts';

export interface CodeRecipient {
  id: string;
  firstName: string;
  email: string | null;
}

export class VerificationRepository {
  constructor(private readonly db: Database) {}

  /** The guarantor with this e-mail on file (case-insensitive) and this birthdate. */
  async findByEmailAndBirthdate(
    email: string,
    birthdate: string,
  ): Promise<CodeRecipient | undefined> {
    const [row] = await this.db
      .select({ id: guarantors.id, firstName: guarantors.firstName, email: guarantors.email })
      .from(guarantors)
      .where(
        and(
          sql`lower(${guarantors.email}) = lower(${email.trim()})`,
          eq(guarantors.birthdate, birthdate),
        ),
      );
    return row;
  }

  async findRecipient(guarantorId: string): Promise<CodeRecipient | undefined> {
    const [row] = await this.db
      .select({ id: guarantors.id, firstName: guarantors.firstName, email: guarantors.email })
      .from(guarantors)
      .where(eq(guarantors.id, guarantorId));
    return row;
  }
}
