import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { StaffRole } from '@webpay/contracts/office';
import type { Database } from '../../db/client.ts';
import { staffMembers, staffRecoveryCodes } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';

export type StaffRow = typeof staffMembers.$inferSelect;
export type StaffKind = StaffRow['kind'];
export type StaffStatus = StaffRow['status'];

export interface NewStaff {
  name: string;
  /** Lower case already (staffEmailSchema). */
  email: string;
  role: StaffRole;
  kind: StaffKind;
  status: StaffStatus;
  passwordHash?: string | null;
  totpSecretSealed?: string | null;
}

/** The write was refused because the e-mail address belongs to another staff member. */
export function isDuplicateEmail(error: unknown): boolean {
  return isUniqueViolation(error, 'staff_members_email_key');
}

/** Staff members, their credentials and recovery codes. */
export class StaffRepository {
  constructor(private readonly db: Database) {}

  /** The same repository over a transaction. */
  within(db: Database): StaffRepository {
    return new StaffRepository(db);
  }

  async findById(id: string): Promise<StaffRow | undefined> {
    const [row] = await this.db.select().from(staffMembers).where(eq(staffMembers.id, id));
    return row;
  }

  async findByEmail(email: string): Promise<StaffRow | undefined> {
    const [row] = await this.db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.email, email.trim().toLowerCase()));
    return row;
  }

  list(): Promise<StaffRow[]> {
    return this.db
      .select()
      .from(staffMembers)
      .orderBy(asc(staffMembers.name), asc(staffMembers.email));
  }

  /** Throws a unique violation (isDuplicateEmail) when the address is taken. */
  async insert(member: NewStaff): Promise<StaffRow> {
    const [row] = await this.db
      .insert(staffMembers)
      .values({ id: randomUUID(), ...member, email: member.email.trim().toLowerCase() })
      .returning();
    if (!row) throw new Error('staff member not inserted');
    return row;
  }

  /** Single sign-on: the staff member of this address, made with this role the first time. */
  async findOrCreateSso(email: string, name: string, role: StaffRole): Promise<StaffRow> {
    const address = email.trim().toLowerCase();
    await this.db
      .insert(staffMembers)
      .values({ id: randomUUID(), name, email: address, role, kind: 'sso', status: 'active' })
      .onConflictDoNothing({ target: staffMembers.email });
    const row = await this.findByEmail(address);
    if (!row) throw new Error('staff member neither found nor created');
    return row;
  }

  /** Single sign-on: the role the identity provider's claim gives at this sign-in. */
  async setSsoRole(staffId: string, role: StaffRole): Promise<void> {
    await this.db
      .update(staffMembers)
      .set({ role, updatedAt: sql`now()` })
      .where(and(eq(staffMembers.id, staffId), eq(staffMembers.kind, 'sso')));
  }

  /**
   * Accepts a TOTP time step only if it is later than every step accepted
   * before, in one statement, so a code cannot be used twice even by two
   * sign-ins at once.
   */
  async acceptTotpStep(staffId: string, step: number): Promise<boolean> {
    const rows = await this.db
      .update(staffMembers)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(staffMembers.id, staffId),
          or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step)),
        ),
      )
      .returning({ id: staffMembers.id });
    return rows.length > 0;
  }

  /** Marks an unused recovery code used; false when there is none (wrong or used already). */
  async useRecoveryCode(staffId: string, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .update(staffRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(staffRecoveryCodes.staffId, staffId),
          eq(staffRecoveryCodes.codeHash, codeHash),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    return rows.length > 0;
  }

  async unusedRecoveryCodes(staffId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::integer` })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
    return row?.count ?? 0;
  }

  /** The password, TOTP key and recovery codes of a completed enrolment; the member becomes active. */
  async setCredentials(
    staffId: string,
    credentials: { passwordHash: string; totpSecretSealed: string; totpLastStep: number },
    recoveryCodeHashes: readonly string[],
  ): Promise<void> {
    await this.db
      .update(staffMembers)
      .set({ ...credentials, status: 'active', updatedAt: sql`now()` })
      .where(eq(staffMembers.id, staffId));
    await this.db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
    if (recoveryCodeHashes.length > 0) {
      await this.db
        .insert(staffRecoveryCodes)
        .values(recoveryCodeHashes.map((codeHash) => ({ id: randomUUID(), staffId, codeHash })));
    }
  }

  /** A reset: no password, TOTP key or recovery code until the member enrols again. */
  async clearCredentials(staffId: string): Promise<void> {
    await this.db
      .update(staffMembers)
      .set({
        passwordHash: null,
        totpSecretSealed: null,
        totpLastStep: null,
        status: 'invited',
        updatedAt: sql`now()`,
      })
      .where(eq(staffMembers.id, staffId));
    await this.db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  }

  async disable(staffId: string): Promise<void> {
    await this.db
      .update(staffMembers)
      .set({ status: 'disabled', updatedAt: sql`now()` })
      .where(eq(staffMembers.id, staffId));
  }

  async recordSignIn(staffId: string): Promise<void> {
    await this.db
      .update(staffMembers)
      .set({ lastSignInAt: sql`now()` })
      .where(eq(staffMembers.id, staffId));
  }
}
