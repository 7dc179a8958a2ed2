import { and, eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../lib/database-errors.ts';
import type { Database } from './client.ts';
import { guarantors } from './schema.ts';

/**
 * Makes `email` the guarantor's address, under sign-up's rule: one address
 * per guarantor, whatever its letter case, even against one who took it a
 * moment ago. It is marked unverified, since nobody has proved it yet. Used
 * by a payment's "save this address" and by the billing office's correction.
 */
export async function saveGuarantorEmail(
  db: Database,
  guarantorId: string,
  email: string,
): Promise<'saved' | 'unchanged' | 'in_use'> {
  const [current] = await db
    .select({ email: guarantors.email })
    .from(guarantors)
    .where(eq(guarantors.id, guarantorId))
    .limit(1);
  if (current?.email?.toLowerCase() === email.toLowerCase()) return 'unchanged';
  try {
    const rows = await db
      .update(guarantors)
      .set({ email, emailVerifiedAt: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(guarantors.id, guarantorId),
          sql`not exists (select 1 from ${guarantors} as other where lower(other.email) = lower(${email}) and other.id <> ${guarantorId})`,
        ),
      )
      .returning({ id: guarantors.id });
    return rows.length > 0 ? 'saved' : 'in_use';
  } catch (error) {
    if (isUniqueViolation(error, 'guarantors_email_key')) return 'in_use';
    throw error;
  }
}
