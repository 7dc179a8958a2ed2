import { z } from 'zod';
import {
  OFFICE_SSO_LANDING_PATH,
  SSO_ERROR_CODES,
  type SsoErrorCode,
  type SsoStatus,
  type StaffSessionResponse,
} from '@webpay/contracts/office';
import { apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { sealText, unsealText } from '../../lib/sealed-text.ts';
import { hashToken, randomToken } from '../../lib/secrets.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { SessionOrigin, StaffRow, StaffServices } from '../staff/index.ts';
import {
  OidcUnavailableError,
  type OidcRelyingParty,
  type PendingChecks,
} from './oidc-relying-party.ts';
import { identityFromClaims, type ClaimRules, type IdentityResult } from './sso-claims.ts';
import type { StaffSsoLoginsRepository } from './staff-sso.repository.ts';

/** Where the browser goes next: the identity provider, or back to the console. */
export interface SsoRedirect {
  location: string;
  /** A new login's browser binding, for the cookie; only when leaving for the provider. */
  browserToken?: string;
}

interface Refusal {
  code: SsoErrorCode;
  reason: string;
  member?: StaffRow | undefined;
  details?: Record<string, unknown>;
}

const pendingChecksSchema = z.object({ nonce: z.string(), codeVerifier: z.string() });

/** An error's kind and words for the audit row: openid-client's name the check that failed. */
function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: 'unknown' };
  const { code } = error as { code?: unknown };
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return {
    error: error.name,
    ...(typeof code === 'string' ? { errorCode: code } : {}),
    message: [error.message, cause].filter(Boolean).join(': ').slice(0, 300),
  };
}

function landing(result: { grant: string } | { error: SsoErrorCode }): string {
  return `${OFFICE_SSO_LANDING_PATH}?${new URLSearchParams(result).toString()}`;
}

function claimedSubject(claims: Record<string, unknown>): string | undefined {
  return typeof claims.sub === 'string' ? claims.sub.slice(0, 255) : undefined;
}

/**
 * Single sign-on for billing staff (decision 0024): out to the identity
 * provider, back with a code that is redeemed and checked here, and on to
 * the console with a one-time grant it exchanges for a staff session.
 */
export class StaffSso {
  constructor(
    private readonly relyingParty: OidcRelyingParty | undefined,
    private readonly options: ClaimRules & { label: string | undefined; sealKey: string },
    private readonly logins: StaffSsoLoginsRepository,
    private readonly staff: Pick<StaffServices, 'members' | 'sessions'>,
    private readonly audit: AuditRepository,
  ) {}

  status(): SsoStatus {
    return {
      enabled: this.relyingParty !== undefined,
      label: this.relyingParty ? (this.options.label ?? null) : null,
    };
  }

  private requireEnabled(): OidcRelyingParty {
    if (!this.relyingParty) throw apiErrors.notFound((m) => m.ssoNotConfigured);
    return this.relyingParty;
  }

  /** A new login kept server-side for 10 minutes, and the provider's sign-in page to go to. */
  async start(context: RequestContext): Promise<SsoRedirect> {
    const relyingParty = this.requireEnabled();
    let request;
    try {
      request = await relyingParty.authorizationRequest();
    } catch (error) {
      if (!(error instanceof OidcUnavailableError)) throw error;
      const code = SSO_ERROR_CODES.unavailable;
      return {
        location: await this.refuse(context, {
          code,
          reason: 'provider-unreachable',
          details: describeError(error),
        }),
      };
    }
    const browserToken = randomToken();
    await this.logins.deleteEnded();
    await this.logins.create({
      stateHash: hashToken(request.state),
      browserHash: hashToken(browserToken),
      checksSealed: sealText(this.options.sealKey, JSON.stringify(request.checks)),
    });
    return { location: request.url.href, browserToken };
  }

  /**
   * The provider's redirect back. Its state must be a pending login of this
   * browser, used once; then the code is redeemed and the claims checked.
   * Answers the console's page, with a grant or the reason for refusing.
   */
  async callback(
    query: string,
    browserToken: string | undefined,
    context: RequestContext,
  ): Promise<string> {
    const relyingParty = this.requireEnabled();
    const params = new URLSearchParams(query);
    const state = params.get('state');
    if (!state) {
      return this.refuse(context, { code: SSO_ERROR_CODES.failed, reason: 'state-missing' });
    }
    const stateHash = hashToken(state);
    const login = browserToken
      ? await this.logins.claimState(stateHash, hashToken(browserToken))
      : undefined;
    if (!login) return this.refuseUnclaimed(context, stateHash, browserToken !== undefined);
    const providerError = params.get('error');
    if (providerError !== null) {
      const code =
        providerError === 'access_denied' ? SSO_ERROR_CODES.cancelled : SSO_ERROR_CODES.failed;
      const details = { error: providerError.slice(0, 100) };
      return this.refuse(context, { code, reason: 'provider-error', details });
    }
    const checks: PendingChecks = pendingChecksSchema.parse(
      JSON.parse(unsealText(this.options.sealKey, login.checksSealed)),
    );
    let claims;
    try {
      claims = await relyingParty.verifiedClaims(query, state, checks, [
        'email',
        'email_verified',
        this.options.roleClaim,
      ]);
    } catch (error) {
      const code =
        error instanceof OidcUnavailableError
          ? SSO_ERROR_CODES.unavailable
          : SSO_ERROR_CODES.failed;
      return this.refuse(context, {
        code,
        reason: 'provider-answer-refused',
        details: describeError(error),
      });
    }
    const subject = claimedSubject(claims);
    return this.admit(context, stateHash, identityFromClaims(claims, this.options), subject);
  }

