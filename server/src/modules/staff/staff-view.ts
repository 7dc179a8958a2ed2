import type { StaffMember } from '@webpay/contracts/office';
import type { StaffRow } from './staff.repository.ts';

/** A staff member as the console shows them: never a credential. */
export function staffMemberView(row: StaffRow): StaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    kind: row.kind,
    status: row.status,
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
