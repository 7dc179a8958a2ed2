import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Language } from '@webpay/contracts/language';
import type { Database } from '../../db/client.ts';
import { guarantors } from '../../db/schema.ts';

export interface SignupCandidate {
  id: string;
  firstName: string;
  lastName: string;
  birthdate: string;
  signedUp: boolean;
}

export interface EmailOwner {
  id: string;
  firstName: string;
  /** The address as written on file. */
  email: string;
  supportPhone: string | null;
  preferredLanguage: Language;
}

export class SignupRepository {
  constructor(private readonly db: Database) {}

  async findByAccountNumber(accountNumber: string): Promise<SignupCandidate | undefined> {
    const [row] = await this.db
      .select({
        id: guarantors.id,
        firstName: guarantors.firstName,
        lastName: guarantors.lastName,
        birthdate: guarantors.birthdate,
        signedUp: sql<boolean>`${guarantors.signedUpAt} is not null`,
      })
      .from(guarantors)
      .where(eq(guarantors.accountNumber, accountNumber));
    return row;
  }

  /** Another guarantor who has this e-mail on file (case-insensitive), to be told of the attempt. */
  async emailOwner(email: string, exceptGuarantorId: string): Promise<EmailOwner | undefined> {
    const [row] = await this.db
      .select({
        id: guarantors.id,
        firstName: guarantors.firstName,
        email: guarantors.email,
        supportPhone: guarantors.supportPhone,
        preferredLanguage: guarantors.preferredLanguage,
      })
      .from(guarantors)
      .where(
        and(
          sql`lower(${guarantors.email}) = lower(${email.trim()})`,
          ne(guarantors.id, exceptGuarantorId),
        ),
      )
      .limit(1);
    return row?.email ? { ...row, email: row.email } : undefined;
  }

  /** Whether another guarantor has this e-mail on file (case-insensitive). */
  async emailInUse(email: string, exceptGuarantorId: string): Promise<boolean> {
    return (await this.emailOwner(email, exceptGuarantorId)) !== undefined;
  }

  /**
   * The verified sign-up: the e-mail becomes the guarantor's, verified now,
   * with the paperless choice. False when the guarantor was signed up in the
   * meantime.
   */
  async completeSignup(
    guarantorId: string,
    signup: { email: string; paperless: boolean },
  ): Promise<boolean> {
    const rows = await this.db
      .update(guarantors)
      .set({
        email: signup.email,
        emailVerifiedAt: sql`now()`,
        signedUpAt: sql`now()`,
        paperless: signup.paperless,
        updatedAt: sql`now()`,
      })
      .where(and(eq(guarantors.id, guarantorId), isNull(guarantors.signedUpAt)))
      .returning({ id: guarantors.id });
    return rows.length > 0;
  }
}