  private async refuseUnclaimed(
    context: RequestContext,
    stateHash: string,
    hadCookie: boolean,
  ): Promise<string> {
    const why = await this.logins.whyUnclaimed(stateHash);
    const reason = why === 'other-browser' && !hadCookie ? 'no-browser-cookie' : why;
    const code =
      reason === 'state-used' || reason === 'state-expired'
        ? SSO_ERROR_CODES.expired
        : SSO_ERROR_CODES.failed;
    return this.refuse(context, { code, reason });
  }

  /** The staff member the verified claims name, with the role they map to, if they may sign in. */
  private async admit(
    context: RequestContext,
    stateHash: string,
    result: IdentityResult,
    subject: string | undefined,
  ): Promise<string> {
    if (!result.ok) {
      const { code, reason, email, roleValues } = result;
      return this.refuse(context, { code, reason, details: { email, roleValues, subject } });
    }
    const { identity } = result;
    const details = { email: identity.email, roleValues: identity.roleValues, subject };
    const member = await this.staff.members.findOrCreateSso(
      identity.email,
      identity.name,
      identity.role,
    );
    if (member.kind !== 'sso') {
      return this.refuse(context, {
        code: SSO_ERROR_CODES.localAccount,
        reason: 'local-account',
        member,
        details,
      });
    }
    if (member.status !== 'active') {
      const reason = `staff-${member.status}`;
      return this.refuse(context, { code: SSO_ERROR_CODES.staffDisabled, reason, member, details });
    }
    if (member.role !== identity.role) await this.changeRole(context, member, identity.role);
    const grant = randomToken();
    await this.logins.attachGrant(stateHash, member.id, hashToken(grant));
    await this.audit.record(context, {
      action: 'staff.sso-sign-in',
      outcome: 'success',
      actorType: 'staff',
      actorId: member.id,
      targetType: 'staff',
      targetId: member.id,
      details: { ...details, role: identity.role },
    });
    return landing({ grant });
  }

  /** The role follows the identity provider's claim at every sign-in. */
  private async changeRole(
    context: RequestContext,
    member: StaffRow,
    role: StaffRow['role'],
  ): Promise<void> {
    await this.staff.members.setSsoRole(member.id, role);
    await this.audit.record(context, {
      action: 'staff.role-change',
      outcome: 'success',
      actorType: 'system',
      targetType: 'staff',
      targetId: member.id,
      details: { from: member.role, to: role, source: 'identity-provider' },
    });
  }

  private async refuse(context: RequestContext, refusal: Refusal): Promise<string> {
    const { member } = refusal;
    await this.audit.record(context, {
      action: 'staff.sso-sign-in',
      outcome: 'failure',
      actorType: member ? 'staff' : 'anonymous',
      actorId: member?.id ?? null,
      targetType: member ? 'staff' : null,
      targetId: member?.id ?? null,
      details: { reason: refusal.reason, code: refusal.code, ...refusal.details },
    });
    return landing({ error: refusal.code });
  }

  /** The console's one-time grant for a session with method 'sso'; a grant works once, for 60 seconds. */
  async exchange(grant: string, origin: SessionOrigin): Promise<StaffSessionResponse> {
    this.requireEnabled();
    const staffId = await this.logins.claimGrant(hashToken(grant));
    const member = staffId ? await this.staff.members.findById(staffId) : undefined;
    if (!member || member.status !== 'active') {
      await this.audit.record(origin.context, {
        action: 'staff.sso-exchange',
        outcome: 'failure',
        actorType: member ? 'staff' : 'anonymous',
        actorId: member?.id ?? null,
        targetType: member ? 'staff' : null,
        targetId: member?.id ?? null,
        details: { reason: member ? `staff-${member.status}` : 'grant-unknown-used-or-expired' },
      });
      throw apiErrors.unauthorized((m) => m.ssoGrantInvalid);
    }
    return this.staff.sessions.issueSession(member, 'sso', origin, { via: 'sso-grant' });
  }
}
