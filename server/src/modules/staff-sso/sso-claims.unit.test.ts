import { describe, expect, it } from 'vitest';
import { SSO_ERROR_CODES } from '@webpay/contracts/office';
import { claimValues, identityFromClaims, mappedRole } from './sso-claims.ts';

const rules = {
  roleClaim: 'webpay_role',
  roleMap: {
    'billing-viewers': 'viewer',
    'billing-agents': 'agent',
    'fa-reviewers': 'reviewer',
    'billing-supervisors': 'supervisor',
    'webpay-admins': 'admin',
  },
} as const;

const verified = {
  sub: 'abc',
  email: 'Ana@Hospital.example',
  email_verified: true,
  name: 'Ana Reyes',
};

describe('claimValues', () => {
  it('takes one string as one value, spaces and all', () => {
    expect(claimValues('Billing Agents')).toEqual(['Billing Agents']);
  });

  it('keeps the strings of a list and drops anything else', () => {
    expect(claimValues(['a', 3, '', null, 'b'])).toEqual(['a', 'b']);
  });

  it('finds no value in a missing or odd claim', () => {
    expect(claimValues(undefined)).toEqual([]);
    expect(claimValues({ role: 'admin' })).toEqual([]);
    expect(claimValues('')).toEqual([]);
  });
});

describe('mappedRole', () => {
  it('gives the role latest in STAFF_ROLES of the mapped values', () => {
    expect(mappedRole(['billing-viewers', 'webpay-admins', 'billing-agents'], rules.roleMap)).toBe(
      'admin',
    );
    expect(mappedRole(['billing-agents', 'fa-reviewers'], rules.roleMap)).toBe('reviewer');
    expect(mappedRole(['fa-reviewers', 'billing-supervisors'], rules.roleMap)).toBe('supervisor');
  });

  it('ignores values that are not mapped, and inherited object keys', () => {
    expect(mappedRole(['toString', 'constructor', 'staff'], rules.roleMap)).toBeUndefined();
  });
});

describe('identityFromClaims', () => {
  it('answers the lower-cased verified address, the name and the mapped role', () => {
    expect(identityFromClaims({ ...verified, webpay_role: 'billing-agents' }, rules)).toEqual({
      ok: true,
      identity: {
        email: 'ana@hospital.example',
        name: 'Ana Reyes',
        role: 'agent',
        roleValues: ['billing-agents'],
      },
    });
  });

  it('refuses an address not verified, or "verified" as a string', () => {
    for (const flag of [false, undefined, 'true']) {
      const result = identityFromClaims(
        { ...verified, email_verified: flag, webpay_role: 'billing-agents' },
        rules,
      );
      expect(result).toMatchObject({ ok: false, code: SSO_ERROR_CODES.emailNotVerified });
    }
  });

  it('refuses claims without a usable address', () => {
    const result = identityFromClaims({ ...verified, email: 'not an address' }, rules);
    expect(result).toMatchObject({ ok: false, reason: 'email-missing' });
  });

  it('refuses unmapped values and says which ones came', () => {
    const result = identityFromClaims({ ...verified, webpay_role: ['staff', 'radiology'] }, rules);
    expect(result).toEqual({
      ok: false,
      code: SSO_ERROR_CODES.roleNotMapped,
      reason: 'role-not-mapped',
      email: 'ana@hospital.example',
      roleValues: ['staff', 'radiology'],
    });
  });

  it('reads the role from the configured claim', () => {
    const result = identityFromClaims(
      { ...verified, groups: ['webpay-admins'] },
      { ...rules, roleClaim: 'groups' },
    );
    expect(result).toMatchObject({ ok: true, identity: { role: 'admin' } });
  });

  it('falls back to given and family names, then the address, for the name', () => {
    const named = identityFromClaims(
      {
        ...verified,
        name: undefined,
        given_name: 'Ana',
        family_name: 'Reyes',
        webpay_role: 'billing-viewers',
      },
      rules,
    );
    expect(named).toMatchObject({ identity: { name: 'Ana Reyes' } });
    const unnamed = identityFromClaims(
      { ...verified, name: ' ', webpay_role: 'billing-viewers' },
      rules,
    );
    expect(unnamed).toMatchObject({ identity: { name: 'ana@hospital.example' } });
  });

  it('makes a name with control characters fit for a text field', () => {
    const result = identityFromClaims(
      { ...verified, name: 'Ana\r\nBcc: x', webpay_role: 'billing-viewers' },
      rules,
    );
    expect(result).toMatchObject({ identity: { name: 'Ana Bcc: x' } });
  });
});
