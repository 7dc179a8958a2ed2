import type { StaffRole } from '@webpay/contracts/office';
import type { staffMembers } from '../db/schema.ts';
import { hashPassword } from '../lib/secrets.ts';
import { SecondFactors } from '../modules/staff/index.ts';
import { keyedUuid } from '../lib/secrets.ts';

/**
 * The demo billing office staff: DEMO_DATA.md §6's four, one for each of its
 * roles, and two reviewers, so that one can approve financial assistance and
 * the other confirm it. Published credentials, never in production.
 */
export interface DemoStaff {
  name: string;
  email: string;
  role: StaffRole;
  password: string;
  /** Base32 TOTP key (RFC 6238, SHA-1, 6 digits, 30 s). */
  totpSecret: string;
}

export const DEMO_STAFF = {
  viewer: {
    name: 'Sam Reyes',
    email: 'sam.reyes@wasatchvalleyhealth.example',
    role: 'viewer',
    password: 'Demo-Viewer-2026!',
    totpSecret: 'KRSXG5CTMVRXEZLU',
  },
  agent: {
    name: 'Chris Park',
    email: 'chris.park@wasatchvalleyhealth.example',
    role: 'agent',
    password: 'Demo-Agent-2026!',
    totpSecret: 'MFRGGZDFMZTWQ2LK',
  },
  reviewer: {
    name: 'Dana Whitfield',
    email: 'dana.whitfield@wasatchvalleyhealth.example',
    role: 'reviewer',
    password: 'Demo-Review-2026!',
    totpSecret: 'ONSWG4TFOQYTEMZU',
  },
  /** The second reviewer an approval above the policy's amount waits for. */
  secondReviewer: {
    name: 'Lee Moreno',
    email: 'lee.moreno@wasatchvalleyhealth.example',
    role: 'reviewer',
    password: 'Demo-Review2-2026!',
    totpSecret: 'NBSWY3DPO5XXE3DE',
  },
  supervisor: {
    name: 'Pat Okafor',
    email: 'pat.okafor@wasatchvalleyhealth.example',
    role: 'supervisor',
    password: 'Demo-Super-2026!',
    totpSecret: 'GEZDGNBVGY3TQOJQ',
  },
  admin: {
    name: 'Avery Lund',
    email: 'avery.lund@wasatchvalleyhealth.example',
    role: 'admin',
    password: 'Demo-Admin-2026!',
    totpSecret: 'JBSWY3DPEHPK3PXP',
  },
} as const satisfies Record<StaffRole | 'secondReviewer', DemoStaff>;

/** Demo staff ids stay the same from one load to the next, like the demo guarantors'. */
const DEMO_STAFF_ID_KEY = 'webpay-demo-staff';

/**
 * The demo staff's rows, active, with their published passwords and TOTP
 * keys; the keys are sealed under `secret` (JWT_SECRET) as enrolment would.
 */
export async function buildDemoStaff(
  secret: string,
): Promise<(typeof staffMembers.$inferInsert)[]> {
  const factors = new SecondFactors(secret);
  return Promise.all(
    Object.values(DEMO_STAFF).map(async (member: DemoStaff) => ({
      id: keyedUuid(DEMO_STAFF_ID_KEY, member.email),
      name: member.name,
      email: member.email,
      role: member.role,
      kind: 'local' as const,
      status: 'active' as const,
      passwordHash: await hashPassword(member.password),
      totpSecretSealed: factors.seal(member.totpSecret),
    })),
  );
}
