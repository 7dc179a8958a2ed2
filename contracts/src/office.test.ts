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
 * Who may do what, written out by hand (issues #23 and #27): the four first
 * roles keep the rights they had as a ladder, and the reviewer reads and
 * reviews, nothing more. Any change to a role's rights has to change this.
 */
const EXPECTED: Record<StaffRole, Record<StaffPermission, boolean>> = {
  viewer: { read: true, support: false, review: false, approve: false, administer: false },
  agent: { read: true, support: true, review: false, approve: false, administer: false },
  reviewer: { read: true, support: false, review: true, approve: false, administer: false },
  supervisor: { read: true, support: true, review: false, approve: true, administer: false },
  admin: { read: true, support: true, review: false, approve: true, administer: true },
};

const PAIRS = STAFF_ROLES.flatMap((role) =>
  STAFF_PERMISSIONS.map((permission) => [role, permission] as const),
);

describe('staff roles and permissions', () => {
  it('has the roles in single sign-on precedence order, and the five permissions', () => {
    expect(STAFF_ROLES).toEqual(['viewer', 'agent', 'reviewer', 'supervisor', 'admin']);
    expect([...STAFF_PERMISSIONS].sort()).toEqual(
      ['administer', 'approve', 'read', 'review', 'support'].sort(),
    );
    expect(PAIRS).toHaveLength(25);
  });

  it.each(PAIRS)('answers whether a %s may %s as the table says', (role, permission) => {
    expect(staffCan(role, permission)).toBe(EXPECTED[role][permission]);
  });

  it('gives review to reviewers only, and reviewers no support, approval or administration', () => {
    expect(rolesAllowedTo('review')).toEqual(['reviewer']);
    for (const permission of ['support', 'approve', 'administer'] as const) {
      expect(rolesAllowedTo(permission)).not.toContain('reviewer');
    }
  });

  it('names the roles allowed, in STAFF_ROLES order, as a refusal reports them', () => {
    expect(rolesAllowedTo('read')).toEqual(STAFF_ROLES);
    expect(rolesAllowedTo('support')).toEqual(['agent', 'supervisor', 'admin']);
    expect(rolesAllowedTo('approve')).toEqual(['supervisor', 'admin']);
    expect(rolesAllowedTo('administer')).toEqual(['admin']);
  });
});
