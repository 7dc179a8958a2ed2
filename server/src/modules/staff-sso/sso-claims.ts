import { withoutControlCharacters } from '@webpay/contracts/plain-text';
import {
  SSO_ERROR_CODES,
  STAFF_ROLES,
  staffEmailSchema,
  type SsoErrorCode,
  type StaffRole,
} from '@webpay/contracts/office';

/** How the identity provider's claims become a staff member (OIDC_ROLE_CLAIM, OIDC_ROLE_MAP). */
export interface ClaimRules {
  roleClaim: string;
  roleMap: Readonly<Record<string, StaffRole>>;
}

export interface SsoIdentity {
  email: string;
  name: string;
  role: StaffRole;
  /** The claim's values, kept in the audit row of the sign-in. */
  roleValues: string[];
}

export type IdentityResult =
  | { ok: true; identity: SsoIdentity }
  | { ok: false; code: SsoErrorCode; reason: string; email?: string; roleValues?: string[] };

/** At most this many claim values are kept in an audit row; a user in hundreds of groups is no reason to bloat it. */
const AUDITED_VALUES_MAX = 20;

/** The claim's values: one string, or a list of them. A string is one value even with spaces ("Billing Agents"). */
export function claimValues(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  if (Array.isArray(value)) {
    return value.filter((item): item is string => typeof item === 'string' && item !== '');
  }
  return [];
}

/**
 * The role the claim's values map to. Someone in several mapped groups gets
 * the one latest in STAFF_ROLES (viewer, agent, reviewer, supervisor,
 * admin): a staff member has one role, and that order is the precedence.
 */
export function mappedRole(
  values: readonly string[],
  roleMap: Readonly<Record<string, StaffRole>>,
): StaffRole | undefined {
  let best: StaffRole | undefined;
  for (const value of values) {
    const role = Object.hasOwn(roleMap, value) ? roleMap[value] : undefined;
    if (role && (!best || STAFF_ROLES.indexOf(role) > STAFF_ROLES.indexOf(best))) best = role;
  }
  return best;
}

function displayName(claims: Record<string, unknown>, email: string): string {
  const parts = [claims.given_name, claims.family_name].filter(
    (part): part is string => typeof part === 'string' && part.trim() !== '',
  );
  const name =
    typeof claims.name === 'string' && claims.name.trim() ? claims.name : parts.join(' ');
  // The name reaches the console, CSV exports and audit rows: no line breaks of the provider's.
  return (withoutControlCharacters(name).trim() || email).slice(0, 200);
}

/**
 * Who the verified claims of a sign-in say the person is: a verified e-mail
 * address (email_verified must be true, not merely present) and a mapped role.
 */
export function identityFromClaims(
  claims: Record<string, unknown>,
  rules: ClaimRules,
): IdentityResult {
  const parsedEmail = staffEmailSchema.safeParse(claims.email);
  if (!parsedEmail.success) {
    return { ok: false, code: SSO_ERROR_CODES.failed, reason: 'email-missing' };
  }
  const email = parsedEmail.data;
  if (claims.email_verified !== true) {
    return {
      ok: false,
      code: SSO_ERROR_CODES.emailNotVerified,
      reason: 'email-not-verified',
      email,
    };
  }
  const roleValues = claimValues(claims[rules.roleClaim]);
  const audited = roleValues.slice(0, AUDITED_VALUES_MAX);
  const role = mappedRole(roleValues, rules.roleMap);
  if (!role) {
    return {
      ok: false,
      code: SSO_ERROR_CODES.roleNotMapped,
      reason: 'role-not-mapped',
      email,
      roleValues: audited,
    };
  }
  return {
    ok: true,
    identity: { email, name: displayName(claims, email), role, roleValues: audited },
  };
}
