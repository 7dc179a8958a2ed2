import { describe, expect, it } from 'vitest';
import {
  STAFF_PERMISSIONS,
  STAFF_ROLES,
  rolesAllowedTo,
  staffCan,
  type StaffPermission,
  type StaffRole,
} from './office.ts';

/*
 * Who may do what, written out by hand (issue #23): each role has the rights
 * it had when the roles were a ladder. Any change to a role's rights has to
 * change this.
 */
const EXPECTED: Record<StaffRole, Record<StaffPermission, boolean>> = {
  viewer: { read: true, support: false, approve: false, administer: false },
  agent: { read: true, support: true, approve: false, administer: false },
  supervisor: { read: true, support: true, approve: true, administer: false },
  admin: { read: true, support: true, approve: true, administer: true },
};

const PAIRS = STAFF_ROLES.flatMap((role) =>
  STAFF_PERMISSIONS.map((permission) => [role, permission] as const),
);

describe('staff roles and permissions', () => {
  it('has the roles in single sign-on precedence order, and the four permissions', () => {
    expect(STAFF_ROLES).toEqual(['viewer', 'agent', 'supervisor', 'admin']);
    expect([...STAFF_PERMISSIONS].sort()).toEqual(['administer', 'approve', 'read', 'support']);
    expect(PAIRS).toHaveLength(16);
  });

  it.each(PAIRS)('answers whether a %s may %s as the table says', (role, permission) => {
    expect(staffCan(role, permission)).toBe(EXPECTED[role][permission]);
  });

  it('names the roles allowed, in STAFF_ROLES order, as a refusal reports them', () => {
    expect(rolesAllowedTo('read')).toEqual(STAFF_ROLES);
    expect(rolesAllowedTo('support')).toEqual(['agent', 'supervisor', 'admin']);
    expect(rolesAllowedTo('approve')).toEqual(['supervisor', 'admin']);
    expect(rolesAllowedTo('administer')).toEqual(['admin']);
  });
});
